-- G1: the wager stream (modules/wagers/stream.ts). Each wager record carries the id of the transaction
-- that wrote it (`tx`). A consumer reads records in (tx, id) order, only below the oldest transaction
-- still running (pg_snapshot_xmin of the current snapshot): every transaction below it has ended, so no
-- record can appear there later and none is skipped, whatever order concurrent bets commit in. Records
-- written before this migration have no `tx` and are not in the stream (their effects were applied
-- when they were written).
alter table bets add column if not exists tx xid8;
alter table bets alter column tx set default pg_current_xact_id();
create index if not exists bets_stream on bets (tx, id) where tx is not null;

-- Where each consumer of the stream stands: the last record it applied, moved in the transaction that
-- applies the next batch, so a batch is applied exactly once in effect.
create table if not exists wager_consumers (
  name text primary key,
  last_tx xid8 not null default '0',
  last_id bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- The race's standings are folded by its consumer of the stream from now on (modules/race): fold the
-- bets the old job had not folded yet, so `race_wagers` holds every bet written before this migration.
insert into race_wagers as r (week, user_id, wager_usd, last_bet_id)
select (date_trunc('week', created_at at time zone 'UTC'))::date, user_id, sum(wager_usd), max(id)
  from bets
 where id > (select last_bet_id from race_progress where id = 1) and not demo and wager_usd > 0
 group by 1, 2
on conflict (week, user_id) do update set
  wager_usd = r.wager_usd + excluded.wager_usd,
  last_bet_id = greatest(r.last_bet_id, excluded.last_bet_id);
update race_progress set last_bet_id = coalesce((select max(id) from bets), last_bet_id), updated_at = now()
 where id = 1;
