import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.js';

/** A user's seed pair for bets a test inserts directly; the test takes each bet's nonce with `nonce++`. */
export interface TestSeedPair {
  id: string;
  nonce: number;
}

/**
 * One seed pair per user for bets a test file inserts directly into `bets`: the first call for a user
 * inserts the pair (random seeds, client seed 'test'), later calls return the same one.
 */
export function seedPairs(): (database: Database, userId: string) => Promise<TestSeedPair> {
  const pairs = new Map<string, TestSeedPair>();
  return async (database, userId) => {
    let pair = pairs.get(userId);
    if (!pair) {
      const rows = await database.query<{ id: string }>(
        `insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed)
         values ($1, $2, $3, 'test') returning id::text as id`,
        [userId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
      );
      pair = { id: rows[0]?.id as string, nonce: 0 };
      pairs.set(userId, pair);
    }
    return pair;
  };
}
