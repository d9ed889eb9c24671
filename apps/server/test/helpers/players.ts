import type { Database } from '../../src/db/client.js';
import { loadAuthUser } from '../../src/modules/auth/index.js';
import type { Ledger } from '../../src/modules/ledger/index.js';
import type { AuthUser } from '../../src/platform/context.js';
import { createUser, type TestUser } from './factories.js';

/**
 * A new player with `real` and `demo` USDT (atomic units; from the chain and the demo faucet, nothing
 * moved for a zero), as a test user and as the engines' AuthUser.
 */
export async function fundedPlayer(
  server: { database: Database; ledger: Ledger },
  real: bigint,
  demo = 0n,
): Promise<[TestUser, AuthUser]> {
  const u = await createUser(server.database);
  for (const [kind, amount] of [
    ['real', real],
    ['demo', demo],
  ] as const) {
    if (amount === 0n) continue;
    await server.ledger.transfer({
      key: `test-fund:${u.id}:${kind}`,
      kind: 'test',
      currency: 'usdt',
      amount,
      from: { system: kind === 'real' ? 'chain' : 'demo_faucet' },
      to: { user: u.id, kind },
    });
  }
  const auth = await loadAuthUser(server.database, u.id);
  if (!auth) throw new Error('no user');
  return [u, auth];
}
