import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Migrations in ./migrations are generated from this file with
 * `npm run db:generate` and must run on PostgreSQL 15 and on PGlite (PostgreSQL 18).
 */

/** Key/value operator settings (licence, plugins, feature switches). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const currencies = pgTable(
  'currencies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    style: text('style').notNull(),
    decimals: integer('decimals').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Configured static prices (used when no price feed is configured). Display only, never money. */
    priceUsd: numeric('price_usd', { precision: 30, scale: 12 }).notNull().default('0'),
    priceEur: numeric('price_eur', { precision: 30, scale: 12 }).notNull().default('0'),
  },
  (t) => [check('currencies_decimals_range', sql`${t.decimals} between 0 and 18`)],
);

export const currencyChains = pgTable(
  'currency_chains',
  {
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    chainId: text('chain_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.currencyId, t.chainId] })],
);

/** A role grants permissions; id `*` holds every right. */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** [{id, permissions: {active: true, ...}}] as the client reads it (spec 3 section 3). */
  permissions: jsonb('permissions')
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    isDemoAccount: boolean('is_demo_account').notNull().default(false),
    vipLevel: integer('vip_level').notNull().default(0),
    /** Self-exclusion: no play or deposits until this moment (spec: /error/se). */
    selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
    privateProfile: boolean('private_profile').notNull().default(false),
    privateBets: boolean('private_bets').notNull().default(false),
    /** TOTP secret, encrypted at rest (AES-256-GCM with a key derived from SECRET_KEY). */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being set up, not active until confirmed with a code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** Lower-case 0x address of a browser-wallet account. */
    walletAddress: text('wallet_address'),
    telegramId: text('telegram_id'),
    invitedBy: uuid('invited_by'),
    referralCode: text('referral_code'),
    registrationIp: text('registration_ip'),
    deviceId: text('device_id'),
    /** Chat muted until this moment (migration 0016_chat.sql; spec 2 "User.mute"). */
    chatMutedUntil: timestamp('chat_muted_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_name_lower_unique').on(sql`lower(${t.name})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_wallet_address_unique').on(t.walletAddress),
    uniqueIndex('users_telegram_id_unique').on(t.telegramId),
    uniqueIndex('users_referral_code_unique').on(sql`lower(${t.referralCode})`),
    index('users_registration_ip_idx').on(t.registrationIp),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * Sign-in sessions. The bearer token is random and only its SHA-256 is stored; so is the
 * realtime secret of the session (POST /api/websocket/originals/getSecret).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    wsSecretHash: text('ws_secret_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When this session last passed a 2FA check (sensitive actions need it fresh). */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    uniqueIndex('sessions_ws_secret_hash_unique').on(t.wsSecretHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Failed sign-in attempts per key (login name or IP), for rate limiting and temporary locks. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Bet statistics per player, game, currency and demo flag (migration 0011_game_stats.sql). The games
 * engine upserts the row in the statement that inserts the bet; amounts are atomic units.
 */
export const gameStats = pgTable(
  'game_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.id),
    demo: boolean('demo').notNull(),
    bets: bigint('bets', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wins: bigint('wins', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wagered: numeric('wagered', { precision: 38, scale: 0 }).notNull().default('0'),
    payout: numeric('payout', { precision: 38, scale: 0 }).notNull().default('0'),
    profit: numeric('profit', { precision: 38, scale: 0 }).notNull().default('0'),
    wageredUsd: numeric('wagered_usd').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.game, t.currency, t.demo] })],
);

/** Game providers of the catalogue (migration 0012_catalogue.sql). */
export const gameProviders = pgTable('game_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  priority: integer('priority').notNull().default(0),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A provider's free-text territory restrictions and the ISO country codes parsed from them. */
export const providerRestrictions = pgTable('provider_restrictions', {
  provider: text('provider')
    .primaryKey()
    .references(() => gameProviders.id, { onDelete: 'cascade' }),
  countries: text('countries').notNull(),
  iso: text('iso')
    .array()
    .notNull()
    .default(sql`'{}'`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The game catalogue: in-house games (type `originals`) and provider games (type = provider id). */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    icon: text('icon'),
    type: text('type').notNull(),
    provider: text('provider').references(() => gameProviders.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull().default(0),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    isFeatured: boolean('is_featured').notNull().default(false),
    isSearchFeatured: boolean('is_search_featured').notNull().default(false),
    customCategory: text('custom_category'),
    launchable: boolean('launchable').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('games_categories_idx').using('gin', t.categories),
    check(
      'games_custom_category_check',
      sql`${t.customCategory} in ('live', 'buy-bonuses', 'game-shows', 'new-releases')`,
    ),
  ],
);

/** A player's favourite games. */
export const gameFavourites = pgTable(
  'game_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] }), index('game_favourites_game_idx').on(t.gameId)],
);

/** Home banner slides (type `Poker` is hidden from guests). */
export const slides = pgTable('slides', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  text: text('text').notNull().default(''),
  link: text('link').notNull(),
  image: text('image').notNull(),
  priority: integer('priority').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Weekly race: how far `race.aggregate` has folded bets into `race_wagers` (migration 0013_race.sql). */
export const raceProgress = pgTable(
  'race_progress',
  {
    id: smallint('id').primaryKey().default(1),
    lastBetId: bigint('last_bet_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('race_progress_single_row', sql`${t.id} = 1`)],
);

/** USD wagered in real bets per race week (its Monday, UTC) and player, up to `race_progress`. */
export const raceWagers = pgTable(
  'race_wagers',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wagerUsd: numeric('wager_usd').notNull().default('0'),
    lastBetId: bigint('last_bet_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId] }),
    index('race_wagers_rank').on(t.week, t.wagerUsd.desc(), t.lastBetId),
  ],
);

/** A closed race week whose standings were fixed for payment, with its pool in atomic units. */
export const raceWeeks = pgTable('race_weeks', {
  week: date('week', { mode: 'string' }).primaryKey(),
  currency: text('currency')
    .notNull()
    .references(() => currencies.id),
  pool: numeric('pool', { precision: 38, scale: 0 }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

/** One prize of a closed race week, paid through the ledger with key race:{week}:{place}. */
export const racePayouts = pgTable(
  'race_payouts',
  {
    week: date('week', { mode: 'string' })
      .notNull()
      .references(() => raceWeeks.week),
    place: integer('place').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    wagerUsd: numeric('wager_usd').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.id),
    amount: numeric('amount', { precision: 38, scale: 0 }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.place] }),
    check('race_payouts_place_range', sql`${t.place} between 1 and 20`),
  ],
);
