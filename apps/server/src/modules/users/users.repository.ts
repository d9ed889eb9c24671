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

/**
 * The accounts the multi-account rule of registration links to `userId` (auth's `security` setting):
 * registered from the same IP address (when `byIp`) or the same device (when `byDevice`) within
 * `windowHours` of each other. Includes `userId` itself. For "one bonus per person".
 */
export async function linkedAccounts(
  q: Pick<Database, 'query'>,
  userId: string,
  rule: { byIp: boolean; byDevice: boolean; windowHours: number },
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `select o.id::text as id from users u join users o
        on o.id = u.id
        or (abs(extract(epoch from o.created_at - u.created_at)) < $4::int * 3600
            and (($2::boolean and u.registration_ip is not null and o.registration_ip = u.registration_ip)
              or ($3::boolean and u.device_id is not null and o.device_id = u.device_id)))
      where u.id = $1`,
    [userId, rule.byIp, rule.byDevice, rule.windowHours],
  );
  return rows.map((r) => r.id);
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

// --- the back office's reads (modules/players) ------------------------------------------------------

/** A player as the back office's list shows them. */
export interface StaffUserRow {
  id: string;
  name: string;
  email: string | null;
  vip_level: number;
  roles: string[] | null;
  created_at: Date | string;
  chat_muted_until: Date | string | null;
  /** When staff banned the account (decision 0047), or null. */
  banned_at: Date | string | null;
  banned_reason: string | null;
}

const STAFF_ROW = `u.id::text as id, u.name, u.email, u.vip_level,
  (select array_agg(ur.role_id order by ur.role_id) from user_roles ur where ur.user_id = u.id) as roles,
  u.created_at, case when u.chat_muted_until > now() then u.chat_muted_until end as chat_muted_until,
  u.banned_at, u.banned_reason`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The back office's search: accounts newest first (registration time, then id), `limit` of them,
 * registered before account `before` when given. `text` matches part of the name or e-mail (any case),
 * or exactly the id or the sign-in wallet address; `ids` (accounts found by the caller elsewhere, a
 * deposit address) match too. Without `text` every account is listed.
 */
export async function searchUsers(
  q: Pick<Database, 'query'>,
  filter: { text?: string | undefined; ids?: readonly string[]; before?: string | undefined; limit: number },
): Promise<StaffUserRow[]> {
  const text = filter.text?.trim() || null;
  return q.query<StaffUserRow>(
    `select ${STAFF_ROW} from users u
      where ($1::text is null
             or u.name ilike $2 escape '\\' or u.email ilike $2 escape '\\'
             or u.id::text = lower($1) or u.wallet_address = lower($1)
             or u.id = any($3::uuid[]))
        and ($4::uuid is null or (u.created_at, u.id) < (select b.created_at, b.id from users b where b.id = $4::uuid))
      order by u.created_at desc, u.id desc
      limit $5`,
    [
      text,
      text === null ? null : `%${likeEscaped(text)}%`,
      [...(filter.ids ?? [])],
      filter.before ?? null,
      filter.limit,
    ],
  );
}

/** What the back office's player page shows of the account. */
export interface StaffProfile extends StaffUserRow {
  email_verified: boolean;
  avatar: string | null;
  wallet_address: string | null;
  telegram: boolean;
  registration_ip: string | null;
  invited_by: string | null;
  invited_by_name: string | null;
  two_factor: boolean;
  private_profile: boolean;
  private_bets: boolean;
}

export async function staffProfileOf(q: Pick<Database, 'query'>, id: string): Promise<StaffProfile | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await q.query<StaffProfile>(
    `select ${STAFF_ROW}, u.email_verified_at is not null as email_verified, u.avatar, u.wallet_address,
            u.telegram_id is not null as telegram, u.registration_ip, u.invited_by::text as invited_by,
            i.name as invited_by_name, u.two_factor_enabled_at is not null as two_factor,
            u.private_profile, u.private_bets
       from users u left join users i on i.id = u.invited_by
      where u.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The name and registration time of each account of `ids` that exists (newest first). */
export async function accountsById(
  q: Pick<Database, 'query'>,
  ids: readonly string[],
): Promise<{ id: string; name: string; created_at: Date | string }[]> {
  if (ids.length === 0) return [];
  return q.query(
    `select id::text as id, name, created_at from users where id = any($1::uuid[]) order by created_at desc, id desc`,
    [[...ids]],
  );
}
