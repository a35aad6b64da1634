-- The link checker (issue 32): per external URL the portal publishes, what its checks found.
-- A URL is 'kapot' after LINK_BROKEN_AFTER (3) failed checks in a row; one good answer resets it.
create table link_checks (
  url text primary key check (length(url) <= 4000),
  last_status integer check (last_status between 100 and 599),
  last_error text check (length(last_error) <= 500),
  last_checked_at timestamptz,
  failures_in_a_row integer not null default 0 check (failures_in_a_row >= 0)
);
