-- G6: bonus money (modules/bonus, decision 0036). A bonus is a record beside the player's `bonus`
-- ledger account of its currency: the money itself is only ever in the ledger (credited from the
-- promotions account, forfeited back to it, or moved to the real balance once its wagering is met);
-- this row says where it came from, what must be wagered (weighted) and what has been, when it
-- expires and how it ended. At most one active bonus per player and currency, so the bonus account of
-- that currency holds exactly what is left of it.
create table if not exists bonuses (
  id uuid primary key,
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  -- 'deposit': a deposit promotion (promotion_id says which).
  source text not null,
  promotion_id text,
  -- As credited, in atomic units of `currency`.
  amount numeric(38, 0) not null,
  wagering_required numeric(38, 0) not null,
  wagering_done numeric(38, 0) not null default 0,
  expires_at timestamptz not null,
  status text not null default 'active',
  -- What the ending moved: to the real balance (converted) or back to promotions (the others).
  closed_amount numeric(38, 0),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  constraint bonuses_amount_positive check (amount > 0),
  constraint bonuses_wagering check (wagering_required >= 0 and wagering_done >= 0),
  constraint bonuses_status check (status in ('active', 'converted', 'cancelled', 'expired', 'reset')),
  constraint bonuses_closed check ((status = 'active') = (closed_at is null))
);
create unique index if not exists bonuses_one_active on bonuses (user_id, currency) where status = 'active';
create index if not exists bonuses_user on bonuses (user_id, created_at desc);
create index if not exists bonuses_active on bonuses (expires_at) where status = 'active';

-- Opt-ins to deposit promotions (the promotions themselves are the `bonus.deposit_promotions`
-- setting): one per player and promotion, ever. `waiting` until the first deposit credited after
-- `opted_at` qualifies it: then `credited` (bonus_id) or `refused` (why in `note`: below the
-- minimum, already received by a linked account...).
create table if not exists bonus_opt_ins (
  user_id uuid not null references users (id) on delete restrict,
  promotion_id text not null,
  opted_at timestamptz not null default now(),
  status text not null default 'waiting',
  deposit_id bigint,
  bonus_id uuid references bonuses (id),
  note text,
  decided_at timestamptz,
  primary key (user_id, promotion_id),
  constraint bonus_opt_ins_status check (status in ('waiting', 'credited', 'refused'))
);
create index if not exists bonus_opt_ins_waiting on bonus_opt_ins (opted_at) where status = 'waiting';
