-- Live feed channels and the weekly race (modules/feed, modules/race).

-- Live feed: the rare channels get their own partial indexes so "the latest N" never scans the
-- common bets. Both predicates are the spec's constants (spec 3 section 9): a high roller wagered at
-- least 100 USD; a lucky win pays at least 10x (`multiplier` is 1e8 fixed point) and is a win.
create index if not exists bets_real_high_rollers on bets (created_at desc) where not demo and wager_usd >= 100;
create index if not exists bets_real_lucky_wins on bets (created_at desc)
  where not demo and multiplier >= 1000000000 and payout > wager;

-- Weekly race. A week is named by its Monday (UTC): Monday 00:00 UTC to the next Monday 00:00 UTC.
-- `race_wagers` adds up the USD wagered by each player in real bets per week. The leader's
-- `race.aggregate` job folds bets into it in id order up to `race_progress.last_bet_id` (never on the
-- bet's own path); the standings add the bets above that mark, so they are always current.
create table if not exists race_progress (
  id smallint primary key default 1,
  last_bet_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  constraint race_progress_single_row check (id = 1)
);
insert into race_progress (id, last_bet_id) values (1, 0) on conflict (id) do nothing;

create table if not exists race_wagers (
  week date not null,
  user_id uuid not null references users (id) on delete cascade,
  wager_usd numeric not null default 0,
  -- The player's latest bet of the week: of two equal totals, the one reached first ranks higher.
  last_bet_id bigint not null,
  primary key (week, user_id)
);
create index if not exists race_wagers_rank on race_wagers (week, wager_usd desc, last_bet_id);

-- A closed week whose standings were fixed for payment (one row per week, inserted once), and its
-- prizes: one row per paid place, paid through the ledger with key race:{week}:{place}.
create table if not exists race_weeks (
  week date primary key,
  currency text not null references currencies (id),
  pool numeric(38, 0) not null,
  settled_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint race_weeks_pool_nonnegative check (pool >= 0)
);

create table if not exists race_payouts (
  week date not null references race_weeks (week),
  place integer not null,
  user_id uuid not null references users (id) on delete restrict,
  wager_usd numeric not null,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  transfer_id bigint references ledger_transfers (id),
  paid_at timestamptz,
  primary key (week, place),
  constraint race_payouts_place_range check (place between 1 and 20),
  constraint race_payouts_amount_nonnegative check (amount >= 0)
);
