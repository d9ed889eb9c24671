-- G7: rakeback (modules/rakeback, decision 0040). The rakeback module's consumer of the wager stream
-- adds, per player, currency and UTC day, the exact product stake x edge (basis points) x rate (the VIP
-- level's percent in 1e-4 units) of each real stake: `accrued` is in 1e-10 atomic units of the currency
-- (stake x bps / 1e4 x rate / 1e6), summed without rounding. What a player may be paid is
-- floor(sum(accrued) / 1e10) minus what was paid: one floor over the running total, so no sub-unit
-- remainder is lost or paid twice.
create table if not exists rakeback_accruals (
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  day date not null,
  accrued numeric(60, 0) not null default 0,
  -- The real stake the accrual came from (atomic units), for the record.
  wagered numeric(38, 0) not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, currency, day)
);

-- Payments: a claim (once per 4 hours, `period` is the claim's time) or the daily settlement at 0:00
-- UTC of what was left unclaimed (`period` is the day that ended). One row per player, currency, kind
-- and period; the ledger transfer's key is built from the same fields.
create table if not exists rakeback_payments (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  kind text not null,
  period text not null,
  amount numeric(38, 0) not null,
  transfer_id bigint,
  created_at timestamptz not null default now(),
  constraint rakeback_payments_kind check (kind in ('claim', 'settlement')),
  constraint rakeback_payments_amount check (amount > 0),
  constraint rakeback_payments_once unique (user_id, currency, kind, period)
);
create index if not exists rakeback_payments_user on rakeback_payments (user_id, created_at desc);

-- One row per player who accrued: the lock a claim takes (concurrent claims pay once) and the time of
-- the last claim (the 4-hour cooldown).
create table if not exists rakeback_players (
  user_id uuid primary key references users (id) on delete restrict,
  last_claim_at timestamptz
);
