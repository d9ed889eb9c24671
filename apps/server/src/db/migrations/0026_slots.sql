-- G10: third-party games through an aggregator with a seamless wallet (modules/slots).

-- The aggregator's game list as the leader last read it, linked to the catalogue game it launches
-- (catalogue `linkProviderGames`). The image is fetched from `image_url` and served by our own host.
create table if not exists slot_games (
  uuid text primary key check (length(uuid) between 1 and 120),
  game_id text not null,
  provider text not null,
  name text not null,
  image_url text not null,
  has_demo boolean not null default false,
  updated_at timestamptz not null default now()
);
create unique index if not exists slot_games_game_idx on slot_games (game_id);

-- A launch of a game for real play: the session the aggregator names in every callback.
create table if not exists slot_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  game_uuid text not null,
  game_id text not null,
  currency text not null,
  created_at timestamptz not null default now()
);
create index if not exists slot_sessions_user_idx on slot_sessions (user_id, created_at desc);

-- A round of a game: its bets and wins (atomic units) until it closes; closing writes its wager record
-- (product 'slots', reference = this row's id) in the closing transaction.
create table if not exists slot_rounds (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  round_id text not null,
  session_id uuid not null,
  game_id text not null,
  currency text not null,
  wager numeric(38, 0) not null default 0 check (wager >= 0),
  payout numeric(38, 0) not null default 0 check (payout >= 0),
  wager_usd numeric not null default 0,
  opened_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (user_id, round_id)
);
create index if not exists slot_rounds_open_idx on slot_rounds (updated_at) where closed_at is null;

-- Every callback transaction, once: its id is the aggregator's transaction_id. A replay with the same
-- details answers as the first did; one with different details is refused. `status`: 'applied' (its money
-- moved), 'cancelled' (refunded or rolled back, or cancelled before it arrived), 'noop' (a refund or
-- rollback of something unknown, stored and answered as success).
create table if not exists slot_transactions (
  id text primary key check (length(id) between 1 and 120),
  action text not null check (action in ('bet', 'win', 'refund', 'rollback')),
  user_id uuid not null references users (id) on delete cascade,
  session_id uuid not null,
  round_id text,
  amount numeric(38, 0) not null default 0 check (amount >= 0),
  currency text not null,
  fingerprint text not null,
  status text not null check (status in ('applied', 'cancelled', 'noop')),
  created_at timestamptz not null default now()
);

-- Transactions cancelled by a refund or a rollback, known or not yet arrived: a bet that arrives after
-- its refund moves no money.
create table if not exists slot_cancellations (
  transaction_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  cancelled_by text not null,
  created_at timestamptz not null default now()
);
