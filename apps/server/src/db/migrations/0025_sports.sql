-- G9: the sportsbook (modules/sports; decision 0028). Feed rows carry the feed's own id (feed,
-- external_id) so a message applies once and a replay finds the same rows. Odds are integers: decimal
-- odds x 1000. Amounts are atomic units (numeric(38,0)); USD values numeric with 8 places.

create table if not exists sport_categories (
  id bigserial primary key,
  feed text not null,
  external_id text not null,
  sport text not null,
  name text not null,
  constraint sport_categories_feed_id unique (feed, external_id)
);

create table if not exists sport_tournaments (
  id bigserial primary key,
  feed text not null,
  external_id text not null,
  category_id bigint not null references sport_categories (id),
  name text not null,
  constraint sport_tournaments_feed_id unique (feed, external_id)
);

create table if not exists sport_competitors (
  id bigserial primary key,
  feed text not null,
  external_id text not null,
  name text not null,
  abbreviation text not null,
  constraint sport_competitors_feed_id unique (feed, external_id)
);

-- score: {home, away, periods: [{period, home, away}]}; clock: {period, minute, second, running, at}
-- (a running clock advances from `at`, so nothing is written each second).
create table if not exists sport_events (
  id bigserial primary key,
  feed text not null,
  external_id text not null,
  sport text not null,
  tournament_id bigint not null references sport_tournaments (id),
  home_id bigint not null references sport_competitors (id),
  away_id bigint not null references sport_competitors (id),
  name text not null,
  starts_at timestamptz not null,
  status text not null default 'not_started',
  score jsonb,
  clock jsonb,
  match_tracker_id text,
  stream_url text,
  simulated boolean not null,
  updated_at timestamptz not null default now(),
  constraint sport_events_feed_id unique (feed, external_id),
  constraint sport_events_status check (status in ('not_started', 'live', 'ended', 'closed', 'cancelled', 'postponed'))
);
create index if not exists sport_events_listing on sport_events (status, starts_at);
create index if not exists sport_events_sport on sport_events (sport, status, starts_at);

-- liability_cap_usd: the most the house may lose on the market (null: no cap).
create table if not exists sport_markets (
  id bigserial primary key,
  event_id bigint not null references sport_events (id),
  template text not null,
  spec_key text not null default '',
  specifiers jsonb not null default '{}',
  name text not null,
  status text not null default 'active',
  margin_bps integer not null default 0,
  liability_cap_usd numeric,
  live_delay_ms integer not null default 0,
  cash_out boolean not null default true,
  main boolean not null default false,
  position integer not null default 0,
  updated_at timestamptz not null default now(),
  constraint sport_markets_key unique (event_id, template, spec_key),
  constraint sport_markets_status check (status in ('active', 'suspended', 'deactivated', 'settled', 'cancelled'))
);

-- result: set by a settlement (or a cancel: void), cleared by a rollback; dead heats carry their factor.
create table if not exists sport_outcomes (
  id bigserial primary key,
  market_id bigint not null references sport_markets (id),
  key text not null,
  name text not null,
  odds integer not null,
  previous_odds integer,
  active boolean not null default true,
  result text,
  dead_heat text,
  position integer not null default 0,
  constraint sport_outcomes_key unique (market_id, key),
  constraint sport_outcomes_odds check (odds between 1001 and 1000000),
  constraint sport_outcomes_result check (result is null or result in ('won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'))
);

create table if not exists sport_odds_history (
  id bigserial primary key,
  outcome_id bigint not null references sport_outcomes (id),
  odds integer not null,
  at timestamptz not null default now()
);
create index if not exists sport_odds_history_outcome on sport_odds_history (outcome_id, id);

-- The applied feed messages: the recording (NDJSON in this order) and what makes a message apply once.
create table if not exists sport_feed_messages (
  id bigserial primary key,
  feed text not null,
  seq bigint not null,
  kind text not null,
  message jsonb not null,
  applied_at timestamptz not null default now(),
  constraint sport_feed_messages_seq unique (feed, seq)
);

-- A slip bet. status: 0 pending, 1 refunded, 2 won, 3 lost (spec 3). settlements / rollbacks count the
-- bet's settlements and rollbacks (the ledger keys sport:{id}:payout:{n} and :rollback:{n}). debt: what a
-- rollback could not take back (the player had spent it).
create table if not exists sport_bets (
  id bigserial primary key,
  user_id uuid not null references users (id),
  request_id text not null,
  type text not null,
  currency text not null references currencies (id),
  demo boolean not null,
  stake numeric(38, 0) not null,
  stake_usd numeric,
  price_usd numeric,
  total_odds bigint not null,
  potential_payout numeric(38, 0) not null,
  status smallint not null default 0,
  payout numeric(38, 0),
  cashed_out boolean not null default false,
  settlements integer not null default 0,
  rollbacks integer not null default 0,
  debt numeric(38, 0) not null default 0,
  simulated boolean not null,
  placed_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint sport_bets_request unique (user_id, request_id),
  constraint sport_bets_type check (type in ('single', 'multi')),
  constraint sport_bets_status check (status between 0 and 3),
  constraint sport_bets_stake_positive check (stake > 0)
);
create index if not exists sport_bets_user on sport_bets (user_id, id desc);
create index if not exists sport_bets_pending on sport_bets (user_id, type) where status = 0;

-- liability_usd: what this leg added to its outcome's liability (released when the bet settles).
create table if not exists sport_bet_legs (
  bet_id bigint not null references sport_bets (id),
  leg integer not null,
  event_id bigint not null references sport_events (id),
  market_id bigint not null references sport_markets (id),
  outcome_id bigint not null references sport_outcomes (id),
  odds integer not null,
  result text not null default 'pending',
  dead_heat text,
  liability_usd numeric not null default 0,
  primary key (bet_id, leg),
  constraint sport_bet_legs_result check (result in ('pending', 'won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'))
);
create index if not exists sport_bet_legs_market on sport_bet_legs (market_id);
create index if not exists sport_bet_legs_outcome on sport_bet_legs (outcome_id);

-- A live bet waiting for its markets' delay: nothing is debited until it is confirmed.
create table if not exists sport_bet_queue (
  id bigserial primary key,
  user_id uuid not null references users (id),
  request_id text not null,
  request jsonb not null,
  confirm_after timestamptz not null,
  expires_at timestamptz not null,
  delay_ms integer not null,
  status text not null default 'queued',
  bet_id bigint references sport_bets (id),
  created_at timestamptz not null default now(),
  constraint sport_bet_queue_request unique (user_id, request_id),
  constraint sport_bet_queue_status check (status in ('queued', 'confirmed'))
);

-- The house's exposure per outcome in USD: the potential wins of the real pending bets on it.
create table if not exists sport_liability (
  outcome_id bigint primary key references sport_outcomes (id),
  market_id bigint not null references sport_markets (id),
  amount_usd numeric not null default 0
);

create table if not exists sport_preferences (
  user_id uuid primary key references users (id),
  odds_change text not null default 'none',
  constraint sport_preferences_odds_change check (odds_change in ('none', 'higher', 'any'))
);
