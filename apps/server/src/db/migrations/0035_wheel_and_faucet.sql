-- G7: the bonus wheel and the faucet (modules/wheel, modules/faucet; decision 0039).

-- Wheel tickets: one row per player holding the count, never negative (the CHECK guards it under any
-- concurrency); each grant is recorded once by its key (`registration:{user}`, a promo code's key...),
-- so granting twice under one key adds nothing.
create table if not exists wheel_tickets (
  user_id uuid primary key references users (id) on delete restrict,
  tickets integer not null default 0,
  updated_at timestamptz not null default now(),
  constraint wheel_tickets_not_negative check (tickets >= 0)
);

create table if not exists wheel_ticket_grants (
  key text primary key,
  user_id uuid not null references users (id) on delete restrict,
  tickets integer not null,
  created_at timestamptz not null default now(),
  constraint wheel_ticket_grants_positive check (tickets > 0)
);
create index if not exists wheel_ticket_grants_user on wheel_ticket_grants (user_id);

-- Each spin: the seed pair and nonce it took, the weights and prizes it was drawn with (as published
-- then), the prize and segment, and what was credited as bonus money (bonus_id: the bonus record).
create table if not exists wheel_spins (
  id uuid primary key,
  user_id uuid not null references users (id) on delete restrict,
  seed_pair_id bigint not null,
  client_seed text not null,
  nonce bigint not null,
  weights jsonb not null,
  prizes jsonb not null,
  prize integer not null,
  segment integer not null,
  usd numeric(20, 2) not null,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  bonus_id uuid,
  created_at timestamptz not null default now(),
  constraint wheel_spins_segment check (segment between 0 and 11 and prize between 0 and 5),
  constraint wheel_spins_amount check (amount >= 0)
);
create index if not exists wheel_spins_user on wheel_spins (user_id, created_at desc);

-- The faucet: one row per player with the time of the next claim (taken atomically: a claim updates it
-- only when it has passed), and one row per claim with what it paid (real money from promotions).
create table if not exists faucet_state (
  user_id uuid primary key references users (id) on delete restrict,
  next_at timestamptz not null,
  claims integer not null default 1
);

create table if not exists faucet_claims (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete restrict,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  usd numeric(20, 8) not null,
  vip_level integer not null,
  created_at timestamptz not null default now(),
  constraint faucet_claims_amount check (amount > 0)
);
create index if not exists faucet_claims_user on faucet_claims (user_id, created_at desc);
