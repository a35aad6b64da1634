-- The link checker (issue 32): per external URL the portal publishes, what its checks found.
-- A URL is 'kapot' after LINK_BROKEN_AFTER (3) failed checks in a row; one good answer resets it.
create table link_checks (
  url text primary key check (length(url) <= 4000),
  last_status integer check (last_status between 100 and 599),
  last_error text check (length(last_error) <= 500),
  last_checked_at timestamptz,
  failures_in_a_row integer not null default 0 check (failures_in_a_row >= 0),
  -- The first of the failed checks in a row; null after a good one.
  broken_since timestamptz,
  -- The round that checked it last: a job taken over after a lost lease checks it no second time.
  last_round bigint not null default 0
);

-- The rounds of checks (links and the file scrub): one row, which the node that queues a round
-- locks, so nodes ticking at once queue it once. The next is due LINK_CHECK_INTERVAL_HOURS
-- after the last.
create table link_check_rounds (
  id integer primary key check (id = 1),
  round bigint not null default 0,
  last_round_at timestamptz
);

-- At most one request a second per host, across nodes: a check takes the host's next slot.
create table link_check_hosts (
  host text primary key check (length(host) <= 300),
  next_request_at timestamptz not null
);

-- The scrub of the portal's own stored files: per file (by content) a problem the last
-- scrub found, or none. Never repaired here: an admin decides (docs/operations.md).
create table file_checks (
  sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
  problem text check (problem in ('ontbreekt', 'gewijzigd')),
  problem_since timestamptz,
  last_checked_at timestamptz not null,
  check ((problem is null) = (problem_since is null))
);
create index file_checks_problems on file_checks (problem_since) where problem is not null;
