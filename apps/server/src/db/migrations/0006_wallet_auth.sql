-- Browser wallet sign-in nonces (one-time, bound to a lower-case address, 5 minutes) and the
-- last accepted TOTP time step per user (refuses a replayed 2FA code within its step).
create table if not exists wallet_nonces (
  nonce text primary key,
  address text not null,
  created_at timestamp with time zone not null default now(),
  expires_at timestamp with time zone not null,
  used_at timestamp with time zone
);

create index if not exists wallet_nonces_expires_at_idx on wallet_nonces (expires_at);

create table if not exists two_factor_state (
  user_id uuid primary key references users (id) on delete cascade,
  last_step bigint not null,
  updated_at timestamp with time zone not null default now()
);
