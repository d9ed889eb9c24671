import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';

/**
 * Single-use e-mail tokens. The link carries 32 random bytes (base64url); only their SHA-256 is
 * stored, so a database leak yields no usable link. A token is good once, until it expires, and
 * only while the address it was sent to is still the account's address. Consuming is one
 * conditional UPDATE, so two clicks racing on the same link cannot both succeed.
 */
export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600,
  reset_password: 3600,
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** True when the link parameters can be looked up at all (a bad uuid would make the query fail). */
export const isWellFormedLink = (userId: string, token: string): boolean =>
  UUID.test(userId) && TOKEN.test(token);

export async function insertEmailToken(
  database: Database,
  t: { userId: string; purpose: TokenPurpose; email: string; tokenHash: string },
): Promise<string> {
  const rows = await database.query<{ id: string }>(
    `insert into email_tokens (user_id, purpose, token_hash, email, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5::int)) returning id`,
    [t.userId, t.purpose, t.tokenHash, t.email, TOKEN_TTL_SECONDS[t.purpose]],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('email token insert returned nothing');
  return id;
}

export async function deleteEmailToken(database: Database, id: string): Promise<void> {
  await database.query('delete from email_tokens where id = $1', [id]);
}

// A live token of this purpose whose address is still the account's address.
const LIVE = `et.user_id = $1 and et.token_hash = $2 and et.purpose = $3
  and et.used_at is null and et.expires_at > now()
  and u.id = et.user_id and lower(u.email) = lower(et.email)`;

/** True when a live token exists (a cheap check before expensive work such as hashing a password). */
export async function isLiveToken(
  database: Database,
  userId: string,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<boolean> {
  const rows = await database.query(`select 1 from email_tokens et, users u where ${LIVE}`, [
    userId,
    tokenHash,
    purpose,
  ]);
  return rows.length > 0;
}

/** Uses a verification token and marks the address verified; false when the token is not live. */
export async function consumeVerifyToken(
  database: Database,
  userId: string,
  tokenHash: string,
): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `with t as (
       update email_tokens et set used_at = now() from users u
        where ${LIVE}
       returning et.user_id, et.email
     )
     update users set email_verified_at = coalesce(users.email_verified_at, now()), updated_at = now()
       from t where users.id = t.user_id and lower(users.email) = lower(t.email)
     returning users.id`,
    [userId, tokenHash, 'verify_email'],
  );
  return rows.length > 0;
}

/**
 * Uses a reset token and sets the new password hash in the same statement; the link also proves
 * the address, so it is marked verified. Every other open reset link of the account dies with it.
 * Returns false when the token is not live.
 */
export async function consumeResetToken(
  database: Database,
  userId: string,
  tokenHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await database.query<{ id: string }>(
    `with t as (
       update email_tokens et set used_at = now() from users u
        where ${LIVE}
       returning et.user_id, et.email
     ), changed as (
       update users set password_hash = $4, email_verified_at = coalesce(users.email_verified_at, now()),
                        updated_at = now()
         from t where users.id = t.user_id and lower(users.email) = lower(t.email)
       returning users.id
     ), others as (
       update email_tokens set used_at = now()
        where user_id = $1 and purpose = $3 and used_at is null and token_hash <> $2
          and exists (select 1 from changed)
     )
     select id from changed`,
    [userId, tokenHash, 'reset_password', passwordHash],
  );
  return rows.length > 0;
}

/** Forgets tokens a day after they expired (run by a job). */
export async function pruneEmailTokens(database: Database): Promise<void> {
  await database.query(`delete from email_tokens where expires_at < now() - interval '1 day'`);
}
