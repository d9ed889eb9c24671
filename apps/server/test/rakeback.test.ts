import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RakebackErrorCode, RakebackMessages, type RakebackResponse } from '@nebula/contracts';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import {
  ACCRUAL_SCALE,
  edgeOf,
  rakebackConsumer,
  rateUnits,
  settleRakeback,
} from '../src/modules/rakeback/index.js';
import { edgeOfMargins } from '../src/modules/sports/index.js';
import { vipLevelsSetting } from '../src/modules/vip/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { blockPlayer } from './helpers/protection.js';
import { catchUp } from './helpers/wagers.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Rakeback (G7 item 4, decision 0040): what accrues is exactly the sum of real stake x house edge x the
 * VIP level's rate over the period (never stake x rate), paid once per claim under concurrency, at most
 * once per 4 hours, and what is left is settled once at 0:00; a self-excluded player claims nothing.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  // The leader's jobs would race the deliveries and the settlement below: the test drives them.
  await t.server.jobs.stop();
  ctx = contextOf(t);
});
afterAll(async () => {
  if (t) expect((await checkLedger(t.server.database)).problems).toEqual([]);
  await t?.close();
});

const USDT = 100_000_000n;
let funded = 0;
async function player(level = 3): Promise<[TestUser, AuthUser]> {
  const u = await createUser(t.server.database);
  await t.server.ledger.transfer({
    key: `rakeback-fund:${u.id}:${++funded}`,
    kind: 'test',
    currency: 'usdt',
    amount: 1000n * USDT,
    from: { system: 'chain' },
    to: { user: u.id, kind: 'real' },
  });
  await t.server.ledger.transfer({
    key: `rakeback-fund:${u.id}:${++funded}:demo`,
    kind: 'test',
    currency: 'usdt',
    amount: 100n * USDT,
    from: { system: 'demo_faucet' },
    to: { user: u.id, kind: 'demo' },
  });
  await t.server.database.query('update users set vip_level = $2 where id = $1', [u.id, level]);
  return [u, (await loadAuthUser(t.server.database, u.id))!];
}

const dice = (amount: string, demo = false) => ({
  api_id: 'dice',
  bet: amount,
  demo,
  currency: 'usdt',
  quick: true,
  data: { target: 5000, condition: 'over' },
});

const call = (u: TestUser | null, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload,
  });

const realBalance = async (u: TestUser) =>
  BigInt(
    (
      await t.server.database.query<{ balance: string }>(
        `select balance::text as balance from ledger_accounts
          where owner_id = $1 and currency = 'usdt' and kind = 'real'`,
        [u.id],
      )
    )[0]?.balance ?? '0',
  );

/** What the ledger moved to the player as rakeback. */
const rakebackPaid = async (u: TestUser) =>
  BigInt(
    (
      await t.server.database.query<{ v: string }>(
        `select coalesce(sum(amount), 0)::text as v from ledger_transfers where idempotency_key like $1`,
        [`rakeback:%:${u.id}:%`],
      )
    )[0]!.v,
  );

/** The expected accrual (1e-10 atomic units) of the player's real usdt bets from the records themselves. */
async function expectedAccrual(u: TestUser, percent: string): Promise<bigint> {
  const rows = await t.server.database.query<{ wager: string; bonus: string; edge: number }>(
    `select wager::text as wager, bonus_wager::text as bonus, house_edge_bps as edge from bets
      where user_id = $1 and not demo`,
    [u.id],
  );
  return rows.reduce(
    (sum, r) => sum + (BigInt(r.wager) - BigInt(r.bonus)) * BigInt(r.edge) * rateUnits(percent),
    0n,
  );
}

const accrued = async (u: TestUser) =>
  BigInt(
    (
      await t.server.database.query<{ v: string }>(
        'select coalesce(sum(accrued), 0)::text as v from rakeback_accruals where user_id = $1',
        [u.id],
      )
    )[0]!.v,
  );

describe('rakeback accrual', () => {
  it('is the sum of stake x house edge x the level rate over the period, exact; demo bets add nothing', async () => {
    await t.server.settings.change(vipLevelsSetting, [{ level: 3, rakebackPercent: '7.5' }]);
    const [u, user] = await player(3);
    const engine = new GameEngine(ctx);
    for (const stake of ['1', '2.5', '0.33333333', '7']) await engine.play(user, dice(stake));
    await engine.play(user, dice('5', true));
    await catchUp(t.server.database, rakebackConsumer(ctx));

    const expected = await expectedAccrual(u, '7.5');
    expect(expected).toBeGreaterThan(0n);
    expect(await accrued(u)).toBe(expected);
    // Never stake x rate: 10.83333333 USDT staked at 7.5% would be 0.81; the edge makes it ~0.0081.
    const stakeTimesRate = (1083333333n * 75n) / 1000n;
    expect(expected / ACCRUAL_SCALE).toBeLessThan(stakeTimesRate / 10n);

    const res = await call(u, '/api/data/rakeback');
    expect(res.statusCode, res.body).toBe(200);
    const floor = expected / ACCRUAL_SCALE;
    const body = res.json() as RakebackResponse;
    expect(body).toEqual({ rakeback: [{ id: 'usdt', value: (Number(floor) / 1e8).toFixed(8) }] });

    // A redelivery from the head adds nothing.
    await catchUp(t.server.database, rakebackConsumer(ctx));
    expect(await accrued(u)).toBe(expected);
    await t.server.settings.change(vipLevelsSetting, []);
  }, 120_000);

  it('takes the edge from the record, a sportsbook margin or the assumed product edge; none accrues nothing', () => {
    const assumed = { slots: 300 };
    const sports = new Map([['41', 476]]);
    expect(edgeOf({ product: 'originals', house_edge_bps: 100, reference: null }, assumed, sports)).toBe(100);
    expect(edgeOf({ product: 'sports', house_edge_bps: 0, reference: '41' }, assumed, sports)).toBe(476);
    expect(edgeOf({ product: 'slots', house_edge_bps: 0, reference: 'x' }, assumed, sports)).toBe(300);
    expect(edgeOf({ product: 'external-sports', house_edge_bps: 0, reference: 'y' }, assumed, sports)).toBe(
      0,
    );
    // A 5% margin on one leg: 1 - 1/1.05 = 4.76%; two legs: 1 - 1/1.05^2 = 9.29%.
    expect(edgeOfMargins([500])).toBe(476);
    expect(edgeOfMargins([500, 500])).toBe(929);
    expect(edgeOfMargins([])).toBe(0);
  });
});

describe('claiming rakeback', () => {
  it('pays once under concurrent claims, then refuses for 4 hours with the spec text', async () => {
    const [u, user] = await player(3);
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 5; i++) await engine.play(user, dice('10'));
    await catchUp(t.server.database, rakebackConsumer(ctx));
    const due = (await expectedAccrual(u, vipPercent(3))) / ACCRUAL_SCALE;
    expect(due).toBeGreaterThan(0n);

    const before = await realBalance(u);
    const results = await Promise.all(Array.from({ length: 8 }, () => call(u, '/api/data/claimRakeback')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ message: RakebackMessages.claimed });
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, r.json()]).toEqual([
        422,
        { code: RakebackErrorCode.Cooldown, message: RakebackMessages.cooldown },
      ]);
    expect((await realBalance(u)) - before).toBe(due);
    const transfers = await t.server.database.query(
      `select 1 from ledger_transfers where idempotency_key like $1`,
      [`rakeback:claim:${u.id}:%`],
    );
    expect(transfers).toHaveLength(1);
    expect((await call(u, '/api/data/rakeback')).json()).toEqual({ rakeback: [{ id: 'usdt', value: '0' }] });

    // More bets within the cooldown: still refused; 4 hours later, paid (the remainder carried).
    for (let i = 0; i < 3; i++) await engine.play(user, dice('10'));
    await catchUp(t.server.database, rakebackConsumer(ctx));
    const again = await call(u, '/api/data/claimRakeback');
    expect([again.statusCode, again.json()]).toEqual([
      422,
      { code: RakebackErrorCode.Cooldown, message: RakebackMessages.cooldown },
    ]);
    await t.server.database.query(
      `update rakeback_players set last_claim_at = last_claim_at - interval '4 hours 1 second' where user_id = $1`,
      [u.id],
    );
    const later = await call(u, '/api/data/claimRakeback');
    expect(later.statusCode, later.body).toBe(200);
    const total = (await expectedAccrual(u, vipPercent(3))) / ACCRUAL_SCALE;
    expect(await rakebackPaid(u)).toBe(total);
  }, 120_000);

  it('refuses with nothing to collect (code 2), a guest (401) and a self-excluded player (403)', async () => {
    const [fresh] = await player(3);
    const none = await call(fresh, '/api/data/claimRakeback');
    expect([none.statusCode, (none.json() as { code: number }).code]).toEqual([
      422,
      RakebackErrorCode.Nothing,
    ]);
    expect((await call(null, '/api/data/claimRakeback')).statusCode).toBe(401);
    expect((await call(null, '/api/data/rakeback')).statusCode).toBe(401);
    const bad = await call(fresh, '/api/data/claimRakeback', { x: 1 });
    expect([400, 422]).toContain(bad.statusCode);

    const [u, user] = await player(3);
    await new GameEngine(ctx).play(user, dice('10'));
    await catchUp(t.server.database, rakebackConsumer(ctx));
    await blockPlayer(t.server.database, u.id, '7 days', 'self_exclusion');
    const before = await realBalance(u);
    const res = await call(u, '/api/data/claimRakeback');
    expect([res.statusCode, (res.json() as { code: string }).code]).toEqual([403, 'self_excluded']);
    // The settlement skips them too.
    await settleRakeback(ctx, new Date(Date.now() + 86_400_000));
    expect(await realBalance(u)).toBe(before);
    await blockPlayer(t.server.database, u.id, '-1 second', 'self_exclusion');
  }, 120_000);

  it('the daily settlement at 0:00 pays what was left unclaimed, once', async () => {
    const [u, user] = await player(3);
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 4; i++) await engine.play(user, dice('10'));
    await catchUp(t.server.database, rakebackConsumer(ctx));
    const due = (await expectedAccrual(u, vipPercent(3))) / ACCRUAL_SCALE;
    const before = await realBalance(u);
    // Today's accruals are not settled today.
    await settleRakeback(ctx);
    expect(await realBalance(u)).toBe(before);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await Promise.all([settleRakeback(ctx, tomorrow), settleRakeback(ctx, tomorrow)]);
    await settleRakeback(ctx, tomorrow);
    expect((await realBalance(u)) - before).toBe(due);
    const rows = await t.server.database.query<{ kind: string }>(
      'select kind from rakeback_payments where user_id = $1',
      [u.id],
    );
    expect(rows).toEqual([{ kind: 'settlement' }]);
  }, 120_000);

  it('POST /api/data/promotions/rakeback describes the programme for the caller', async () => {
    const guest = await call(null, '/api/data/promotions/rakeback');
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ percent: '0', level: 0, cooldownHours: 4, nextClaimAt: null });
    const [u] = await player(3);
    const mine = (await call(u, '/api/data/promotions/rakeback')).json() as {
      percent: string;
      settlesAt: string;
    };
    expect(mine.percent).toBe(vipPercent(3));
    expect(new Date(mine.settlesAt).getUTCHours()).toBe(0);
  });
});

/** The default rate of `level` (the VIP table's defaults). */
function vipPercent(level: number): string {
  return ['0', '5', '6', '7', '8', '9', '10', '11', '12', '13', '15'][level]!;
}
