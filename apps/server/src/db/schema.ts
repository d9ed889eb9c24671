import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
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
