-- Deposits: stable deposit addresses, detected chain transfers and their crediting.
-- See apps/server/src/modules/deposits/deposits.service.ts.

-- One BIP32 child index per player, shared by all their chains (m/44'/coin'/0'/0/index): a player's
-- EVM address is the same on every EVM chain, so a token sent on the wrong EVM chain still reaches them.
create sequence if not exists deposit_derivation_index_seq as bigint minvalue 0 start with 0;
create table if not exists deposit_derivation_indexes (
  user_id uuid primary key references users (id) on delete restrict,
  derivation_index bigint not null default nextval('deposit_derivation_index_seq'),
  created_at timestamptz not null default now(),
  constraint deposit_derivation_index_range check (derivation_index >= 0 and derivation_index <= 2147483647)
);
create unique index if not exists deposit_derivation_indexes_index_unique on deposit_derivation_indexes (derivation_index);

-- One stable address per player per chain (all tokens of an EVM chain share it).
create table if not exists deposit_addresses (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete restrict,
  chain text not null,
  address text not null,
  derivation_index bigint not null,
  created_at timestamptz not null default now()
);
create unique index if not exists deposit_addresses_user_chain_unique on deposit_addresses (user_id, chain);
create unique index if not exists deposit_addresses_chain_address_unique on deposit_addresses (chain, address);

-- A detected transfer to one of our addresses. Status 0: not credited yet (confirming); 1: credited
-- through the ledger (transfer key deposit:{chain}:{txid}:{output_index}).
create table if not exists deposits (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  chain text not null,
  address text not null,
  txid text not null,
  -- vout on UTXO chains; position of the Transfer log in the transaction for tokens; -1 native EVM value.
  output_index integer not null,
  -- In the ledger's atomic units of `currency` (floored from the chain's units).
  amount numeric(38, 0) not null,
  -- In the chain's own units (wei, 6-decimal USDT...), as seen on chain.
  chain_amount numeric(78, 0) not null,
  chain_decimals integer not null,
  confirmations integer not null default 0,
  required_confirmations integer not null,
  block_number bigint,
  -- Below the currency's minimum deposit: recorded, never credited automatically.
  below_minimum boolean not null default false,
  status smallint not null default 0,
  credited_transfer_id bigint references ledger_transfers (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  credited_at timestamptz,
  constraint deposits_amount_positive check (amount > 0),
  constraint deposits_status check (status in (0, 1)),
  constraint deposits_credited check ((status = 1) = (credited_transfer_id is not null))
);
create unique index if not exists deposits_output_unique on deposits (chain, txid, output_index);
create index if not exists deposits_user_idx on deposits (user_id, created_at desc, id desc);
create index if not exists deposits_pending_idx on deposits (id) where status = 0 and not below_minimum;

-- Where each chain's scan continues.
create table if not exists chain_scan_cursors (
  chain text primary key,
  next_block numeric(78, 0) not null,
  updated_at timestamptz not null default now()
);

-- The simulated chain of the embedded demo and development (amount in the chain's units).
create table if not exists sim_chain_txs (
  id bigserial primary key,
  chain text not null,
  txid text not null,
  output_index integer not null default 0,
  currency text not null references currencies (id),
  to_address text not null,
  amount numeric(78, 0) not null,
  chain_decimals integer not null,
  block_number bigint not null,
  created_at timestamptz not null default now(),
  constraint sim_chain_txs_amount_positive check (amount > 0)
);
create unique index if not exists sim_chain_txs_output_unique on sim_chain_txs (chain, txid, output_index);
create index if not exists sim_chain_txs_scan_idx on sim_chain_txs (chain, block_number);

-- Per-IP budget of GET /api/walletNotify (shared by all nodes).
create table if not exists deposit_notify_limits (
  ip text primary key,
  window_started_at timestamptz not null default now(),
  hits integer not null default 0
);
