-- What changed in `search_entries` since a point in time, so a node can keep the entries in
-- memory and follow every change (features/search/memory, docs/search.md "In memory").
--
-- A point in time is a snapshot's xmin: every transaction that snapshot did not see has an
-- id at least as high. A node that read the entries in a snapshot S reads afterwards what
-- transactions with an id >= S's xmin wrote or removed: some again, none missed.

-- The transaction that last wrote the entry (the upsert skips unchanged rows, so this
-- moves only when the entry does).
alter table search_entries add column written_xid xid8 not null default pg_current_xact_id();
create index search_entries_written on search_entries (written_xid);

create or replace function portal_stamp_search_entry() returns trigger
  language plpgsql
  as $$
  begin
    new.written_xid := pg_current_xact_id();
    return new;
  end
  $$;

create trigger search_entries_stamp before insert or update on search_entries
  for each row execute function portal_stamp_search_entry();

-- Entries removed (a deleted or purged document), for the nodes still holding them. Kept a
-- week (maintenance); a node that has not caught up for a day reads everything again.
create table search_entry_removals (
  document_id uuid not null,
  removed_xid xid8 not null default pg_current_xact_id(),
  removed_at timestamptz not null default now()
);
create index search_entry_removals_xid on search_entry_removals (removed_xid);
create index search_entry_removals_at on search_entry_removals (removed_at);

create or replace function portal_record_search_removals() returns trigger
  language plpgsql
  as $$
  begin
    insert into search_entry_removals (document_id) select document_id from old_rows;
    return null;
  end
  $$;

create trigger search_entries_removed after delete on search_entries
  referencing old table as old_rows
  for each statement execute function portal_record_search_removals();
