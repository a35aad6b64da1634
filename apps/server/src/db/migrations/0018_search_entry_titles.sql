-- Titles in the search entries, for the search bar's suggestions from the entries a node keeps
-- in memory (features/search/memory/titles.ts, docs/search.md "In memory").
--
-- A node reads an entry again only when its `written_xid` moves (migration 0017), and the
-- upsert of migration 0016 writes an entry only when one of its columns changes. A changed
-- title does not always change the search vector (a change of case, accents or punctuation,
-- or a word that stems to the same lexeme), so the title becomes a column of the entry: a
-- changed title then rewrites it, and the node reads it without joining `documents`, which
-- does not stay in the buffer cache (migration 0016).

-- Filled without stamping: nodes of the previous version, which hold the entries in memory
-- but no titles, need not read every entry again; a node of this version builds its index
-- after the migration (main.ts), from every entry.
alter table search_entries add column title text;
alter table search_entries disable trigger search_entries_stamp;
update search_entries se set title = d.title from documents d where d.id = se.document_id;
alter table search_entries enable trigger search_entries_stamp;
alter table search_entries alter column title set not null;

alter type search_entry_source add attribute title text;

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
                                     search_vector, title)
    select r.id, r.status = 'goedgekeurd', r.owner_id, k.id, t.id, r.label_names,
           r.document_date, r.rating_avg, r.rating_count, r.search_vector, r.title
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
           rating_count = excluded.rating_count, search_vector = excluded.search_vector,
           title = excluded.title
     where (e.public, e.owner_id, e.kind_id, e.theme_set_id, e.label_names, e.document_date,
            e.rating_avg, e.rating_count, e.search_vector, e.title)
           is distinct from
           (excluded.public, excluded.owner_id, excluded.kind_id, excluded.theme_set_id,
            excluded.label_names, excluded.document_date, excluded.rating_avg,
            excluded.rating_count, excluded.search_vector, excluded.title);
    delete from search_entries e
     using unnest(changed) r
     where e.document_id = r.id and r.deleted_at is not null;
  end
  $$;

create or replace function documents_sync_search_entries() returns trigger
  language plpgsql
  as $$
  begin
    perform portal_write_search_entries(array(
      select row(d.id, d.status, d.deleted_at, d.owner_id, d.content_type_id, d.source_id,
                 d.woo_category, d.theme_names, d.label_names, d.document_date, d.rating_avg,
                 d.rating_count, d.search_vector, d.title)::search_entry_source
        from new_rows d));
    return null;
  end
  $$;
