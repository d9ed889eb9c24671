-- In-house games (modules/seeds, modules/games).

-- Provable fairness: one active seed pair per player. `server_seed` is secret while `active`; rotation
-- sets `active = false` and `revealed_at`, after which the server seed may be shown. `nonce` is the
-- nonce of the NEXT bet: the engine takes it with `update ... set nonce = nonce + 1 ... returning`, so
-- concurrent bets get unique, gapless nonces (the row lock serialises them).
create table if not exists seed_pairs (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  nonce bigint not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  revealed_at timestamptz,
  constraint seed_pairs_nonce_nonnegative check (nonce >= 0)
);
create unique index if not exists seed_pairs_one_active on seed_pairs (user_id) where active;
create index if not exists seed_pairs_user_created on seed_pairs (user_id, created_at desc);

-- One row per settled bet. Money moved through the ledger with keys bet:{id}:wager and
-- bet:{id}:payout (bet:{id}:refund when the bet could not be settled). `multiplier` is the paid
-- multiplier in 1e8 fixed point (rounded down); the exact ratio is multiplier_num / multiplier_den.
create table if not exists bets (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete restrict,
  game text not null,
  currency text not null references currencies (id),
  demo boolean not null,
  wager numeric(38, 0) not null,
  multiplier bigint not null,
  multiplier_num numeric not null,
  multiplier_den numeric not null,
  payout numeric(38, 0) not null,
  profit numeric(38, 0) not null,
  seed_pair_id bigint not null references seed_pairs (id) on delete restrict,
  nonce bigint not null,
  params jsonb not null,
  outcome jsonb not null,
  house_edge_bps integer not null,
  wager_usd numeric,
  created_at timestamptz not null default now(),
  constraint bets_wager_positive check (wager > 0),
  constraint bets_payout_nonnegative check (payout >= 0),
  constraint bets_seed_nonce unique (seed_pair_id, nonce)
);
create index if not exists bets_user_created on bets (user_id, created_at desc);
create index if not exists bets_real_created on bets (created_at desc) where not demo;
