-- Harvesting other catalogues (issue 18, docs/harvesting.md): the sources admins manage,
-- a run per harvest with its report, and what ties a document to the record it came from.

create table harvest_sources (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 120 and name = btrim(name)),
  url text not null check (char_length(url) <= 2000 and url ~ '^https?://'),
  kind text not null check (kind in ('dcat', 'ckan')),
  -- The portal source ("Bron") its documents get; a row of `sources` once a run wrote one.
  source_name text not null
    check (char_length(source_name) between 1 and 120 and source_name = btrim(source_name)),
  schedule text not null default 'manual' check (schedule in ('manual', 'hourly', 'daily', 'weekly')),
  -- Trusted: its documents are published at once; otherwise they wait in /validatie.
  trusted boolean not null default false,
  -- The city publishes them: they are in the portal's own DCAT catalogue and DiWoo sitemaps.
  publish boolean not null default false,
  enabled boolean not null default true,
  -- When the schedule next asks for a run; null for a manual source or one switched off.
  next_run_at timestamptz,
  created_by text references employees (id) on delete set null,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now()
);
create unique index harvest_sources_name on harvest_sources (lower(name));
create unique index harvest_sources_url on harvest_sources (url);
create index harvest_sources_due on harvest_sources (next_run_at)
  where enabled and next_run_at is not null;

create table harvest_runs (
  id uuid primary key default gen_random_uuid(),
  source_id uuid not null references harvest_sources (id) on delete cascade,
  trigger text not null check (trigger in ('manual', 'schedule', 'cli')),
  requested_by text references employees (id) on delete set null,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'succeeded', 'failed')),
  dry_run boolean not null default false,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  pages_read integer not null default 0 check (pages_read >= 0),
  records_read integer not null default 0 check (records_read >= 0),
  -- What the source said it holds (hydra:totalItems, CKAN's count): the progress bar's end.
  records_expected integer check (records_expected >= 0),
  created integer not null default 0 check (created >= 0),
  updated integer not null default 0 check (updated >= 0),
  withdrawn integer not null default 0 check (withdrawn >= 0),
  unchanged integer not null default 0 check (unchanged >= 0),
  refused integer not null default 0 check (refused >= 0),
  -- [{identifier, title, reason}], the first HARVEST_REPORT_LIMIT of them.
  refusals jsonb not null default '[]'::jsonb,
  -- [{name, count}]: themes, keywords or groups of the source no portal theme stands for.
  unmapped_themes jsonb not null default '[]'::jsonb,
  error text check (char_length(error) between 1 and 2000),
  check ((status = 'failed') = (error is not null)),
  check ((status in ('succeeded', 'failed')) = (finished_at is not null))
);
-- One run at a time per source, whichever node asks: a second is refused while one waits or runs.
create unique index harvest_runs_one_active on harvest_runs (source_id)
  where status in ('queued', 'running');
create index harvest_runs_source on harvest_runs (source_id, queued_at desc);

alter table documents
  add column harvest_source_id uuid references harvest_sources (id),
  -- The source's own identifier of the record (dct:identifier or the dataset IRI; CKAN's id).
  add column harvest_identifier text check (char_length(harvest_identifier) between 1 and 1000),
  -- A hash of the record as mapped: an unchanged fingerprint means nothing to update.
  add column harvest_fingerprint text,
  add column harvested_at timestamptz,
  -- Withdrawn: the source no longer lists it. A withdrawn document is deleted (hidden
  -- everywhere, purged after the retention) until a run that lists it again restores it.
  add column withdrawn_at timestamptz,
  add constraint documents_harvest_identity_check
    check ((harvest_source_id is null) = (harvest_identifier is null)
       and (harvest_source_id is null) = (harvested_at is null)),
  add constraint documents_withdrawn_check check (withdrawn_at is null or deleted_at is not null);
create unique index documents_harvest_identity on documents (harvest_source_id, harvest_identifier)
  where harvest_source_id is not null;

-- A harvested distribution: a link to the file at its source, not a copy (docs/harvesting.md).
create table document_links (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  position integer not null check (position >= 0),
  title text not null check (char_length(title) between 1 and 200),
  url text not null check (char_length(url) <= 2000 and url ~ '^https?://'),
  -- As the source names it (CSV, GeoJSON, WMS ...).
  format text check (char_length(format) between 1 and 60),
  media_type text check (char_length(media_type) between 1 and 200),
  size_bytes bigint check (size_bytes >= 0),
  unique (document_id, position)
);
