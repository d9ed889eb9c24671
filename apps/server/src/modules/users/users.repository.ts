/**
 * Account lookups and creation (the users module owns `users`, `roles` and `user_roles`; other modules
 * use these functions, account.ts and the relations of relations.ts, never the tables).
 */
import type { Database } from '../../db/client.js';

export interface UserRecord {
  id: string;
  name: string;
  email: string | null;
  email_verified_at: Date | null;
  password_hash: string | null;
  avatar: string | null;
  vip_level: number;
  private_profile: boolean;
  private_bets: boolean;
  two_factor_enabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, name, email, email_verified_at, password_hash, avatar, vip_level,
  private_profile, private_bets, two_factor_enabled_at, created_at`;

export async function findUserById(database: Database, id: string): Promise<UserRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await database.query<UserRecord>(`select ${COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

/** By login name or email, case-insensitive. */
export async function findUserByLogin(database: Database, login: string): Promise<UserRecord | null> {
  const rows = await database.query<UserRecord>(
    `select ${COLUMNS} from users where lower(name) = lower($1) or lower(email) = lower($1) order by (lower(name) = lower($1)) desc limit 1`,
    [login.trim()],
  );
  return rows[0] ?? null;
}

export async function findUserByName(database: Database, name: string): Promise<UserRecord | null> {
  const rows = await database.query<UserRecord>(
    `select ${COLUMNS} from users where lower(name) = lower($1)`,
    [name],
  );
  return rows[0] ?? null;
}

export async function isEmailTaken(
  database: Database,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  const rows = await database.query(
    'select 1 from users where lower(email) = lower($1) and ($2::uuid is null or id <> $2::uuid)',
    [email, exceptUserId ?? null],
  );
  return rows.length > 0;
}

export async function isNameTaken(database: Database, name: string): Promise<boolean> {
  return (await database.query('select 1 from users where lower(name) = lower($1)', [name])).length > 0;
}

export async function findUserIdByReferralCode(database: Database, code: string): Promise<string | null> {
  const rows = await database.query<{ id: string }>(
    'select id from users where lower(referral_code) = lower($1)',
    [code.trim()],
  );
  return rows[0]?.id ?? null;
}

/** The account signing in with this wallet address (stored lower-case), or null. */
export async function findUserIdByWallet(database: Database, address: string): Promise<string | null> {
  const rows = await database.query<{ id: string }>('select id from users where wallet_address = $1', [
    address.toLowerCase(),
  ]);
  return rows[0]?.id ?? null;
}

/** The account signing in with this Telegram user id, or null. */
export async function findUserIdByTelegram(database: Database, telegramId: string): Promise<string | null> {
  const rows = await database.query<{ id: string }>('select id from users where telegram_id = $1', [
    telegramId,
  ]);
  return rows[0]?.id ?? null;
}

export async function countRecentRegistrations(
  database: Database,
  by: { ip?: string | undefined; deviceId?: string | undefined },
  windowHours: number,
): Promise<{ ip: number; device: number }> {
  const rows = await database.query<{ ip: number; device: number }>(
    `select count(*) filter (where $1::text is not null and registration_ip = $1)::int as ip,
            count(*) filter (where $2::text is not null and device_id = $2)::int as device
       from users where created_at > now() - make_interval(hours => $3::int)`,
    [by.ip ?? null, by.deviceId ?? null, windowHours],
  );
  return rows[0] ?? { ip: 0, device: 0 };
}

export interface NewUser {
  name: string;
  email: string | null;
  passwordHash: string | null;
  invitedBy?: string | null;
  registrationIp?: string | null;
  deviceId?: string | null;
  walletAddress?: string | null;
  telegramId?: string | null;
}

/** Inserts a player (role `player`); the referral code defaults to the login name. */
export async function insertUser(database: Database, u: NewUser): Promise<string> {
  const rows = await database.query<{ id: string }>(
    `with u as (
       insert into users (name, email, password_hash, invited_by, registration_ip, device_id, wallet_address, telegram_id, referral_code)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $1) returning id
     ), r as (insert into user_roles (user_id, role_id) select id, 'player' from u)
     select id from u`,
    [
      u.name,
      u.email,
      u.passwordHash,
      u.invitedBy ?? null,
      u.registrationIp ?? null,
      u.deviceId ?? null,
      u.walletAddress ?? null,
      u.telegramId ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('user insert returned nothing');
  return id;
}
