-- The personal-data check (issue 32): per document and per file whether it was scanned, the
-- findings (masked: the full value is never stored) and the judgements of owners and admins.

-- One row for a document's title and description (file_id null) and one per file. A row
-- 'pending' means a scan is on its way; 'failed' says why the part could not be checked,
-- which an admin must then review explicitly before the document may be approved.
create table privacy_scans (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  file_id uuid references document_files (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  reason text check (char_length(reason) <= 500),
  -- Counts the requests for the title and description, so a scan of an older text does not
  -- overwrite the findings of a newer one.
  generation integer not null default 0,
  scanned_at timestamptz,
  reviewed_by text references employees (id) on delete set null,
  reviewed_at timestamptz,
  review_reason text check (char_length(review_reason) <= 1000)
);
create unique index privacy_scans_document on privacy_scans (document_id) where file_id is null;
create unique index privacy_scans_file on privacy_scans (file_id) where file_id is not null;
create index privacy_scans_pending on privacy_scans (document_id) where status <> 'done';

create table privacy_findings (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  file_id uuid references document_files (id) on delete cascade,
  kind text not null check (kind in ('bsn', 'iban', 'email', 'telefoon', 'postcode-huisnummer',
                                     'kenteken', 'betaalkaart')),
  location text not null check (char_length(location) <= 500),
  masked text not null check (char_length(masked) <= 200),
  context text not null check (char_length(context) <= 1000),
  count integer not null check (count > 0),
  resolution text check (resolution in ('geen-persoonsgegeven', 'mag-openbaar')),
  resolution_reason text check (char_length(resolution_reason) <= 1000),
  resolved_by text references employees (id) on delete set null,
  resolved_at timestamptz,
  owner_note text check (char_length(owner_note) <= 1000),
  noted_by text references employees (id) on delete set null,
  noted_at timestamptz,
  created_at timestamptz not null default now(),
  check ((resolution is null) = (resolved_at is null))
);
create index privacy_findings_document on privacy_findings (document_id);
create index privacy_findings_open on privacy_findings (document_id) where resolution is null;

-- Every live document is scanned once in the background (the job kind of features/privacy):
-- published ones with findings then show in the admins' list; nothing is unpublished.
with live as (
  select id from documents where deleted_at is null
), queued as (
  insert into privacy_scans (document_id) select id from live
)
insert into jobs (kind, payload, max_attempts)
select 'scan-privacy', jsonb_build_object('documentId', id), 3 from live;
