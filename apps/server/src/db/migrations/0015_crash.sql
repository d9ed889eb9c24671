-- Crash, the multiplayer game (modules/crash).

-- Hash chains. `seed` is the chain's last game hash and stays secret; game i's hash is
-- sha256^(length - 1 - i)(seed), found from the nearest checkpoint at or after i. The terminating hash
-- (sha256 of game 0's hash) is published when the chain is created (`published_at`); the salt is fixed
-- later, when the chain's first round is created, so the chain could not be picked to suit the salt.
create table if not exists crash_chains (
  id serial primary key,
  terminating_hash text not null unique,
  length integer not null,
  seed text not null,
  checkpoint_every integer not null,
  salt text,
  published_at timestamptz not null default clock_timestamp(),
  salt_fixed_at timestamptz,
  constraint crash_chains_length_positive check (length > 0),
  constraint crash_chains_salt_fixed check ((salt is null) = (salt_fixed_at is null)),
  constraint crash_chains_salt_after_publication check (salt_fixed_at is null or salt_fixed_at > published_at)
);

create table if not exists crash_chain_checkpoints (
  chain_id integer not null references crash_chains (id) on delete cascade,
  idx integer not null,
  hash text not null,
  primary key (chain_id, idx)
);

-- Rounds. `hash` and `crash_point` (hundredths) are secret until the round is busted. `bust_ms` is the
-- first millisecond the curve shows the crash point: the round busts at started_at + bust_ms. Phases move
-- forward only (betting -> running -> busted), each by one guarded update, so a new leader finishes a
-- round from this row after the old one died. At most one round is unsettled at a time.
-- `ledger_floor`: max(ledger_transfers.id) when the round was created; every wager of this round has a
-- larger id (the repair job scans for wagers that never got a bet row from there).
create table if not exists crash_rounds (
  id bigserial primary key,
  chain_id integer not null references crash_chains (id),
  chain_index integer not null,
  hash text not null,
  crash_point numeric(38, 0) not null,
  house_edge_bps integer not null,
  bust_ms bigint not null,
  phase text not null default 'betting',
  betting_ms integer not null,
  betting_ends_at timestamptz not null,
  started_at timestamptz,
  busted_at timestamptz,
  settled_at timestamptz,
  ledger_floor bigint not null default 0,
  created_at timestamptz not null default clock_timestamp(),
  constraint crash_rounds_phase check (phase in ('betting', 'running', 'busted')),
  constraint crash_rounds_chain_game unique (chain_id, chain_index),
  constraint crash_rounds_crash_point check (crash_point >= 100)
);
create unique index if not exists crash_rounds_one_open on crash_rounds ((settled_at is null)) where settled_at is null;
create index if not exists crash_rounds_busted on crash_rounds (id desc) where phase = 'busted';

-- One bet per player and round. Money moves through the ledger with keys crash:{round}:{user}:wager,
-- :payout and :refund. `target` is the auto cash-out in force (the player's target, or the max-profit cap
-- when lower or when none was set), `target_ms` the time it fires. A cash-out is claimed by ONE guarded
-- update setting `cashout_ms` (`where cashout_ms is null`), so two requests or nodes cannot both win it;
-- `multiplier` and `payout` follow from `cashout_ms` (or the target) and are filled in by whoever pays.
-- `settled_at`: the bet's money is final (payout or refund transferred, or a loss recorded).
create table if not exists crash_bets (
  round_id bigint not null references crash_rounds (id),
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  wager numeric(38, 0) not null,
  wager_usd numeric,
  auto_cash_out bigint,
  target bigint not null,
  target_ms bigint not null,
  status text not null default 'placed',
  cashout_ms bigint,
  cashout_kind text,
  multiplier bigint,
  payout numeric(38, 0),
  announced boolean not null default false,
  created_at timestamptz not null default clock_timestamp(),
  settled_at timestamptz,
  primary key (round_id, user_id),
  constraint crash_bets_wager_positive check (wager > 0),
  constraint crash_bets_status check (status in ('placed', 'cancelled')),
  constraint crash_bets_target check (target >= 101),
  constraint crash_bets_cashout_kind check (cashout_kind is null or cashout_kind in ('manual', 'auto')),
  constraint crash_bets_payout_nonnegative check (payout is null or payout >= 0)
);
create index if not exists crash_bets_user on crash_bets (user_id, round_id desc);
