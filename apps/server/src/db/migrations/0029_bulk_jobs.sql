-- Jobs queued for a batch (a catalogue import, the demo content, a harvest run) are bulk:
-- a worker takes every other due job first, so that an employee's upload is not checked
-- or read only after the thousands of records a harvest queued before it (jobs/queue.ts).
alter table jobs add column bulk boolean not null default false;
drop index jobs_due;
create index jobs_due on jobs (bulk, run_at, id) where status = 'pending';
