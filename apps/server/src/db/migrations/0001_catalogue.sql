-- The catalogue's data model: every table of the product starts here, with its constraints.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only stable; indexes and generated values need an immutable wrapper.
create or replace function portal_unaccent(value text) returns text
  language sql immutable parallel safe strict
  as $$ select public.unaccent('public.unaccent'::regdictionary, value) $$;

create or replace function portal_normalize(value text) returns text
  language sql immutable parallel safe strict
  as $$ select lower(public.portal_unaccent(value)) $$;

-- Employees as seen in their verified tokens (the account id is the token's oid, else sub).
create table employees (
  id text primary key check (char_length(id) between 1 and 200),
  email text,
  display_name text not null default '',
  groups text[] not null default '{}',
  is_admin boolean not null default false,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index employees_last_seen on employees (last_seen_at);

create table content_types (
  id serial primary key,
  name text not null check (char_length(name) between 1 and 60 and name = btrim(name))
);
create unique index content_types_name on content_types (lower(name));

create table sources (
  id serial primary key,
  name text not null check (char_length(name) between 1 and 120 and name = btrim(name))
);
create unique index sources_name on sources (lower(name));

-- Themes ("tags") with their thesaurus terms.
create table themes (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 60 and name = btrim(name)),
  created_at timestamptz not null default now()
);
create unique index themes_name on themes (lower(name));

create table theme_terms (
  id bigserial primary key,
  theme_id uuid not null references themes (id) on delete cascade,
  kind text not null check (kind in ('synonym', 'related')),
  term text not null check (char_length(term) between 1 and 60 and term = btrim(term))
);
create unique index theme_terms_unique on theme_terms (theme_id, kind, lower(term));

create table labels (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 60 and name = btrim(name)),
  created_at timestamptz not null default now()
);
create unique index labels_name on labels (lower(name));

create table documents (
  id uuid primary key default gen_random_uuid(),
  -- Stable key of an imported record ('cbs-82010NED', 'demo:...'); null for uploads.
  external_key text unique,
  title text not null check (char_length(title) between 3 and 200),
  description text not null default '' check (char_length(description) <= 10000),
  content_type_id integer not null references content_types (id),
  source_id integer not null references sources (id),
  license text not null default 'CC0-1.0' check (char_length(license) between 1 and 200),
  source_url text check (source_url ~ '^https?://'),
  status text not null default 'openstaand'
    check (status in ('openstaand', 'goedgekeurd', 'afgekeurd')),
  status_category text
    check (status_category in ('Onvolledig', 'Onjuist', 'Privacygevoelig', 'Dubbel', 'Auteursrecht', 'Anders')),
  status_description text check (char_length(status_description) between 1 and 2000),
  owner_id text references employees (id),
  document_date date not null default current_date,
  created_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  published_at timestamptz,
  deleted_at timestamptz,
  deleted_by text references employees (id),
  rating_avg real check (rating_avg between 1 and 5),
  rating_count integer not null default 0 check (rating_count >= 0),
  -- Kept in step with document_themes / document_labels / document_files by the search index.
  theme_names text[] not null default '{}',
  label_names text[] not null default '{}',
  file_text text not null default '',
  search_vector tsvector not null default ''::tsvector,
  check ((status = 'afgekeurd') = (status_category is not null and status_description is not null)),
  check (status <> 'goedgekeurd' or published_at is not null),
  check ((rating_count = 0) = (rating_avg is null))
);
create index documents_search_public on documents using gin (search_vector)
  where status = 'goedgekeurd' and deleted_at is null;
create index documents_search_all on documents using gin (search_vector) where deleted_at is null;
create index documents_theme_names on documents using gin (theme_names);
create index documents_status on documents (status, created_at desc) where deleted_at is null;
create index documents_owner on documents (owner_id) where deleted_at is null;
create index documents_date on documents (document_date desc) where deleted_at is null;
create index documents_published on documents (published_at desc) where deleted_at is null;
create index documents_title_prefix on documents (portal_normalize(title) text_pattern_ops)
  where status = 'goedgekeurd' and deleted_at is null;
create index documents_title_trgm on documents using gin (portal_normalize(title) gin_trgm_ops)
  where status = 'goedgekeurd' and deleted_at is null;

create table document_files (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  position integer not null default 0,
  file_name text not null check (char_length(file_name) between 1 and 255 and file_name !~ '[/\\]'),
  media_type text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  extraction_status text not null default 'pending'
    check (extraction_status in ('pending', 'done', 'failed', 'skipped')),
  extracted_text text not null default '',
  created_at timestamptz not null default now()
);
create index document_files_document on document_files (document_id, position);
create index document_files_sha on document_files (sha256);

create table document_themes (
  document_id uuid not null references documents (id) on delete cascade,
  theme_id uuid not null references themes (id) on delete cascade,
  added_by text references employees (id),
  added_at timestamptz not null default now(),
  primary key (document_id, theme_id)
);
create index document_themes_theme on document_themes (theme_id);

create table document_labels (
  document_id uuid not null references documents (id) on delete cascade,
  label_id uuid not null references labels (id) on delete cascade,
  added_by text references employees (id),
  added_at timestamptz not null default now(),
  primary key (document_id, label_id)
);
create index document_labels_label on document_labels (label_id);

create table favorites (
  employee_id text not null references employees (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (employee_id, document_id)
);
create index favorites_document on favorites (document_id);

create table ratings (
  employee_id text not null references employees (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  rated_at timestamptz not null default now(),
  primary key (employee_id, document_id)
);
create index ratings_document on ratings (document_id);

create table followed_themes (
  employee_id text not null references employees (id) on delete cascade,
  theme_id uuid not null references themes (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (employee_id, theme_id)
);
create index followed_themes_theme on followed_themes (theme_id);

-- Who did what, when and why. Keeps the document id and title even after a purge.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_id text references employees (id),
  action text not null check (char_length(action) between 1 and 60),
  document_id uuid,
  document_title text,
  details jsonb not null default '{}'
);
create index audit_log_document on audit_log (document_id, at desc);
create index audit_log_at on audit_log (at desc);

create table search_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  query text not null default '' check (char_length(query) <= 500),
  normalized_query text not null default '',
  filters jsonb not null default '{}',
  result_count integer not null check (result_count >= 0),
  employee_id text references employees (id) on delete set null
);
create index search_log_at on search_log (at desc);
create index search_log_query on search_log (normalized_query, at desc);

create table document_opens (
  id bigserial primary key,
  at timestamptz not null default now(),
  document_id uuid not null references documents (id) on delete cascade,
  employee_id text references employees (id) on delete set null
);
create index document_opens_at on document_opens (at desc);
create index document_opens_document on document_opens (document_id, at desc);

-- Words of the catalogue, for typo tolerance: an unknown query word is replaced by close ones.
-- Collation "C" makes "starts with" a plain range scan on the primary key.
create table search_words (
  word text collate "C" primary key check (char_length(word) between 2 and 40)
);
create index search_words_trgm on search_words using gin (word gin_trgm_ops);

-- Background jobs (text extraction, mail delivery), claimed with FOR UPDATE SKIP LOCKED.
create table jobs (
  id bigserial primary key,
  kind text not null check (char_length(kind) between 1 and 60),
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 8 check (max_attempts >= 1),
  run_at timestamptz not null default now(),
  locked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due on jobs (run_at) where status = 'pending';

-- Data questions from /datavraag, stored before any delivery attempt.
create table data_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320),
  organisation text check (char_length(organisation) <= 200),
  subject text not null check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 10000),
  client_address text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
