-- G10: the external sportsbook's operator wallet (modules/external-sports, decision 0034).

-- A player JWT issued to the renderer: the session every bet/make names (`session_id` = the token's jti),
-- with its player and currency.
create table if not exists xsport_sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  currency text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists xsport_sessions_user_idx on xsport_sessions (user_id, created_at desc);

-- A bet the provider made (bet/make), by our transaction id. `state`: 'open' (staked, waiting for its
-- result), 'won' / 'lost' / 'refunded' (a result; a rollback returns it to 'open'), 'discarded' (the
-- provider did not accept it: the stake was given back). `paid` is what its results paid so far (wins and
-- refunds less what rollbacks took back); `settled_at` is set by bet/settlement (final).
create table if not exists xsport_bets (
  id uuid primary key,
  ext_transaction_id text not null unique check (length(ext_transaction_id) between 1 and 100),
  betslip_id text not null,
  user_id uuid not null references users (id) on delete cascade,
  session_id uuid not null,
  currency text not null,
  amount numeric(38, 0) not null check (amount > 0),
  amount_usd numeric,
  odds text not null,
  potential_win numeric(38, 0) not null default 0 check (potential_win >= 0),
  betslip jsonb not null,
  fingerprint text not null,
  state text not null check (state in ('open', 'won', 'lost', 'refunded', 'discarded')),
  committed boolean not null default false,
  paid numeric(38, 0) not null default 0,
  debt numeric(38, 0) not null default 0 check (debt >= 0),
  results integer not null default 0,
  settled_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists xsport_bets_user_idx on xsport_bets (user_id, created_at desc);

-- Every wallet call after bet/make, once, by the provider's transaction id (or, for the calls without
-- one, commit/discard/settlement, by a key of the call). A replay with the same details answers as the
-- first did; other details are refused. `bet_id` null: a discard of a bet we never saw (stored, so the
-- late bet/make moves nothing).
create table if not exists xsport_transactions (
  ext_transaction_id text primary key check (length(ext_transaction_id) between 1 and 140),
  id uuid not null unique,
  operation text not null check (operation in ('win', 'lost', 'refund', 'rollback', 'commit', 'discard', 'settlement')),
  bet_ext_id text not null,
  bet_id uuid references xsport_bets (id) on delete cascade,
  user_id uuid references users (id) on delete cascade,
  parent_id uuid,
  amount numeric(38, 0) not null default 0 check (amount >= 0),
  fingerprint text not null,
  answer jsonb not null,
  -- a result (win, lost, refund) a later rollback took back
  rolled_back boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists xsport_transactions_bet_idx on xsport_transactions (bet_ext_id);
