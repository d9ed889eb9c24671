/**
 * The users API beyond lookups (users.repository.ts): the account fields other modules read one at a
 * time, and every write to `users` other modules make. Each function takes the querier to run on: the
 * database, or the caller's transaction when the write belongs to it (a chat mute and its staff audit
 * row, a withdrawal request serialised on its player).
 *
 * Some of these columns belong to a feature's module (the chat mute to chat, the two-factor secrets to
 * two-factor, the VIP level to VIP, self-exclusion to responsible gambling): they move to it when that
 * feature is next reworked (issue G2), and these functions with them. Self-exclusion moved to the
 * protection module (G5, decision 0025).
 */
import type { Session } from '../../db/client.js';

type Querier = Pick<Session, 'query'>;
type At = Date | string;

/** Locks the account's row until the caller's transaction ends (serialises that player's requests). */
export async function lockUser(tx: Querier, userId: string): Promise<boolean> {
  return (await tx.query('select id from users where id = $1 for update', [userId])).length > 0;
}

/** The account's roles with the permission groups each grants, by role id. */
export async function rolesOf(
  q: Querier,
  userId: string,
): Promise<{ id: string; permissions: { id: string; permissions: Record<string, boolean> }[] | null }[]> {
  return q.query(
    `select r.id, r.permissions from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = $1 order by r.id`,
    [userId],
  );
}

/** The VIP level (0 for an unknown account). */
export async function vipLevelOf(q: Querier, userId: string): Promise<number> {
  const rows = await q.query<{ vip_level: number }>('select vip_level from users where id = $1', [userId]);
  return rows[0]?.vip_level ?? 0;
}

/** Whether the account registered with an invite code (its referrer is set): promo codes' referral rule. */
export async function wasInvited(q: Querier, userId: string): Promise<boolean> {
  const rows = await q.query<{ invited: boolean }>(
    'select invited_by is not null as invited from users where id = $1',
    [userId],
  );
  return rows[0]?.invited ?? false;
}

/** Raises the VIP level to `level` (never lowers it): the VIP programme's level-up, in its transaction. */
export async function raiseVipLevel(q: Querier, userId: string, level: number): Promise<void> {
  await q.query('update users set vip_level = greatest(vip_level, $2::int) where id = $1', [userId, level]);
}

// --- passwords and e-mail -------------------------------------------------------------------------

/** The stored password hash (null: the account signs in another way, or is unknown). */
export async function passwordHashOf(q: Querier, userId: string): Promise<string | null> {
  const rows = await q.query<{ password_hash: string | null }>(
    'select password_hash from users where id = $1',
    [userId],
  );
  return rows[0]?.password_hash ?? null;
}

export async function setPasswordHash(q: Querier, userId: string, hash: string): Promise<void> {
  await q.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
}

/** Sets a new address, not verified yet (throws PostgreSQL 23505 when another account has it). */
export async function setEmail(q: Querier, userId: string, email: string): Promise<void> {
  await q.query('update users set email = $2, email_verified_at = null, updated_at = now() where id = $1', [
    userId,
    email,
  ]);
}

/**
 * Locks the account's row (in the caller's transaction) and returns its address, or null for an
 * unknown account: an e-mail link is checked against the address while nobody can change it.
 */
export async function lockEmailOf(tx: Querier, userId: string): Promise<{ email: string | null } | null> {
  const rows = await tx.query<{ email: string | null }>('select email from users where id = $1 for update', [
    userId,
  ]);
  return rows[0] ?? null;
}

/** Marks the address verified (the first verification time stays); optionally sets a password too. */
export async function markEmailVerified(q: Querier, userId: string, passwordHash?: string): Promise<void> {
  await q.query(
    `update users set email_verified_at = coalesce(email_verified_at, now()),
            password_hash = coalesce($2, password_hash), updated_at = now()
      where id = $1`,
    [userId, passwordHash ?? null],
  );
}

// --- profile privacy ------------------------------------------------------------------------------

/** Sets what the player hides; an undefined field stays as it is. */
export async function setPrivacy(
  q: Querier,
  userId: string,
  privacy: { privateProfile?: boolean | undefined; privateBets?: boolean | undefined },
): Promise<void> {
  await q.query(
    `update users set private_profile = coalesce($2, private_profile), private_bets = coalesce($3, private_bets),
            updated_at = now() where id = $1`,
    [userId, privacy.privateProfile ?? null, privacy.privateBets ?? null],
  );
}

// --- chat mute (a chat column: moves to chat when chat is next reworked) ---------------------------

/**
 * Mutes the account for `minutes` from now, holding its row for the rest of the caller's transaction.
 * Returns the mute's previous and new end, or null for an unknown account.
 */
export async function muteChat(
  tx: Querier,
  userId: string,
  minutes: number,
): Promise<{ was: At | null; until: At } | null> {
  const rows = await tx.query<{ was: At | null; until: At }>(
    `update users u set chat_muted_until = now() + make_interval(mins => $2::int)
       from (select id, chat_muted_until from users where id = $1::uuid for update) old
      where u.id = old.id
      returning old.chat_muted_until as was, u.chat_muted_until as until`,
    [userId, minutes],
  );
  return rows[0] ?? null;
}

/** Lifts the mute of the account named `name` (case-insensitive): its id, name and previous end, or null. */
export async function unmuteChatByName(
  tx: Querier,
  name: string,
): Promise<{ id: string; name: string; was: At | null } | null> {
  const rows = await tx.query<{ id: string; name: string; was: At | null }>(
    `update users u set chat_muted_until = null
       from (select id, chat_muted_until from users where lower(name) = lower($1) for update) old
      where u.id = old.id
      returning u.id::text as id, u.name, old.chat_muted_until as was`,
    [name.trim()],
  );
  return rows[0] ?? null;
}

/** Lifts the mute of account `userId`: its id, name and previous end, or null when there is no such account. */
export async function unmuteChatById(
  tx: Querier,
  userId: string,
): Promise<{ id: string; name: string; was: At | null } | null> {
  const rows = await tx.query<{ id: string; name: string; was: At | null }>(
    `update users u set chat_muted_until = null
       from (select id, chat_muted_until from users where id = $1::uuid for update) old
      where u.id = old.id
      returning u.id::text as id, u.name, old.chat_muted_until as was`,
    [userId],
  );
  return rows[0] ?? null;
}

// --- two-factor secrets (two-factor's columns: move to two_factor_state when it is next reworked) ----

export interface TwoFactorColumns {
  name: string;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
}

export async function twoFactorColumnsOf(q: Querier, userId: string): Promise<TwoFactorColumns | null> {
  const rows = await q.query<TwoFactorColumns>(
    'select name, two_factor_secret, two_factor_pending_secret, two_factor_enabled_at from users where id = $1',
    [userId],
  );
  return rows[0] ?? null;
}

/** Stores a new pending secret; false when 2FA got enabled meanwhile. */
export async function setPendingTwoFactorSecret(
  q: Querier,
  userId: string,
  sealed: string,
): Promise<boolean> {
  const rows = await q.query(
    `update users set two_factor_pending_secret = $2
      where id = $1 and two_factor_enabled_at is null returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/** Promotes exactly the pending secret that was checked; false when it changed or 2FA is already on. */
export async function activateTwoFactorSecret(q: Querier, userId: string, sealed: string): Promise<boolean> {
  const rows = await q.query(
    `update users set two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = null,
            two_factor_enabled_at = now()
      where id = $1 and two_factor_enabled_at is null and two_factor_pending_secret = $2 returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/** Turns 2FA off, only if the secret is still the one the code was checked against. */
export async function clearTwoFactorSecret(q: Querier, userId: string, sealed: string): Promise<boolean> {
  const rows = await q.query(
    `update users set two_factor_secret = null, two_factor_pending_secret = null, two_factor_enabled_at = null
      where id = $1 and two_factor_secret = $2 returning id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

// --- roles (the back office's roles change) ---------------------------------------------------------

/** Every role: id and name, by id. */
export async function roleCatalogue(q: Querier): Promise<{ id: string; name: string }[]> {
  return q.query('select id, name from roles order by id');
}

/**
 * Replaces the account's roles with `roles` (ids that exist: the caller checks them against
 * {@link roleCatalogue}), holding the account's row for the rest of the caller's transaction. Returns the
 * roles it had (sorted), or null for an unknown account.
 */
export async function setRoles(
  tx: Querier,
  userId: string,
  roles: readonly string[],
): Promise<string[] | null> {
  if (!(await lockUser(tx, userId))) return null;
  const before = await tx.query<{ role_id: string }>(
    'select role_id from user_roles where user_id = $1 order by role_id',
    [userId],
  );
  await tx.query('delete from user_roles where user_id = $1 and not (role_id = any($2::text[]))', [
    userId,
    [...roles],
  ]);
  await tx.query(
    `insert into user_roles (user_id, role_id) select $1, r from unnest($2::text[]) r
     on conflict do nothing`,
    [userId, [...roles]],
  );
  return before.map((r) => r.role_id);
}

/**
 * Bans (`reason` given) or unbans (`null`) the account, in the caller's transaction (decision 0047):
 * a banned account signs in nowhere and its bearer tokens resolve to nothing. Locks the row; answers the
 * ban in force before the change (`null` when there was none), or `undefined` for an unknown account.
 */
export async function setBan(
  tx: Querier,
  userId: string,
  reason: string | null,
): Promise<{ at: At; reason: string | null } | null | undefined> {
  const rows = await tx.query<{ at: At | null; reason: string | null }>(
    `update users u set banned_at = case when $2::text is null then null else now() end,
            banned_reason = $2::text
       from (select id, banned_at, banned_reason from users where id = $1::uuid for update) old
      where u.id = old.id
      returning old.banned_at as at, old.banned_reason as reason`,
    [userId, reason],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.at === null ? null : { at: row.at, reason: row.reason };
}
