-- Delivery of data questions (POST /mail) to the data team, by the deliver-data-request job.
--   pending:   waiting for (another) delivery attempt
--   delivered: accepted by the SMTP server (delivered_at)
--   held:      no SMTP_URL configured; stays in the outbox until mail is set up
--   failed:    every attempt failed (failed_at, last_error); an admin retries it
alter table data_requests
  add column status text not null default 'pending'
    check (status in ('pending', 'delivered', 'held', 'failed')),
  add column attempts integer not null default 0,
  add column last_error text,
  add column failed_at timestamptz;

-- A request stored before this migration has never been delivered by this server.
update data_requests set status = 'delivered' where delivered_at is not null;

-- The rate limit counts one client address's requests of the last hour.
create index data_requests_client_recent on data_requests (client_address, created_at);
-- The outbox: what is not yet delivered.
create index data_requests_undelivered on data_requests (status, created_at)
  where status <> 'delivered';
