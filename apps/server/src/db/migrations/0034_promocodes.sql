-- G7 item 1: promo codes (modules/promocodes, decision 0038). A code gives real money or bonus money
-- (a bonus record, modules/bonus) from the promotions account, once per player: the activation row's
-- primary key (code, player) and the ledger key promocode:{code id}:{player} both say so. `uses` counts
-- activations; the activation's conditional update (uses < max_uses) under the row's lock is what makes
-- N concurrent activations of a code with M uses give exactly min(N, M).
create table if not exists promocodes (
  id bigserial primary key,
  code text not null,
  description text not null default '',
  -- 'real': `amount` to the real balance; 'bonus': a bonus of `amount` with wagering `multiplier`.
  type text not null,
  currency text not null references currencies (id),
  amount numeric(38, 0) not null,
  multiplier integer not null default 0,
  bonus_expiry_days integer not null default 30,
  max_uses integer,
  uses integer not null default 0,
  expires_at timestamptz,
  min_vip_level integer not null default 0,
  -- 'any', 'referred' (only players who registered with an invite code), 'unaffiliated' (only others).
  affiliation text not null default 'any',
  -- A private code: only these players may activate it (null: anyone).
  private_to uuid[],
  -- The player whose own code it is: they cannot activate it.
  owner_id uuid references users (id) on delete restrict,
  public boolean not null default false,
  disabled_at timestamptz,
  created_by uuid references users (id) on delete restrict,
  created_at timestamptz not null default now(),
  constraint promocodes_type check (type in ('real', 'bonus')),
  constraint promocodes_amount check (amount > 0),
  constraint promocodes_uses check (uses >= 0 and (max_uses is null or (max_uses > 0 and uses <= max_uses))),
  constraint promocodes_affiliation check (affiliation in ('any', 'referred', 'unaffiliated')),
  constraint promocodes_terms check (multiplier >= 0 and bonus_expiry_days > 0 and min_vip_level >= 0)
);
create unique index if not exists promocodes_code_unique on promocodes (lower(code));

create table if not exists promocode_activations (
  code_id bigint not null references promocodes (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  currency text not null,
  amount numeric(38, 0) not null,
  -- The bonus record of a bonus code.
  bonus_id uuid,
  created_at timestamptz not null default now(),
  primary key (code_id, user_id)
);
-- The daily promo limit counts a player's activations of the last 24 hours.
create index if not exists promocode_activations_user on promocode_activations (user_id, created_at desc);
