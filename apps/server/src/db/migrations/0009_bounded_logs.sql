-- Bounded anonymous writes (issue 12): document opens count once per client per 30 minutes,
-- searches are logged up to a limit per client per hour, and both logs have a retention.
-- Clients are known only by a keyed hash (see docs/decisions.md, 'Activity logs').

-- The key of that hash, one for every node, made here so no two nodes can make different ones.
-- 244 random bits from gen_random_uuid (core, unlike pgcrypto's gen_random_bytes).
create table activity_client_key (
  singleton boolean primary key default true check (singleton),
  key bytea not null
);
insert into activity_client_key (key)
values (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));

-- When a client's opening of a document last counted. The primary key makes the check and
-- the update one race-free upsert; rows older than the window are pruned hourly.
create table document_open_marks (
  document_id uuid not null references documents (id) on delete cascade,
  client_hash bytea not null,
  counted_at timestamptz not null,
  primary key (document_id, client_hash)
);
create index document_open_marks_counted_at on document_open_marks (counted_at);

-- How many searches a client had logged in a clock hour; past hours are pruned hourly.
create table search_log_quota (
  client_hash bytea not null,
  hour timestamptz not null,
  logged integer not null check (logged >= 0),
  primary key (client_hash, hour)
);
create index search_log_quota_hour on search_log_quota (hour);
