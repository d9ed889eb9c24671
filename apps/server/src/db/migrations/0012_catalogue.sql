-- Game catalogue (modules/catalogue): providers, their territory restrictions, games (in-house and
-- provider), favourites and the home banner slides. Plain SQL that runs on PostgreSQL 15 and PGlite
-- (no extensions: name search is a lower(name) substring match over the listed rows, see
-- docs/BENCHMARKS.md "Lobby").

create table if not exists game_providers (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text not null,
  image text not null,
  priority integer not null default 0,
  is_featured boolean not null default false,
  created_at timestamptz not null default now()
);

-- The operator's free-text restriction record per provider (spec 2 section 3) and the ISO 3166-1
-- alpha-2 codes parsed from it (empty when the text starts with "no": no restriction).
create table if not exists provider_restrictions (
  provider text primary key references game_providers (id) on delete cascade,
  countries text not null,
  iso text[] not null default '{}',
  updated_at timestamptz not null default now()
);

create table if not exists games (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  name text not null,
  image text not null,
  icon text,
  -- 'originals' for the in-house games, else the provider id.
  type text not null,
  provider text references game_providers (id) on delete cascade,
  priority integer not null default 0,
  categories text[] not null default '{}',
  is_featured boolean not null default false,
  is_search_featured boolean not null default false,
  custom_category text check (custom_category in ('live', 'buy-bonuses', 'game-shows', 'new-releases')),
  -- False for provider games while no provider integration exists: listed, opened as a demo popup.
  launchable boolean not null default false,
  disabled boolean not null default false,
  hidden boolean not null default false,
  created_at timestamptz not null default now(),
  check ((type = 'originals' and provider is null) or (type <> 'originals' and provider = type))
);

-- The listed rows (not hidden, not disabled) in lobby order, per filter the lobby sends.
create index if not exists games_listed_order_idx on games (priority desc, name, id)
  where not hidden and not disabled;
create index if not exists games_categories_idx on games using gin (categories);
create index if not exists games_custom_category_idx on games (custom_category, priority desc)
  where not hidden and not disabled;
create index if not exists games_type_idx on games (type, priority desc) where not hidden and not disabled;
create index if not exists games_search_featured_idx on games (priority desc)
  where is_search_featured and not hidden and not disabled;

create table if not exists game_favourites (
  user_id uuid not null references users (id) on delete cascade,
  game_id text not null references games (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, game_id)
);
create index if not exists game_favourites_game_idx on game_favourites (game_id);

-- Home banner slides (spec 2 "Banner": _id, type, link, image, title). Type 'Poker' is never shown
-- to guests.
create table if not exists slides (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  type text not null,
  title text not null,
  text text not null default '',
  link text not null,
  image text not null,
  priority integer not null default 0,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
