import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { insertUser } from '../users/index.js';

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Finds or creates the account of an external identity. The login name is `base`, then
 * `base_2`, `base_3`... when taken; a concurrent sign-up of the same identity wins the race and is
 * returned instead.
 */
export async function findOrCreateExternalUser(
  database: Database,
  find: () => Promise<string | null>,
  base: string,
  identity: { walletAddress?: string; telegramId?: string },
): Promise<{ id: string; created: boolean }> {
  const existing = await find();
  if (existing) return { id: existing, created: false };
  for (let attempt = 1; attempt <= 20; attempt++) {
    const name =
      attempt === 1
        ? base
        : `${base.slice(0, 20)}_${attempt < 10 ? attempt : randomBytes(2).toString('hex')}`;
    try {
      const id = await insertUser(database, {
        name,
        email: null,
        passwordHash: null,
        walletAddress: identity.walletAddress ?? null,
        telegramId: identity.telegramId ?? null,
      });
      return { id, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const raced = await find();
      if (raced) return { id: raced, created: false };
    }
  }
  throw new Error(`no free login name for ${base}`);
}
