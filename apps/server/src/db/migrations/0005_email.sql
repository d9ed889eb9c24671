-- E-mail: the outbox (development delivery and SMTP audit trail), single-use e-mail tokens
-- (verification and password reset, only their SHA-256 stored) and per-account send limits.

create table if not exists mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text text not null,
  html text not null,
  created_at timestamptz not null default now(),
  sent_via text not null,
  error text,
  constraint mail_outbox_sent_via_check check (sent_via in ('smtp', 'outbox'))
);
create index if not exists mail_outbox_to_idx on mail_outbox (lower(to_address), id);

create table if not exists email_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null,
  token_hash text not null,
  -- The address the link was sent to: a token is only good while it is still the account's address.
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint email_tokens_purpose_check check (purpose in ('verify_email', 'reset_password'))
);
create unique index if not exists email_tokens_token_hash_unique on email_tokens (token_hash);
create index if not exists email_tokens_user_idx on email_tokens (user_id, purpose, created_at);
create index if not exists email_tokens_expires_idx on email_tokens (expires_at);

-- One row per account and purpose; updated with a conditional upsert so that concurrent requests
-- on any node can never send more than the limit.
create table if not exists email_send_limits (
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null,
  last_sent_at timestamptz not null,
  window_started_at timestamptz not null,
  sent_in_window integer not null,
  primary key (user_id, purpose)
);
