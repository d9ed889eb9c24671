-- Open and ended rounds of the extended games (mines, tower, hilo, blackjack...: modules/games,
-- extended.service.ts). A round holds the nonce it took at Play, the params, every decision and the
-- game's full state, so it survives reloads, other devices and server restarts. One open round per
-- player and game (the partial unique index). When a round ends, its bet row is inserted into `bets`
-- with the same id (the bet id sequence), so history, statistics, the live feed and the repair job see
-- it like any other bet; a cancelled round (no decision made) is refunded and has no bet row.
create table if not exists extended_rounds (
  id bigint primary key,
  user_id uuid not null references users (id) on delete restrict,
  game text not null,
  currency text not null references currencies (id),
  demo boolean not null,
  -- The base wager, and the whole stake debited so far (blackjack doubles, splits and insurance add).
  wager numeric(38, 0) not null,
  stake numeric(38, 0) not null,
  -- Stakes debited by decisions: {"<action index>": "<atomic amount>"} (ledger keys bet:{id}:stake:{n}).
  stakes jsonb not null default '{}'::jsonb,
  seed_pair_id bigint not null references seed_pairs (id) on delete restrict,
  nonce bigint not null,
  params jsonb not null,
  actions jsonb not null default '[]'::jsonb,
  state jsonb not null,
  floats_used integer not null,
  house_edge_bps integer not null,
  -- Largest payout allowed (stake + max profit) for real rounds; null for demo.
  max_payout numeric(38, 0),
  wager_usd numeric,
  price_usd numeric,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint extended_rounds_status check (status in ('open', 'finished', 'cancelled')),
  constraint extended_rounds_seed_nonce unique (seed_pair_id, nonce)
);
create unique index if not exists extended_rounds_one_open on extended_rounds (user_id, game) where status = 'open';
