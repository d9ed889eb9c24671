import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VipResponse } from '@nebula/contracts';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { depositService } from '../src/modules/deposits/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import {
  VIP_WAGER_CONSUMER,
  deliverDeposits,
  mergeVipLevels,
  vipExcludedSetting,
  vipLevelsSetting,
  vipWagerConsumer,
} from '../src/modules/vip/index.js';
import type { WagerConsumer } from '../src/modules/wagers/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { catchUp } from './helpers/wagers.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The VIP programme (G6 item 1): wagers and credited deposits move a player's progress once, a level is
 * reached once with its bonus paid once (concurrent bets, concurrent deliveries, a delivery rolled back
 * as by a leader dying mid-batch), demo and excluded bets count nothing, `POST /api/vip` answers the
 * spec's shape and refuses bad input. The ledger's invariants hold after all of it.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  // The leader's own delivery jobs would race the deliveries below: the test drives them.
  await t.server.jobs.stop();
  ctx = contextOf(t);
});
afterAll(async () => {
  if (t) expect((await checkLedger(t.server.database)).problems).toEqual([]);
  await t?.close();
});

const USDT = 100_000_000n;
let funded = 0;
async function player(amount = 1000n * USDT): Promise<[TestUser, AuthUser]> {
  const u = await createUser(t.server.database);
  if (amount > 0n)
    await t.server.ledger.transfer({
      key: `vip-fund:${u.id}:${++funded}`,
      kind: 'test',
      currency: 'usdt',
      amount,
      from: { system: 'chain' },
      to: { user: u.id, kind: 'real' },
    });
  await t.server.ledger.transfer({
    key: `vip-fund:${u.id}:${++funded}:demo`,
    kind: 'test',
    currency: 'usdt',
    amount: 100n * USDT,
    from: { system: 'demo_faucet' },
    to: { user: u.id, kind: 'demo' },
  });
  return [u, (await loadAuthUser(t.server.database, u.id))!];
}
const bet = (game: 'dice' | 'limbo', amount: string, demo = false) =>
  game === 'dice'
    ? {
        api_id: 'dice',
        bet: amount,
        demo,
        currency: 'usdt',
        quick: true,
        data: { target: 5000, condition: 'over' },
      }
    : { api_id: 'limbo', bet: amount, demo, currency: 'usdt', quick: true, data: { target: 200 } };

const vip = async (u: TestUser | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vip',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
const dataOf = (body: VipResponse) => body.find((e) => e.type === 'data');
const levelsOf = async (u: TestUser) =>
  t.server.database.query<{ level: number; amount: string; transfer_id: string | null }>(
    `select level, amount::text as amount, transfer_id::text as transfer_id from vip_level_ups
      where user_id = $1 order by level`,
    [u.id],
  );
const bonusTransfers = async (u: TestUser) =>
  t.server.database.query<{ key: string; amount: string }>(
    `select idempotency_key as key, amount::text as amount from ledger_transfers
      where idempotency_key like $1 order by idempotency_key`,
    [`vip:level-up:${u.id}:%`],
  );
const accountLevel = async (u: TestUser) =>
  (
    await t.server.database.query<{ vip_level: number }>('select vip_level from users where id = $1', [u.id])
  )[0]?.vip_level;

/** Low thresholds for the tests: level 1 at $3 wagered, level 2 at $6, level 3 at $6 and $50 deposited. */
async function lowThresholds(): Promise<void> {
  await t.server.settings.change(vipLevelsSetting, [
    { level: 1, depositRequirement: '0', wagerRequirement: '3', levelUpBonus: '2' },
    { level: 2, depositRequirement: '0', wagerRequirement: '6', levelUpBonus: '5' },
    { level: 3, depositRequirement: '50', wagerRequirement: '6', levelUpBonus: '7' },
  ]);
}

describe('the VIP level table', () => {
  it('lays the stored rows over the defaults and refuses a table whose requirements go down', async () => {
    const table = mergeVipLevels([{ level: 2, name: 'Custom' }]);
    expect(table).toHaveLength(11);
    expect(table[2]).toMatchObject({ level: 2, name: 'Custom', wagerRequirement: '5000' });
    expect(vipLevelsSetting.schema.safeParse([{ level: 3, wagerRequirement: '1' }]).success).toBe(false);
    expect(vipLevelsSetting.schema.safeParse([{ level: 0, depositRequirement: '5' }]).success).toBe(false);
    expect(vipLevelsSetting.schema.safeParse([{ level: 11 }]).success).toBe(false);
    expect(vipLevelsSetting.schema.safeParse([{ level: 1, x: 1 }]).success).toBe(false);
  });

  it('POST /api/vip: a data entry and levels 1 to 10 in the spec shape; zeros for a guest', async () => {
    const res = await vip(null);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as VipResponse;
    expect(body[0]).toEqual({ type: 'data', deposited: '0.00', wagered: '0.00' });
    const levels = body.filter((e) => e.type === 'level');
    expect(levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(levels[0]).toMatchObject({
      level: 1,
      name: 'Bronze',
      depositRequirement: expect.any(String),
      wagerRequirement: expect.any(String),
      bonusWheelMaxReward: expect.any(String),
    });
  });

  it('refuses bad input with a 4xx {code, message}, never a 500', async () => {
    const [u] = await player();
    for (const payload of [{ x: 1 }, { level: 'a' }, [1, 2]]) {
      const res = await vip(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/vip',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(text.statusCode).toBe(400);
  });

  it('withdrawal limits come from the same table', async () => {
    await t.server.settings.change(vipLevelsSetting, [
      { level: 0, withdrawFeePercent: '3', withdrawPerDay: 2 },
    ]);
    const [u] = await player();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdrawLimits',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { currency: 'usdt' },
    });
    expect(res.json()).toMatchObject({ vipLevel: 0, feePercent: '3', perDay: 2 });
    await t.server.settings.change(vipLevelsSetting, []);
  });
});

describe('VIP progress', () => {
  it('counts real wagers once; demo bets and excluded games count nothing', async () => {
    await t.server.settings.change(vipLevelsSetting, []);
    const consumer = vipWagerConsumer(ctx);
    const [u, user] = await player();
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 3; i++) await engine.play(user, bet('dice', '2'));
    await engine.play(user, bet('dice', '5', true));
    await catchUp(t.server.database, consumer);
    expect(dataOf((await vip(u)).json())).toEqual({ type: 'data', deposited: '0.00', wagered: '6.00' });
    // Redelivering from the head applies nothing twice.
    await catchUp(t.server.database, consumer);
    expect(dataOf((await vip(u)).json())?.wagered).toBe('6.00');

    await t.server.settings.change(vipExcludedSetting, ['dice']);
    await engine.play(user, bet('dice', '4'));
    await engine.play(user, bet('limbo', '1'));
    await catchUp(t.server.database, consumer);
    expect(dataOf((await vip(u)).json())?.wagered).toBe('7.00');
    await t.server.settings.change(vipExcludedSetting, []);
  }, 180_000);

  it('a level-up is applied and paid exactly once under concurrent bets and concurrent deliveries', async () => {
    await lowThresholds();
    const [u, user] = await player();
    const engine = new GameEngine(ctx);
    const published = vi.spyOn(t.server.realtime.hub, 'publish');
    await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => engine.play(user, bet('dice', '0.5')))),
      // Deliveries from three "nodes" while the bets commit (each waits for the others' batch locks).
      ...[0, 1, 2].map(() => catchUp(t.server.database, vipWagerConsumer(ctx))),
    ]);
    await Promise.all([0, 1, 2].map(() => catchUp(t.server.database, vipWagerConsumer(ctx))));
    expect(dataOf((await vip(u)).json())?.wagered).toBe('10.00');
    expect((await levelsOf(u)).map((r) => r.level)).toEqual([1, 2]);
    expect(await bonusTransfers(u)).toEqual([
      { key: `vip:level-up:${u.id}:1`, amount: String(2n * USDT) },
      { key: `vip:level-up:${u.id}:2`, amount: String(5n * USDT) },
    ]);
    expect(await accountLevel(u)).toBe(2);
    // One VipLevelUp per level on the player's channel, after the commit, with its bonus.
    const levelUps = published.mock.calls.filter(([, event]) => event.name === 'VipLevelUp');
    published.mockRestore();
    expect(levelUps.map(([channel, , data]) => [channel, data])).toEqual([
      [`User.${u.id}`, { level: 1, name: 'Bronze', bonus: { currency: 'usdt', amount: '2' } }],
      [`User.${u.id}`, { level: 2, name: 'Silver', bonus: { currency: 'usdt', amount: '5' } }],
    ]);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  }, 180_000);

  it('a delivery rolled back after its level-up (a leader dying mid-batch) pays nothing; the next leader pays once', async () => {
    await lowThresholds();
    const [u, user] = await player();
    const engine = new GameEngine(ctx);
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    for (let i = 0; i < 4; i++) await engine.play(user, bet('dice', '1'));
    const real = vipWagerConsumer(ctx);
    const dying: WagerConsumer = {
      name: VIP_WAGER_CONSUMER,
      prepare: () => real.prepare!(),
      async apply(tx, wagers) {
        await real.apply(tx, wagers);
        // The stream may deliver the four bets in more than one batch (on PostgreSQL its horizon can
        // hold the last ones back): a batch that does not reach the level commits as usual; the one
        // whose level-up row and bonus transfer exist inside its transaction dies with it.
        const inside = await tx.query('select 1 from vip_level_ups where user_id = $1', [u.id]);
        if (inside.length === 0) return;
        throw new Error('leader lost');
      },
    };
    await expect(catchUp(t.server.database, dying)).rejects.toThrow('leader lost');
    expect(await levelsOf(u)).toEqual([]);
    expect(await bonusTransfers(u)).toEqual([]);
    expect(await accountLevel(u)).toBe(0);
    // The next leader's delivery applies the batch once.
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    expect((await levelsOf(u)).map((r) => r.level)).toEqual([1]);
    expect(await bonusTransfers(u)).toHaveLength(1);
    expect(dataOf((await vip(u)).json())?.wagered).toBe('4.00');
  }, 180_000);

  it('credited deposits count in USD once, and can complete a level', async () => {
    await lowThresholds();
    const [u, user] = await player(0n);
    await t.server.ledger.transfer({
      key: `vip-fund:${u.id}:small`,
      kind: 'test',
      currency: 'usdt',
      amount: 20n * USDT,
      from: { system: 'chain' },
      to: { user: u.id, kind: 'real' },
    });
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 7; i++) await engine.play(user, bet('dice', '1'));
    await catchUp(t.server.database, vipWagerConsumer(ctx));
    expect((await levelsOf(u)).map((r) => r.level)).toEqual([1, 2]);
    // A deposit of 60 USDT through the deposits pipeline (simulated chain), then the VIP deposit consumer.
    const deposits = depositService.of(t.server);
    const sent = await deposits.simulateDeposit({ user: u.name, currency: 'usdt', amount: '60' });
    await deposits.runOnce();
    await t.server.database.query(
      'update sim_chain_txs set block_number = block_number - 50 where txid = $1',
      [sent.txid],
    );
    await deposits.runOnce();
    const status = await t.server.database.query<{ status: number }>(
      'select status from deposits where txid = $1',
      [sent.txid],
    );
    expect(status[0]?.status).toBe(1);
    // On PostgreSQL a credit is delivered once every older transaction has ended: retry a moment.
    const deadline = Date.now() + 15_000;
    while ((await levelsOf(u)).length < 3 && Date.now() < deadline) {
      await deliverDeposits(ctx);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await deliverDeposits(ctx)).toBe(0);
    expect(dataOf((await vip(u)).json())).toEqual({ type: 'data', deposited: '60.00', wagered: '7.00' });
    expect((await levelsOf(u)).map((r) => r.level)).toEqual([1, 2, 3]);
    expect(await bonusTransfers(u)).toHaveLength(3);
    expect(await accountLevel(u)).toBe(3);
  }, 180_000);
});
