-- Tables you can query (issue 31): every file that holds a table is loaded into a typed table
-- of its own in schema `tables`; `data_tables` says which, how far the load got, and holds
-- the Table Schema, the quality report and the owner's data dictionary.
create schema if not exists tables;

create table data_tables (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references document_files (id) on delete cascade,
  -- Position of the sheet in a workbook (0 for a file without sheets). Row 0 always exists
  -- from the moment the load is queued: it carries the load's status and its lease.
  sheet_index integer not null default 0 check (sheet_index >= 0),
  sheet text check (char_length(sheet) <= 1000),
  load_status text not null default 'wachtend'
    check (load_status in ('wachtend', 'bezig', 'geladen', 'mislukt')),
  reason text,
  row_count bigint not null default 0 check (row_count >= 0),
  schema jsonb,
  report jsonb,
  -- Per field name: the owner's { title, description, unit, type }.
  dictionary jsonb not null default '{}',
  -- The loaded table, tables.<physical_table>; never a user's text (t_ and 32 hex digits).
  physical_table text check (physical_table ~ '^t_[0-9a-f]{32}$'),
  -- Which load holds the file now, until when (two nodes never load one file at once).
  lease_by text,
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  loaded_at timestamptz,
  unique (file_id, sheet_index)
);

-- A metadata row gone (its file replaced, deleted, purged: the cascade) or pointing at a new
-- table (a reload) takes its old table with it, so no table is ever left behind.
create or replace function portal_drop_data_table() returns trigger
  language plpgsql as $$
begin
  if old.physical_table is not null
     and (tg_op = 'DELETE' or old.physical_table is distinct from new.physical_table) then
    execute format('drop table if exists tables.%I', old.physical_table);
  end if;
  return null;
end
$$;

create trigger data_tables_drop after update of physical_table or delete on data_tables
  for each row execute function portal_drop_data_table();

-- Files stored before tables existed are loaded too (the job kind of features/tables).
with tabular as (
  select f.id from document_files f join documents d on d.id = f.document_id
   where d.deleted_at is null
     and lower(split_part(f.media_type, ';', 1)) in ('text/csv', 'text/tab-separated-values',
       'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
       'application/vnd.oasis.opendocument.spreadsheet', 'application/json', 'application/geo+json')
), queued as (
  insert into data_tables (file_id) select id from tabular
)
insert into jobs (kind, payload, max_attempts)
select 'load-tables', jsonb_build_object('fileId', id), 3 from tabular;
