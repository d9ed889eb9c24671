import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { loadAuthUser } from '../../src/modules/auth/index.js';
import type { Ledger } from '../../src/modules/ledger/index.js';
import type { AuthUser } from '../../src/platform/context.js';
import { createUser, type TestUser } from './factories.js';

export interface FundOptions {
  /** The balance credited: `real` (from the chain, the default) or `demo` (from the demo faucet). */
  balance?: 'real' | 'demo';
  /** The currency; `usdt` by default. */
  currency?: string;
  /** The transfer's kind: `test` by default, `deposit` where the credit must count as the player's deposit. */
  kind?: 'test' | 'deposit';
}

/**
 * Credits `amount` (atomic units) to a user through the ledger under a key of its own (every call moves
 * money); returns the transfer's id.
 */
export async function fund(
  server: { ledger: Ledger },
  userId: string,
  amount: bigint,
  { balance = 'real', currency = 'usdt', kind = 'test' }: FundOptions = {},
): Promise<string> {
  const r = await server.ledger.transfer({
    key: `test-${kind === 'deposit' ? 'deposit' : 'fund'}:${userId}:${currency}:${balance}:${randomUUID()}`,
    kind,
    currency,
    amount,
    from: { system: balance === 'real' ? 'chain' : 'demo_faucet' },
    to: { user: userId, kind: balance },
  });
  return r.transferId;
}

/**
 * A USDT deposit of `amount` credited through the ledger (a `deposit` transfer) and recorded as a credited
 * TRC-20 deposit `hoursAgo` hours ago (what the rain rules and the bot rain look for).
 */
export async function creditedDeposit(
  server: { database: Database; ledger: Ledger },
  userId: string,
  amount: bigint,
  hoursAgo: number,
): Promise<void> {
  const transfer = await fund(server, userId, amount, { kind: 'deposit' });
  await server.database.query(
    `insert into deposits (user_id, currency, chain, address, txid, output_index, amount, chain_amount,
       chain_decimals, confirmations, required_confirmations, status, credited_transfer_id, created_at, credited_at)
     values ($1, 'usdt', 'trx', 'TTestAddress', $2, 0, $3::numeric, $3::numeric, 6, 1, 1, 1, $4::bigint,
       now() - make_interval(hours => $5::int), now() - make_interval(hours => $5::int))`,
    [userId, randomBytes(16).toString('hex'), amount.toString(), transfer, hoursAgo],
  );
}

/**
 * A new player with `real` and `demo` (atomic units of `options.currency`, USDT by default; from the chain
 * and the demo faucet, nothing moved for a zero), as a test user and as the engines' AuthUser.
 */
export async function fundedPlayer(
  server: { database: Database; ledger: Ledger },
  real: bigint,
  demo = 0n,
  options: Omit<FundOptions, 'balance'> = {},
): Promise<[TestUser, AuthUser]> {
  const u = await createUser(server.database);
  if (real !== 0n) await fund(server, u.id, real, { ...options, balance: 'real' });
  if (demo !== 0n) await fund(server, u.id, demo, { ...options, balance: 'demo' });
  const auth = await loadAuthUser(server.database, u.id);
  if (!auth) throw new Error('no user');
  return [u, auth];
}
