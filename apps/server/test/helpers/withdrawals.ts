import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { createUser, type TestUser } from './factories.js';
import { fund as fundUser } from './players.js';
import { startTestServer, type TestServer } from './test-server.js';

// USDT: price 1 USD (static), 8 decimals. Level 0: fee 2 %, min $10, max $2000, 3 per day.
export const USDT = 100_000_000n;
export const TRX = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * The set-up of the withdrawal test files: one server for the file, a finance staff member, and the
 * ledger invariants checked after every test. Call at the top level of the file; `s.t` and `s.staff`
 * are set once its beforeAll ran.
 */
export function withdrawalsSuite() {
  const s = {} as { t: TestServer; staff: TestUser };
  let seq = 0;
  beforeAll(async () => {
    s.t = await startTestServer();
    s.staff = await createUser(s.t.server.database, { roles: ['finance'] });
  });
  afterAll(async () => {
    await s.t?.close();
  });
  afterEach(async () => {
    const check = await checkLedger(s.t.server.database);
    expect(check.problems).toEqual([]);
  });

  function post(user: TestUser | null, url: string, payload: object = {}) {
    return s.t.app.inject({
      method: 'POST',
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      payload,
    });
  }

  const fund = (u: TestUser, amount: bigint, currency = 'usdt') =>
    fundUser(s.t.server, u.id, amount, { currency, kind: 'deposit' });

  async function player(balance = 500n * USDT) {
    const u = await createUser(s.t.server.database);
    if (balance > 0n) await fund(u, balance);
    return u;
  }

  const real = async (u: TestUser, currency = 'usdt') =>
    (await s.t.server.ledger.balances(u.id))[currency]?.real ?? 0n;

  const withdraw = (u: TestUser, sum: string, extra: Record<string, string> = {}) =>
    post(u, '/api/wallet/withdraw', { sum, currency: 'usdt', chain: 'trx', wallet: TRX, ...extra });

  async function created(u: TestUser, sum = '100') {
    const res = await withdraw(u, sum);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: true; message: string; withdraw: { _id: string; status: number } };
  }

  const transferCount = async (like: string) =>
    (
      await s.t.server.database.query<{ n: number }>(
        'select count(*)::int as n from ledger_transfers where idempotency_key like $1',
        [like],
      )
    )[0]?.n;

  return { s, nextSeq: () => ++seq, post, fund, player, real, withdraw, created, transferCount };
}
