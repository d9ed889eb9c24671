-- Double-entry ledger. See apps/server/src/modules/ledger/ledger.service.ts for the invariants.

-- One account per (kind, owner, currency). Player accounts keep a running balance that a CHECK keeps
-- at or above zero; system accounts (house, chain, fees, promotions, demo) are append-only: their
-- balance is the sum of their postings, so no row is touched by every bet.
create table if not exists ledger_accounts (
  id bigserial primary key,
  kind text not null,
  owner_id uuid references users (id) on delete restrict,
  currency text not null references currencies (id),
  balance numeric(38, 0) not null default 0,
  is_system boolean not null default false,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_kind check (kind in ('real', 'demo', 'bonus', 'rakeback', 'house', 'chain', 'fees', 'promotions', 'demo_faucet')),
  constraint ledger_accounts_owner check ((owner_id is null) = is_system),
  constraint ledger_accounts_balance_nonnegative check (is_system or balance >= 0)
);
create unique index if not exists ledger_accounts_player_unique on ledger_accounts (kind, owner_id, currency) where owner_id is not null;
create unique index if not exists ledger_accounts_system_unique on ledger_accounts (kind, currency) where owner_id is null;

create table if not exists ledger_transfers (
  id bigserial primary key,
  idempotency_key text not null,
  kind text not null,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  debit_account bigint not null references ledger_accounts (id),
  credit_account bigint not null references ledger_accounts (id),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint ledger_transfers_amount_positive check (amount > 0),
  constraint ledger_transfers_distinct_accounts check (debit_account <> credit_account)
);
create unique index if not exists ledger_transfers_idempotency_unique on ledger_transfers (idempotency_key);

-- Append-only: two postings per transfer, -amount on the debit account and +amount on the credit one.
create table if not exists ledger_postings (
  id bigserial primary key,
  transfer_id bigint not null references ledger_transfers (id),
  account_id bigint not null references ledger_accounts (id),
  currency text not null,
  amount numeric(38, 0) not null,
  created_at timestamptz not null default now()
);
create index if not exists ledger_postings_account_idx on ledger_postings (account_id, id);
create index if not exists ledger_postings_transfer_idx on ledger_postings (transfer_id);

-- Postings and transfers are never updated or deleted.
create or replace function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end;
$$;
drop trigger if exists ledger_postings_append_only on ledger_postings;
create trigger ledger_postings_append_only before update or delete on ledger_postings
  for each row execute function ledger_append_only();
drop trigger if exists ledger_transfers_append_only on ledger_transfers;
create trigger ledger_transfers_append_only before update or delete on ledger_transfers
  for each row execute function ledger_append_only();
