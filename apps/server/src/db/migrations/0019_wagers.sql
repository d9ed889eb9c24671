-- G1: `bets` is the wager record of every product (modules/wagers): one row per stake, inserted once
-- when the stake is settled (a single-round bet at once, an extended round when it ends, a crash bet
-- when its money is final), in the transaction that settles it. The readers (My bets, the bet overview,
-- the live feed history, the weekly race, the statistics) read this one table, so every product shows.
--
-- product:     'originals' (single-round), 'extended' (rounds with decisions), 'crash' (multiplayer)
-- reference:   the product's own key of the stake when it is not the bet id (crash: '{round}:{user}'),
--              unique per product, so a settlement replayed after a crash inserts nothing twice
-- placed_at:   when the stake was taken (created_at is when it was settled and recorded)
-- bonus_wager: the part of the stake paid with bonus money (zero until bonus money exists)
-- Crash bets have no seed pair or nonce of their own (the round's hash chain decides them).
alter table bets add column if not exists product text not null default 'originals';
alter table bets add column if not exists reference text;
alter table bets add column if not exists placed_at timestamptz;
alter table bets add column if not exists bonus_wager numeric(38, 0) not null default 0;
alter table bets alter column seed_pair_id drop not null;
alter table bets alter column nonce drop not null;
create unique index if not exists bets_product_reference on bets (product, reference)
  where reference is not null;

-- Extended rounds already had their bet row under the round's id.
update bets b set product = 'extended', placed_at = r.created_at
  from extended_rounds r where r.id = b.id and b.product = 'originals';

-- Settled crash bets of the past become wager records too (a lost bet has payout 0).
insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
  profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at, product, reference,
  placed_at)
select b.user_id, 'crash', b.currency, false, b.wager, coalesce(b.multiplier, 0) * 1000000,
  coalesce(b.multiplier, 0), 100, coalesce(b.payout, 0), coalesce(b.payout, 0) - b.wager, null, null,
  jsonb_build_object('round', b.round_id::text, 'auto_cash_out', b.auto_cash_out),
  jsonb_build_object('crash_point', r.crash_point::text, 'cashout_ms', b.cashout_ms,
                     'cashout_kind', b.cashout_kind),
  coalesce(r.house_edge_bps, 100), b.wager_usd, b.settled_at, 'crash', b.round_id::text || ':' || b.user_id::text,
  b.created_at
  from crash_bets b join crash_rounds r on r.id = b.round_id
 where b.status = 'placed' and b.settled_at is not null
on conflict do nothing;

-- ... and count in the players' statistics.
insert into game_stats as s (user_id, game, currency, demo, bets, wins, wagered, payout, profit, wagered_usd,
  updated_at)
select user_id, game, currency, demo, count(*), count(*) filter (where payout > wager), sum(wager), sum(payout),
  sum(profit), coalesce(sum(wager_usd), 0), now()
  from bets where product = 'crash' group by user_id, game, currency, demo
on conflict (user_id, game, currency, demo) do update set
  bets = s.bets + excluded.bets, wins = s.wins + excluded.wins, wagered = s.wagered + excluded.wagered,
  payout = s.payout + excluded.payout, profit = s.profit + excluded.profit,
  wagered_usd = s.wagered_usd + excluded.wagered_usd, updated_at = excluded.updated_at;
