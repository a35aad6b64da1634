-- Idempotency keys of POST /mail (the Idempotency-Key header): a retried question is answered
-- with the first answer instead of being stored and mailed again. In the database, so a
-- retry that reaches another node or a restarted one is recognised too; kept for a day.
create table data_request_idempotency_keys (
  key uuid primary key,
  -- SHA-256 of the validated question: the same key with another question is refused.
  fingerprint text not null,
  request_id uuid not null references data_requests (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- Expired keys are removed by age.
create index data_request_idempotency_keys_created on data_request_idempotency_keys (created_at);
