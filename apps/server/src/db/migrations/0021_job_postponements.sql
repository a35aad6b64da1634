-- Attempts cut short by an outage (database, disk or file store away) do not count against
-- max_attempts (issue 30); this counts them instead, so the wait before the next try grows
-- from seconds to minutes while the outage lasts.
alter table jobs add column postponements integer not null default 0 check (postponements >= 0);
