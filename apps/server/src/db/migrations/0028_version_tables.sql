-- An earlier version keeps its Data API (issue 34): when an edit replaces or removes a file
-- that holds a loaded table, its data_tables rows move from the file to the version (see
-- features/history/record.ts), read only. The version's cascade (retention, purge, the
-- document's deletion) and the trigger of 0022 then drop the physical table.
alter table data_tables alter column file_id drop not null;
alter table data_tables
  add column version_id uuid references document_versions (id) on delete cascade;
alter table data_tables
  add constraint data_tables_one_owner check (num_nonnulls(file_id, version_id) = 1);
alter table data_tables
  add constraint data_tables_version_sheet unique (version_id, sheet_index);
