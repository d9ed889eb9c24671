import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { loadConfig } from '../src/platform/config.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/** Demo top-up: fills the demo balance up to `demo_money.balance_usd` USD worth, from the demo faucet. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const topUp = (u: TestUser | null, currency: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/demo/topup',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: { currency },
  });
const demo = async (u: TestUser, currency: string) =>
  (await t.server.ledger.balances(u.id))[currency]?.demo ?? 0n;

/** Keeps the steps of one test inside one wall-clock minute (the top-up key is per minute). */
async function awayFromMinuteEdge() {
  const s = new Date().getSeconds();
  if (s >= 50) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

describe('demo top-up', () => {
  it('tops up to $1000 worth at the price, then refuses while full', async () => {
    const u = await createUser(t.server.database);
    const res = await topUp(u, 'btc');
    expect(res.statusCode, res.body).toBe(200);
    // $1000 / 97000 = 0.010309278..., rounded down.
    expect(res.json()).toEqual({ ok: true, demo_balance: '0.01030927' });
    expect(await demo(u, 'btc')).toBe(1_030_927n);
    expect((await t.server.ledger.balances(u.id)).btc?.real).toBe(0n);
    const again = await topUp(u, 'btc');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      code: 'demo_balance_full',
      message: 'Your demo balance is already at least 0.01030927 BTC.',
    });
    const usd = await topUp(u, 'local_usd');
    expect(usd.json()).toEqual({ ok: true, demo_balance: '1000' });
  });

  it('tops up only the difference, at most once a minute', async () => {
    await awayFromMinuteEdge();
    const u = await createUser(t.server.database);
    expect((await topUp(u, 'usdt')).statusCode).toBe(200);
    await t.server.ledger.transfer({
      key: `demo-bet:${u.id}`,
      kind: 'bet',
      currency: 'usdt',
      amount: 250n * 100_000_000n,
      from: { user: u.id, kind: 'demo' },
      to: { system: 'demo_faucet' },
    });
    const soon = await topUp(u, 'usdt');
    expect(soon.statusCode).toBe(429);
    expect(await demo(u, 'usdt')).toBe(750n * 100_000_000n);
    const keys = await t.server.database.query<{ amount: string }>(
      `select amount::text as amount from ledger_transfers where idempotency_key like $1`,
      [`demo-topup:${u.id}:usdt:%`],
    );
    expect(keys).toEqual([{ amount: (1000n * 100_000_000n).toString() }]);
  });

  it('refuses guests and unknown currencies', async () => {
    expect((await topUp(null, 'btc')).statusCode).toBe(401);
    const u = await createUser(t.server.database);
    expect((await topUp(u, 'nope')).statusCode).toBe(404);
  });

  it("fills up to the operator's demo_money.balance_usd at the operator's price", async () => {
    await putSetting(t, 'demo_money.balance_usd', '250');
    await putSetting(t, 'prices.overrides', { btc: { usd: '50000', eur: '46000' } });
    try {
      const u = await createUser(t.server.database);
      expect((await topUp(u, 'local_usd')).json()).toEqual({ ok: true, demo_balance: '250' });
      // The price feed caches one currency's stored price for a second; the operator's price is not cached.
      expect((await topUp(u, 'btc')).json()).toEqual({ ok: true, demo_balance: '0.005' });
      // The variable it replaced stops the start-up instead of being silently ignored.
      expect(() => loadConfig({ NODE_ENV: 'test', DEMO_BALANCE_AMOUNT: '1000' })).toThrow(
        /DEMO_BALANCE_AMOUNT: no longer read; the operator setting demo_money\.balance_usd replaced it/,
      );
      for (const value of ['0', '-5', 'lots', 1000])
        await expect(putSetting(t, 'demo_money.balance_usd', value)).rejects.toMatchObject({
          status: 422,
          code: 'invalid_setting',
        });
    } finally {
      await putSetting(t, 'demo_money.balance_usd', '1000');
      await putSetting(t, 'prices.overrides', {});
    }
  });
});
