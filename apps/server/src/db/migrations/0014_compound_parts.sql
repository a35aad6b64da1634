-- Dutch decompounding (issue 16): a document keeps the parts of the compound words of its
-- title, and of its theme names and description, as the server split them with OpenTaal's
-- dictionary (features/documents/compounds.ts): `Overheidsfinanciën` gives `overheid financien`.
-- They enter the search vector at lower weights than the words themselves (search-index.ts).
-- Null: not split yet. SQL cannot split, so the server fills in the documents of an older
-- database at start-up (`indexUnsplitDocuments`), and every refresh of a document sets them.
alter table documents
  add column title_parts text,
  add column text_parts text;

-- The typo vocabulary counts the parts too: a query for `financien` is then not 'corrected'
-- when only `overheidsfinancien` is written whole. The parts come from the same title,
-- theme names and description, so they reveal nothing the vocabulary did not hold already,
-- and the triggers still count published documents only.
create or replace function portal_document_words(
  title text, description text, theme_names text[], file_text text,
  title_parts text, text_parts text
) returns setof text
  language sql immutable parallel safe
  as $$
    select distinct w.word
      from regexp_split_to_table(
             public.portal_normalize(title || ' ' || description || ' ' ||
               array_to_string(theme_names, ' ') || ' ' || left(file_text, 100000) || ' ' ||
               coalesce(title_parts, '') || ' ' || coalesce(text_parts, '')),
             '[^[:alnum:]]+') as w(word)
     where char_length(w.word) between 2 and 40
  $$;

-- As in migration 0010, with the parts among the words and among what counts as a change.
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
                     portal_document_words(d.title, d.description, d.theme_names, d.file_text,
                                           d.title_parts, d.text_parts) w(word)
               where d.status = 'goedgekeurd' and d.deleted_at is null
               group by w.word) x;
    elsif tg_op = 'DELETE' then
      select array_agg(x.word), array_agg(x.delta) into words, deltas
        from (select w.word, -count(*)::integer as delta
                from old_rows d,
                     portal_document_words(d.title, d.description, d.theme_names, d.file_text,
                                           d.title_parts, d.text_parts) w(word)
               where d.status = 'goedgekeurd' and d.deleted_at is null
               group by w.word) x;
    else
      select array_agg(x.word), array_agg(x.delta) into words, deltas
        from (select w.word, sum(c.sign)::integer as delta
                from old_rows o
                join new_rows n on n.id = o.id
                cross join lateral (
                  select -1 as sign, o.title, o.description, o.theme_names, o.file_text,
                         o.title_parts, o.text_parts
                   where o.status = 'goedgekeurd' and o.deleted_at is null
                  union all
                  select 1, n.title, n.description, n.theme_names, n.file_text,
                         n.title_parts, n.text_parts
                   where n.status = 'goedgekeurd' and n.deleted_at is null
                ) c
                cross join lateral
                  portal_document_words(c.title, c.description, c.theme_names, c.file_text,
                                        c.title_parts, c.text_parts) w(word)
               where (o.status = 'goedgekeurd' and o.deleted_at is null)
                       is distinct from (n.status = 'goedgekeurd' and n.deleted_at is null)
                  or (o.title, o.description, o.theme_names, o.file_text, o.title_parts, o.text_parts)
                       is distinct from
                     (n.title, n.description, n.theme_names, n.file_text, n.title_parts, n.text_parts)
               group by w.word
              having sum(c.sign) <> 0) x;
    end if;
    if words is not null then
      perform portal_add_search_words(words, deltas);
    end if;
    return null;
  end
  $$;

drop function portal_document_words(text, text, text[], text);

-- No recount: every document's parts are null yet, so its words are those already counted;
-- filling in the parts adds theirs through the update trigger.
