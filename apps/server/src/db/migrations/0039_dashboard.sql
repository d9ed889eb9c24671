-- G8 back-office dashboard (modules/dashboard): daily figures of the settled real-money wagers, kept by
-- the module's consumer of the wager stream so the dashboard never scans `bets`. One row per UTC day
-- (of the bet's placement) and product; USD at bet time (the record's wager_usd), paid USD is the
-- payout at the same rate (payout * wager_usd / wager, 8 decimals, rounded toward zero).
create table if not exists wager_daily (
  day date not null,
  product text not null,
  bets bigint not null default 0,
  wagered_usd numeric(38, 8) not null default 0,
  paid_usd numeric(38, 8) not null default 0,
  updated_at timestamptz not null default now(),
  primary key (day, product)
);

-- The players who placed a real bet on a day (the dashboard's active players).
create table if not exists wager_daily_players (
  day date not null,
  user_id uuid not null,
  primary key (day, user_id)
);
