-- A document's history (issue 34): a file that is replaced or removed stays stored as an
-- earlier version of its document, and every edit leaves a dated change. Both are public
-- only once the document has been published (approved) after them: changed_at or
-- replaced_at at or before documents.published_at (docs/api.md, "Geschiedenis").
create table document_versions (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  -- Per document, 1 for the first file let go; a counter, not a position.
  version integer not null check (version >= 1),
  file_name text not null check (char_length(file_name) between 1 and 255 and file_name !~ '[/\\]'),
  media_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  -- When the file was first stored, and when an edit replaced or removed it.
  created_at timestamptz not null,
  replaced_at timestamptz not null default now(),
  replaced_by text references employees (id) on delete set null,
  unique (document_id, version)
);
create index document_versions_sha on document_versions (sha256);
create index document_versions_replaced on document_versions (replaced_at);

create table document_changes (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  changed_at timestamptz not null default now(),
  changed_by text references employees (id) on delete set null,
  -- The metadata fields whose value changed, by their API name (title, description, ...).
  fields text[] not null default '{}',
  -- [{ fileName, size }] each; a replaced file is one removed and one added with the same name.
  files_added jsonb not null default '[]',
  files_removed jsonb not null default '[]'
);
create index document_changes_document on document_changes (document_id, changed_at);
