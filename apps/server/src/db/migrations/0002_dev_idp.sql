-- State of the built-in development identity provider (sessions, grants, refresh tokens),
-- so restarting a laptop's server keeps people signed in. Stays empty when OIDC_AUTHORITY
-- names a real identity provider.
create table dev_idp_entries (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  primary key (model, id)
);
create index dev_idp_entries_grant on dev_idp_entries (grant_id) where grant_id is not null;
create index dev_idp_entries_uid on dev_idp_entries (uid) where uid is not null;
create index dev_idp_entries_expiry on dev_idp_entries (expires_at) where expires_at is not null;
