-- G6 item 1: the VIP programme (modules/vip, decision 0035).
--
-- vip_progress: per player, the USD deposited (credited deposits, at the price when counted) and
-- wagered (the real-money part of each settled real bet, at the bet's price) and the level reached.
-- Written only by the VIP consumers on the jobs leader, in batches (never by a bet's transaction).
create table if not exists vip_progress (
  user_id uuid primary key references users (id) on delete restrict,
  deposited_usd numeric not null default 0,
  wagered_usd numeric not null default 0,
  level integer not null default 0,
  updated_at timestamptz not null default now(),
  constraint vip_progress_amounts check (deposited_usd >= 0 and wagered_usd >= 0),
  constraint vip_progress_level check (level between 0 and 10)
);

-- One row per level a player reached through the programme: written once, with its bonus (ledger
-- key vip:level-up:{user}:{level}); the primary key makes a level-up happen at most once.
create table if not exists vip_level_ups (
  user_id uuid not null references users (id) on delete restrict,
  level integer not null,
  currency text not null,
  amount numeric(38, 0) not null default 0,
  bonus_usd numeric not null default 0,
  transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  primary key (user_id, level),
  constraint vip_level_ups_amount check (amount >= 0)
);

-- Where the VIP deposit consumer stands in the credited-deposit stream (below).
create table if not exists vip_cursors (
  name text primary key,
  last_tx xid8 not null default '0',
  last_id bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- Credited deposits as a stream (the same horizon rule as the wager stream, migration 0022): the
-- transaction that marks a deposit credited stamps it, and a reader takes stamped rows in (tx, id)
-- order below the oldest running transaction, so none is skipped whatever order credits commit in.
-- Deposits credited before this migration are stamped '1': the VIP consumer counts them on its first run.
alter table deposits add column if not exists credited_tx xid8;
update deposits set credited_tx = '1' where status = 1 and credited_tx is null;
create index if not exists deposits_credited_stream on deposits (credited_tx, id) where credited_tx is not null;

-- Bets recorded before the wager stream (no tx) count too: their real part, as the consumer counts.
insert into vip_progress as p (user_id, wagered_usd)
select user_id, trunc(sum(wager_usd * (wager - bonus_wager) / wager), 8)
  from bets
 where tx is null and not demo and wager_usd > 0 and wager > 0
 group by user_id
on conflict (user_id) do update set wagered_usd = p.wagered_usd + excluded.wagered_usd;
-- A level set before the programme (by staff) is where the programme starts: no bonus for it.
update vip_progress p set level = least(u.vip_level, 10) from users u where u.id = p.user_id and u.vip_level > 0;

-- The withdrawal terms per level move from `vip_withdraw` into the VIP level table (`vip.levels`):
-- an operator's stored terms are copied once, then the old key goes.
insert into settings (key, value)
select 'vip.levels',
       jsonb_agg(jsonb_build_object(
         'level', r -> 'level',
         'withdrawFeePercent', r -> 'feePercent',
         'withdrawMinUsd', r -> 'minUsd',
         'withdrawMaxUsd', r -> 'maxUsd',
         'withdrawPerDay', r -> 'perDay'))
  from settings s, jsonb_array_elements(s.value) r
 where s.key = 'vip_withdraw' and jsonb_typeof(s.value) = 'array'
having count(*) > 0
on conflict (key) do nothing;
delete from settings where key = 'vip_withdraw';
