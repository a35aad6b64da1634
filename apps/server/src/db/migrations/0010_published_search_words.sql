-- The typo-correction vocabulary holds the words of published documents only (issue 13).
-- It used to collect the words of every document ever saved, so whether the public search
-- corrected a made-up word told whether an unpublished upload contained it. Now each word
-- counts the published documents (approved, not deleted; as features/documents/visibility.ts)
-- that contain it, and triggers on `documents` keep the counts right whatever changes a
-- document: approval, disapproval, an edit, deletion, restore, purge, themes or file text.
-- The code that makes those changes needs to know nothing about it.

-- A document's vocabulary words: its normalised title, description, theme names and the
-- indexed part of its file text (the 100,000 characters of search-index.ts), split into
-- runs of letters and digits of 2 to 40 characters. Not strict, so the planner can inline it.
create or replace function portal_document_words(
  title text, description text, theme_names text[], file_text text
) returns setof text
  language sql immutable parallel safe
  as $$
    select distinct w.word
      from regexp_split_to_table(
             public.portal_normalize(title || ' ' || description || ' ' ||
               array_to_string(theme_names, ' ') || ' ' || left(file_text, 100000)),
             '[^[:alnum:]]+') as w(word)
     where char_length(w.word) between 2 and 40
  $$;

-- Adds deltas to word counts and drops the words no published document has any more.
-- Rows are locked in one fixed order (byte order of the word), so two statements changing
-- the counts of the same words wait for each other instead of deadlocking. (A transaction
-- that writes documents in several statements, like an import batch, can still meet another
-- in opposite orders; PostgreSQL then aborts one of them, and an import writes that batch
-- again item by item.)
create or replace function portal_add_search_words(words text[], deltas integer[]) returns void
  language plpgsql
  as $$
  declare
    emptied text[];
  begin
    with changed as (
      insert into search_words as s (word, documents)
      select d.word, d.delta
        from unnest(words, deltas) as d(word, delta)
       where d.delta <> 0
       order by d.word collate "C"
      on conflict (word) do update set documents = s.documents + excluded.documents
      returning s.word, s.documents
    )
    select array_agg(word) into emptied from changed where documents <= 0;
    if emptied is not null then
      delete from search_words where word = any (emptied);
    end if;
  end
  $$;

-- One statement-level trigger per event, with the statement's old and new rows, so a bulk
-- import or seeding (thousands of rows per statement) updates each word once per statement
-- rather than once per row. A row adds its words while published and takes them away when
-- it stops being published or its text changes; updates that change neither (ratings,
-- search vector, dates) cost a comparison per row.
create or replace function documents_sync_search_words() returns trigger
  language plpgsql
  as $$
  declare
    words text[];
    deltas integer[];
  begin
    if tg_op = 'INSERT' then
      select array_agg(x.word), array_agg(x.delta) into words, deltas
        from (select w.word, count(*)::integer as delta
                from new_rows d,
                     portal_document_words(d.title, d.description, d.theme_names, d.file_text) w(word)
               where d.status = 'goedgekeurd' and d.deleted_at is null
               group by w.word) x;
    elsif tg_op = 'DELETE' then
      select array_agg(x.word), array_agg(x.delta) into words, deltas
        from (select w.word, -count(*)::integer as delta
                from old_rows d,
                     portal_document_words(d.title, d.description, d.theme_names, d.file_text) w(word)
               where d.status = 'goedgekeurd' and d.deleted_at is null
               group by w.word) x;
    else
      select array_agg(x.word), array_agg(x.delta) into words, deltas
        from (select w.word, sum(c.sign)::integer as delta
                from old_rows o
                join new_rows n on n.id = o.id
                cross join lateral (
                  select -1 as sign, o.title, o.description, o.theme_names, o.file_text
                   where o.status = 'goedgekeurd' and o.deleted_at is null
                  union all
                  select 1, n.title, n.description, n.theme_names, n.file_text
                   where n.status = 'goedgekeurd' and n.deleted_at is null
                ) c
                cross join lateral
                  portal_document_words(c.title, c.description, c.theme_names, c.file_text) w(word)
               where (o.status = 'goedgekeurd' and o.deleted_at is null)
                       is distinct from (n.status = 'goedgekeurd' and n.deleted_at is null)
                  or (o.title, o.description, o.theme_names, o.file_text)
                       is distinct from (n.title, n.description, n.theme_names, n.file_text)
               group by w.word
              having sum(c.sign) <> 0) x;
    end if;
    if words is not null then
      perform portal_add_search_words(words, deltas);
    end if;
    return null;
  end
  $$;

create trigger documents_search_words_insert after insert on documents
  referencing new table as new_rows
  for each statement execute function documents_sync_search_words();
create trigger documents_search_words_update after update on documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function documents_sync_search_words();
create trigger documents_search_words_delete after delete on documents
  referencing old table as old_rows
  for each statement execute function documents_sync_search_words();

-- Without documents there are no words (a truncate fires no delete trigger).
create or replace function documents_clear_search_words() returns trigger
  language plpgsql
  as $$
  begin
    delete from search_words;
    return null;
  end
  $$;
create trigger documents_search_words_truncate after truncate on documents
  for each statement execute function documents_clear_search_words();

-- The vocabulary again, from the published documents only, now with counts.
delete from search_words;
alter table search_words add column documents integer not null;
insert into search_words (word, documents)
select w.word, count(*)::integer
  from documents d,
       portal_document_words(d.title, d.description, d.theme_names, d.file_text) w(word)
 where d.status = 'goedgekeurd' and d.deleted_at is null
 group by w.word;
