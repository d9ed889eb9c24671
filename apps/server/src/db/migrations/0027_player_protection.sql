-- G5: player protection (modules/protection, decision 0025). One record per player with what is in
-- force, the pending increases and removals, the append-only history, and the usage counters the money
-- paths keep for players with limits. Self-exclusion moves here from users.self_excluded_until.

create table if not exists player_protection (
  user_id uuid primary key references users (id) on delete cascade,
  -- Limits in force, by `{kind}:{period}` (deposit|loss|wager : day|week|month):
  -- {"amount": "100", "currency": "usd", "value": "100", "since": "..."}; `value` is in the counters'
  -- scale of the unit (USD for `usd`, atomic units of the currency otherwise).
  limits jsonb not null default '{}'::jsonb,
  session_limit_minutes int,
  -- null: the operator's default (setting protection.reality_check); 0: off.
  reality_check_seconds int,
  -- A time-out or self-exclusion; block_until null with a type: indefinite. Kept after it ended.
  block_type text,
  block_duration text,
  block_since timestamptz,
  block_until timestamptz,
  block_lifted_at timestamptz,
  -- Stakes are judged inside their transaction: a loss or wager limit or a session limit is in force.
  guarded boolean not null default false,
  -- Deposits are judged when credited: a deposit limit is in force.
  deposit_guarded boolean not null default false,
  -- The play session (reality check, session limit).
  session_started_at timestamptz,
  session_seen_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint player_protection_block check (block_type is null or block_type in ('time_out', 'self_exclusion')),
  constraint player_protection_limits check (jsonb_typeof(limits) = 'object')
);

-- At most one pending change per target (`limit:{kind}:{period}`, `session_limit`, `reality_check`).
create table if not exists protection_pending (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  target text not null,
  from_value jsonb,
  to_value jsonb,
  requested_at timestamptz not null,
  applies_at timestamptz not null
);
create unique index if not exists protection_pending_target on protection_pending (user_id, target);

-- Append-only history of every change (a trigger refuses update, delete, truncate).
create table if not exists protection_history (
  id bigserial primary key,
  user_id uuid not null,
  at timestamptz not null,
  action text not null,
  target text not null,
  from_text text,
  to_text text,
  by text not null,
  actor_id uuid,
  -- The client's request id of a time-out or self-exclusion (a retry adds nothing).
  request_id text,
  -- The pending change a confirmation or cancellation was about (a retry answers `unchanged`).
  pending_id bigint,
  constraint protection_history_by check (by in ('player', 'staff', 'system'))
);
create index if not exists protection_history_user on protection_history (user_id, id desc);
create unique index if not exists protection_history_request on protection_history (user_id, request_id)
  where request_id is not null;
create index if not exists protection_history_pending on protection_history (user_id, pending_id)
  where pending_id is not null;

create or replace function protection_history_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the protection history is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end;
$$;
drop trigger if exists protection_history_append_only on protection_history;
create trigger protection_history_append_only before update or delete on protection_history
  for each row execute function protection_history_append_only();
drop trigger if exists protection_history_no_truncate on protection_history;
create trigger protection_history_no_truncate before truncate on protection_history
  for each statement execute function protection_history_append_only();

-- What a guarded player's money did in each period, by unit (`usd` or a currency id): deposits
-- credited, stakes placed, returns (payouts and refunds) received. USD in dollars, currencies in
-- atomic units.
create table if not exists protection_usage (
  user_id uuid not null references users (id) on delete cascade,
  period text not null,
  period_start timestamptz not null,
  unit text not null,
  deposited numeric not null default 0,
  staked numeric not null default 0,
  returned numeric not null default 0,
  primary key (user_id, period, period_start, unit)
);

-- Held deposits waiting for their release (the money itself is the player's `held` ledger account).
create table if not exists protection_holds (
  user_id uuid not null references users (id) on delete cascade,
  currency text not null,
  release_at timestamptz not null,
  primary key (user_id, currency)
);
create index if not exists protection_holds_due on protection_holds (release_at);

-- The held balance is a player account kind of the ledger.
alter table ledger_accounts drop constraint if exists ledger_accounts_kind;
alter table ledger_accounts add constraint ledger_accounts_kind
  check (kind in ('real', 'demo', 'bonus', 'rakeback', 'held', 'house', 'chain', 'fees', 'promotions', 'demo_faucet'));

-- Self-exclusions set before this migration move here; the users column goes (one source of truth).
insert into player_protection (user_id, block_type, block_duration, block_since, block_until)
select id, 'self_exclusion', 'legacy', coalesce(updated_at, now()), self_excluded_until
  from users where self_excluded_until is not null and self_excluded_until > now()
on conflict (user_id) do nothing;
alter table users drop column if exists self_excluded_until;
