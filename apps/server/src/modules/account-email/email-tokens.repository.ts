import { createHash, randomBytes } from 'node:crypto';
import type { Database, Session } from '../../db/client.js';
import { findUserById, lockEmailOf, markEmailVerified } from '../users/index.js';

/**
 * Single-use e-mail tokens. The link carries 32 random bytes (base64url); only their SHA-256 is
 * stored, so a database leak yields no usable link. A token is good once, until it expires, and
 * only while the address it was sent to is still the account's address. Consuming is a conditional
 * UPDATE in a transaction that holds the account's row, so two clicks racing on the same link cannot
 * both succeed and the address cannot change in between.
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

// A live token of this purpose whose address ($4) is still the account's address.
const LIVE = `et.user_id = $1 and et.token_hash = $2 and et.purpose = $3
  and et.used_at is null and et.expires_at > now() and lower(et.email) = lower($4)`;

/** True when a live token exists (a cheap check before expensive work such as hashing a password). */
export async function isLiveToken(
  database: Database,
  userId: string,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<boolean> {
  const email = (await findUserById(database, userId))?.email;
  if (!email) return false;
  const rows = await database.query(`select 1 from email_tokens et where ${LIVE}`, [
    userId,
    tokenHash,
    purpose,
    email,
  ]);
  return rows.length > 0;
}

/**
 * Uses a live token of `purpose` of the account in `tx`, holding the account's row so its address
 * cannot change meanwhile; false when the token is not live (unknown, used, expired, or sent to
 * another address).
 */
async function useToken(
  tx: Pick<Session, 'query'>,
  userId: string,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<boolean> {
  const email = (await lockEmailOf(tx, userId))?.email;
  if (!email) return false;
  const rows = await tx.query(`update email_tokens et set used_at = now() where ${LIVE} returning et.id`, [
    userId,
    tokenHash,
    purpose,
    email,
  ]);
  return rows.length > 0;
}

/** Uses a verification token and marks the address verified; false when the token is not live. */
export async function consumeVerifyToken(
  database: Database,
  userId: string,
  tokenHash: string,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    if (!(await useToken(tx, userId, tokenHash, 'verify_email'))) return false;
    await markEmailVerified(tx, userId);
    return true;
  });
}

/**
 * Uses a reset token and sets the new password hash in the same transaction; the link also proves
 * the address, so it is marked verified. Every other open reset link of the account dies with it.
 * Returns false when the token is not live.
 */
export async function consumeResetToken(
  database: Database,
  userId: string,
  tokenHash: string,
  passwordHash: string,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    if (!(await useToken(tx, userId, tokenHash, 'reset_password'))) return false;
    await markEmailVerified(tx, userId, passwordHash);
    await tx.query(
      `update email_tokens set used_at = now()
        where user_id = $1 and purpose = $2 and used_at is null and token_hash <> $3`,
      [userId, 'reset_password', tokenHash],
    );
    return true;
  });
}

/** Forgets tokens a day after they expired (run by a job). */
export async function pruneEmailTokens(database: Database): Promise<void> {
  await database.query(`delete from email_tokens where expires_at < now() - interval '1 day'`);
}
