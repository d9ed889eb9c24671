-- Withdrawals (modules/withdrawals) and price-feed quotes (modules/prices).

-- One row per withdrawal request. `amount` is what the player receives, `fee` what the casino keeps;
-- both were debited from the player's real balance at request (ledger keys withdraw:{id}:amount and
-- withdraw:{id}:fee). `held` turns true once those debits are committed; a row that is not held yet is
-- an in-flight request (or one cut off by a crash, repaired by reconcileWithdrawals). `refunded_at`
-- is set once a declined or cancelled withdrawal has been refunded.
create table if not exists withdrawals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  chain text not null,
  address text not null,
  amount numeric(38, 0) not null,
  fee numeric(38, 0) not null default 0,
  status smallint not null default 0,
  auto boolean not null default false,
  held boolean not null default false,
  decline_reason text,
  txid text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  decided_by uuid references users (id) on delete set null,
  decided_at timestamptz,
  refunded_at timestamptz,
  constraint withdrawals_amount_positive check (amount > 0),
  constraint withdrawals_fee_nonnegative check (fee >= 0),
  -- 0 and 3 moderation, 1 accepted (paid), 2 declined (refunded), 4 cancelled (refunded).
  constraint withdrawals_status_range check (status between 0 and 4)
);
-- Only one withdrawal in moderation per player, whatever the interleaving of requests.
create unique index if not exists withdrawals_one_pending on withdrawals (user_id) where status in (0, 3);
create index if not exists withdrawals_user_created on withdrawals (user_id, created_at desc);
create index if not exists withdrawals_queue on withdrawals (created_at) where status in (0, 3);
create index if not exists withdrawals_unrefunded on withdrawals (updated_at)
  where status in (2, 4) and held and refunded_at is null;

-- Latest quote per currency from the HTTP price feed. The static prices stay in currencies.price_usd
-- and price_eur; a quote here overrides them while a feed is configured.
create table if not exists price_quotes (
  currency_id text primary key references currencies (id) on delete cascade,
  price_usd numeric(30, 12) not null,
  price_eur numeric(30, 12) not null,
  source text not null,
  updated_at timestamptz not null default now(),
  constraint price_quotes_positive check (price_usd > 0 and price_eur > 0)
);
