import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';

export const NONCE_TTL_MINUTES = 5;

/** Issues a one-time nonce bound to `address` (lower-case) for a few minutes. */
export async function issueNonce(database: Database, address: string): Promise<string> {
  const nonce = randomBytes(16).toString('hex');
  // Keep the table small: expired nonces are useless and only need to outlive a replay attempt.
  await database.query(`delete from wallet_nonces where expires_at < now() - interval '1 hour'`);
  await database.query(
    `insert into wallet_nonces (nonce, address, expires_at)
     values ($1, $2, now() + make_interval(mins => $3::int))`,
    [nonce, address.toLowerCase(), NONCE_TTL_MINUTES],
  );
  return nonce;
}

/**
 * Marks the nonce used if it exists, belongs to `address`, is unexpired and unused. One
 * statement, so of two concurrent attempts with the same nonce exactly one wins.
 */
export async function consumeNonce(database: Database, nonce: string, address: string): Promise<boolean> {
  const rows = await database.query(
    `update wallet_nonces set used_at = now()
      where nonce = $1 and address = $2 and used_at is null and expires_at > now()
      returning nonce`,
    [nonce, address.toLowerCase()],
  );
  return rows.length > 0;
}
