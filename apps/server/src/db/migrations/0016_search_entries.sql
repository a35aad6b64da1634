-- Search at 100,000 documents (issue 16, docs/search.md "Speed").
--
-- 1. `search_entries`: one narrow row per live (not deleted) document with only what a search
--    reads: who may see it, its facets as small integer ids, its date and rating, and its
--    search vector, with its own GIN indexes. `documents` is 160 MB at 100,000 rows and does
--    not stay in PostgreSQL's buffer cache; this table is 70 MB and does, and a broad query
--    groups integers instead of arrays and names.
-- 2. `search_state.version`: a number every transaction that changes what a search can
--    answer moves on once, so a node may keep facet counts and answers until it changes.
--
-- Triggers on `documents` keep both right whatever changes a document (as the search words
-- of migration 0010): the code that writes documents needs to know nothing about them.

-- A document's content type, source and Woo category: one row per combination ever seen.
create table search_kinds (
  id integer generated always as identity primary key,
  content_type_id integer not null references content_types (id),
  source_id integer not null references sources (id),
  woo_category text,
  unique nulls not distinct (content_type_id, source_id, woo_category)
);

-- A document's themes, as the sorted names of `documents.theme_names`: documents share few
-- combinations, so the theme facet counts combinations and splits them into names after.
create table search_theme_sets (
  id integer generated always as identity primary key,
  names text[] not null unique
);

create table search_entries (
  document_id uuid primary key references documents (id) on delete cascade,
  -- As features/documents/visibility.ts: approved. Deleted documents have no entry.
  public boolean not null,
  owner_id text,
  kind_id integer not null references search_kinds (id),
  theme_set_id integer not null references search_theme_sets (id),
  label_names text[] not null,
  document_date date not null,
  rating_avg real,
  rating_count integer not null,
  search_vector tsvector not null
);

create index search_entries_public_text on search_entries using gin (search_vector) where public;
create index search_entries_text on search_entries using gin (search_vector);
-- Browsing without text: the newest page straight from the index.
create index search_entries_public_newest on search_entries (document_date desc, document_id)
  where public;
create index search_entries_owner on search_entries (owner_id) where not public;

-- What an entry is made of: the columns of `documents` it copies (not the texts, which can
-- be long: an array of whole rows of a bulk statement would hold all their file text).
create type search_entry_source as (
  id uuid,
  status text,
  deleted_at timestamptz,
  owner_id text,
  content_type_id integer,
  source_id integer,
  woo_category text,
  theme_names text[],
  label_names text[],
  document_date date,
  rating_avg real,
  rating_count integer,
  search_vector tsvector
);

-- Writes the entries of the given documents (their new state): live ones are inserted or
-- updated, deleted ones removed. An update that changes none of the entry's columns (a
-- title, a modification time) writes nothing.
create or replace function portal_write_search_entries(changed search_entry_source[]) returns void
  language plpgsql
  as $$
  begin
    insert into search_kinds (content_type_id, source_id, woo_category)
    select distinct r.content_type_id, r.source_id, r.woo_category
      from unnest(changed) r
     where r.deleted_at is null
    on conflict do nothing;
    insert into search_theme_sets (names)
    select distinct r.theme_names from unnest(changed) r where r.deleted_at is null
    on conflict do nothing;
    insert into search_entries as e (document_id, public, owner_id, kind_id, theme_set_id,
                                     label_names, document_date, rating_avg, rating_count,
                                     search_vector)
    select r.id, r.status = 'goedgekeurd', r.owner_id, k.id, t.id, r.label_names,
           r.document_date, r.rating_avg, r.rating_count, r.search_vector
      from unnest(changed) r
      join search_kinds k
        on k.content_type_id = r.content_type_id and k.source_id = r.source_id
       and k.woo_category is not distinct from r.woo_category
      join search_theme_sets t on t.names = r.theme_names
     where r.deleted_at is null
     order by r.id
    on conflict (document_id) do update
       set public = excluded.public, owner_id = excluded.owner_id, kind_id = excluded.kind_id,
           theme_set_id = excluded.theme_set_id, label_names = excluded.label_names,
           document_date = excluded.document_date, rating_avg = excluded.rating_avg,
           rating_count = excluded.rating_count, search_vector = excluded.search_vector
     where (e.public, e.owner_id, e.kind_id, e.theme_set_id, e.label_names, e.document_date,
            e.rating_avg, e.rating_count, e.search_vector)
           is distinct from
           (excluded.public, excluded.owner_id, excluded.kind_id, excluded.theme_set_id,
            excluded.label_names, excluded.document_date, excluded.rating_avg,
            excluded.rating_count, excluded.search_vector);
    delete from search_entries e
     using unnest(changed) r
     where e.document_id = r.id and r.deleted_at is not null;
  end
  $$;

-- One statement-level trigger per event, with the statement's new rows, so a bulk import
-- writes its entries once per statement. A purged document's entry goes with it (on delete
-- cascade).
create or replace function documents_sync_search_entries() returns trigger
  language plpgsql
  as $$
  begin
    perform portal_write_search_entries(array(
      select row(d.id, d.status, d.deleted_at, d.owner_id, d.content_type_id, d.source_id,
                 d.woo_category, d.theme_names, d.label_names, d.document_date, d.rating_avg,
                 d.rating_count, d.search_vector)::search_entry_source
        from new_rows d));
    return null;
  end
  $$;

create trigger documents_search_entries_insert after insert on documents
  referencing new table as new_rows
  for each statement execute function documents_sync_search_entries();
create trigger documents_search_entries_update after update on documents
  referencing new table as new_rows
  for each statement execute function documents_sync_search_entries();

-- The entries of the documents there are, 10,000 at a time.
do $$
  declare
    batch search_entry_source[];
  begin
    for batch in
      select array_agg(row(d.id, d.status, d.deleted_at, d.owner_id, d.content_type_id,
                           d.source_id, d.woo_category, d.theme_names, d.label_names,
                           d.document_date, d.rating_avg, d.rating_count,
                           d.search_vector)::search_entry_source)
        from (select *, (row_number() over (order by id) - 1) / 10000 as part
                from documents where deleted_at is null) d
       group by d.part
    loop
      perform portal_write_search_entries(batch);
    end loop;
  end
$$;

-- The feeds and the search now match against `search_entries`; these were their indexes.
drop index documents_search_public;
drop index documents_search_all;

-- The catalogue's version. Every transaction that changes documents or the vocabularies a
-- search reads (their names, the thesaurus) moves it on once, at its commit: a deferred
-- trigger, so a long transaction (a harvest run) holds the row for a moment at its end and
-- does not keep others waiting. Read in the same snapshot as the data, it names exactly the
-- changes that snapshot sees.
create table search_state (
  singleton boolean primary key default true check (singleton),
  version bigint not null
);
insert into search_state (version) values (1);

create or replace function portal_bump_search_version() returns trigger
  language plpgsql
  as $$
  begin
    -- Once per transaction: the setting is local to it.
    if current_setting('portal.search_version_bumped', true) is distinct from 'on' then
      update search_state set version = version + 1;
      perform set_config('portal.search_version_bumped', 'on', true);
    end if;
    return null;
  end
  $$;

create constraint trigger documents_search_version after insert or update or delete on documents
  deferrable initially deferred for each row execute function portal_bump_search_version();
create constraint trigger themes_search_version after insert or update or delete on themes
  deferrable initially deferred for each row execute function portal_bump_search_version();
create constraint trigger theme_terms_search_version after insert or update or delete on theme_terms
  deferrable initially deferred for each row execute function portal_bump_search_version();
create constraint trigger content_types_search_version after insert or update or delete on content_types
  deferrable initially deferred for each row execute function portal_bump_search_version();
create constraint trigger sources_search_version after insert or update or delete on sources
  deferrable initially deferred for each row execute function portal_bump_search_version();

-- A truncate fires no row triggers (tests empty tables so).
create or replace function portal_bump_search_version_now() returns trigger
  language plpgsql
  as $$
  begin
    update search_state set version = version + 1;
    return null;
  end
  $$;
create trigger documents_search_version_truncate after truncate on documents
  for each statement execute function portal_bump_search_version_now();
create trigger theme_terms_search_version_truncate after truncate on theme_terms
  for each statement execute function portal_bump_search_version_now();
