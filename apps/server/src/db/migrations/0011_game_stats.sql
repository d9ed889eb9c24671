-- Bet statistics per player, game, currency and demo flag (modules/games). The engine upserts the row
-- in the same transaction (the same statement) that inserts the bet, so it always equals the sums over
-- `bets`. Amounts are atomic units of the currency; `wagered_usd` adds up `bets.wager_usd` (real bets
-- only; 0 for demo), which the profile's "wagered" total reads.
create table if not exists game_stats (
  user_id uuid not null references users (id) on delete cascade,
  game text not null,
  currency text not null references currencies (id),
  demo boolean not null,
  bets bigint not null default 0,
  wins bigint not null default 0,
  wagered numeric(38, 0) not null default 0,
  payout numeric(38, 0) not null default 0,
  profit numeric(38, 0) not null default 0,
  wagered_usd numeric not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, game, currency, demo)
);

-- Bets settled before this migration.
insert into game_stats (user_id, game, currency, demo, bets, wins, wagered, payout, profit, wagered_usd)
select user_id, game, currency, demo, count(*), count(*) filter (where payout > wager), sum(wager), sum(payout),
       sum(profit), coalesce(sum(wager_usd), 0)
  from bets
 group by user_id, game, currency, demo
on conflict (user_id, game, currency, demo) do nothing;
