-- E-mail subscriptions of visitors (issue 34): double opt-in, messages through an outbox.
-- An address is kept only while it has subscriptions (the service deletes it with the last).
create table subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Normalised (trimmed, lower case); never returned by the API nor logged in full.
  email text not null unique,
  created_at timestamptz not null default now()
);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references subscribers (id) on delete cascade,
  frequency text not null check (frequency in ('direct', 'dagelijks', 'wekelijks')),
  -- Exactly one of: the /zoeken query string, a theme, a followed document.
  query text,
  theme text,
  document_id uuid references documents (id) on delete cascade,
  check (num_nonnulls(query, theme, document_id) = 1),
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create index subscriptions_subscriber on subscriptions (subscriber_id);
create index subscriptions_document on subscriptions (document_id) where document_id is not null;
-- The 48-hour purge of unconfirmed subscriptions.
create index subscriptions_unconfirmed on subscriptions (created_at) where confirmed_at is null;

-- Links in mails: only the SHA-256 of each token is stored.
--   confirm:     confirms subscription_id
--   unsubscribe: removes subscription_id (a digest's link has one row per subscription in it)
--   manage:      lists and removes all of subscriber_id's subscriptions
create table subscription_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null,
  purpose text not null check (purpose in ('confirm', 'unsubscribe', 'manage')),
  subscriber_id uuid not null references subscribers (id) on delete cascade,
  subscription_id uuid references subscriptions (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index subscription_tokens_hash on subscription_tokens (token_hash);

-- Confirmation mails asked for, for the limits per address and per client per hour; kept an
-- hour (maintenance), the client address with it.
create table subscription_requests (
  id bigint generated always as identity primary key,
  subscriber_id uuid references subscribers (id) on delete set null,
  client_address text not null,
  created_at timestamptz not null default now()
);
create index subscription_requests_client on subscription_requests (client_address, created_at);
create index subscription_requests_subscriber on subscription_requests (subscriber_id, created_at);

-- What happened to a document that subscriptions may be told: queued in the transaction
-- that published, changed or withdrew it; the notify job matches it to subscriptions.
create table subscription_notices (
  id bigint generated always as identity primary key,
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  document_id uuid not null,
  event text not null check (event in ('nieuw', 'gewijzigd', 'ingetrokken')),
  title text not null,
  created_at timestamptz not null default now(),
  -- The message that carries it; null while it waits for its digest.
  message_id uuid
);

-- The outbox: one row per mail (a digest once per address and period). Its text is made when
-- it is sent, from its notices (or its subscription, for a confirmation), so the tokens of
-- its links exist only hashed and in the mail itself.
create table subscription_messages (
  id uuid primary key default gen_random_uuid(),
  -- Null once the address is gone: the row stays for the dashboard's counts, without it.
  subscriber_id uuid references subscribers (id) on delete set null,
  kind text not null check (kind in ('bevestiging', 'direct', 'dagelijks', 'wekelijks')),
  -- A digest's period ('2026-11-28', '2026-W48'): one digest per address and period.
  period text,
  unique (subscriber_id, kind, period),
  -- A confirmation's subscription.
  subscription_id uuid references subscriptions (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'delivered', 'failed', 'bounced', 'cancelled')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index subscription_notices_waiting on subscription_notices (subscription_id)
  where message_id is null;
alter table subscription_notices
  add foreign key (message_id) references subscription_messages (id) on delete set null;
