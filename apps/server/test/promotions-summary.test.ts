import { promotionsSummarySchema, type PromotionsSummary } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLicenseSettings } from '../src/modules/platform/index.js';
import { vipProgress } from '../src/modules/promotions/index.js';
import { DEMO_DEPOSIT_PROMOTION } from '../src/modules/bonus/index.js';
import { DEFAULT_VIP_LEVELS } from '../src/modules/vip/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The promotions summary (issue 20 item 6): the programmes the operator set up, each with the caller's
 * state; a guest gets the programmes with null state; a programme switched off or left unconfigured is
 * absent; the player's state follows their actions (opt-in, activated code, faucet claim, wheel tickets).
 */
let t: TestServer;
const USDT = 100_000_000n;

beforeAll(async () => {
  t = await startTestServer();
  await t.server.jobs.stop();
  const license = await readLicenseSettings(t.server.settings);
  await putSetting(t, 'license', { ...license, plugins: { ...license.plugins, race: true } });
  await putSetting(t, 'race.prize_pool', { reward: '1000', currency: 'usdt' });
  await putSetting(t, 'bonus.deposit_promotions', [DEMO_DEPOSIT_PROMOTION]);
  // A public code of $1 real money, and a private one no list shows.
  for (const [code, isPublic] of [
    ['SUMMARY1', true],
    ['SUMMARYHIDDEN', false],
  ] as const)
    await t.server.database.query(
      `insert into promocodes (code, description, type, currency, amount, public)
       values ($1, 'Summary test', 'real', 'usdt', $2::numeric, $3)`,
      [code, USDT.toString(), isPublic],
    );
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: u ? { authorization: `Bearer ${u.token}` } : {}, payload });
async function summary(u: TestUser | null): Promise<PromotionsSummary> {
  const res = await post(u, '/api/data/promotions/summary');
  expect(res.statusCode).toBe(200);
  return promotionsSummarySchema.parse(res.json());
}

describe('POST /api/data/promotions/summary', () => {
  it('a guest sees every programme set up, with no player state', async () => {
    const s = await summary(null);
    expect(s.signedIn).toBe(false);
    expect(s.depositBonus?.model).not.toBeNull();
    expect(s.depositBonus?.state.checkedIn).toBe(false);
    expect(s.codes.map((c) => c.code)).toContain('SUMMARY1');
    expect(s.codes.map((c) => c.code)).not.toContain('SUMMARYHIDDEN');
    expect(s.codes.every((c) => !c.used)).toBe(true);
    expect(s.race).toMatchObject({
      prizePool: { reward: '1000', currency: 'usdt' },
      paidPlaces: 20,
      me: null,
    });
    // The best any level can win: the top prize ($5) under the top level's cap.
    expect(s.wheel).toMatchObject({ topPrizeUsd: '5', tickets: null });
    expect(s.faucet).toMatchObject({ maxUsd: '3', nextClaimAt: null, deposited: null });
    expect(s.rakeback).toMatchObject({ percent: '15', topPercent: '15', claimable: null });
    expect(s.vip).toEqual({ levels: 10, me: null });
  });

  it("a player's own state: tickets, capped prize, faucet, rakeback, VIP, opt-in and used codes", async () => {
    const u = await createUser(t.server.database);
    let s = await summary(u);
    expect(s.signedIn).toBe(true);
    // One ticket after registration; level 0 caps the wheel at $1 and the faucet at $0.02.
    expect(s.wheel).toMatchObject({ tickets: 1, topPrizeUsd: '1' });
    expect(s.faucet).toMatchObject({ maxUsd: '0.02', nextClaimAt: null, deposited: false });
    expect(s.rakeback).toEqual({ percent: '0', topPercent: '15', claimable: [], nextClaimAt: null });
    expect(s.vip?.me).toEqual({ level: 0, name: 'Member', next: 'Bronze', progress: 0 });
    expect(s.race?.me).toEqual({ place: null, wager_usd: '0' });

    // Opting in shows as checked in.
    const model = s.depositBonus!.model!;
    expect((await post(u, '/api/data/promotions/depositOptIn', { id: model._id })).statusCode).toBe(200);
    s = await summary(u);
    expect(s.depositBonus?.state.checkedIn).toBe(true);

    // An activated public code shows as used to this player only (before the deposit: the low-balance rule).
    const code = s.codes.find((c) => c.code === 'SUMMARY1');
    expect(code).toBeDefined();
    const activated = await post(u, '/api/promocode/activate', { code: code!.code });
    expect(activated.statusCode).toBe(200);
    s = await summary(u);
    expect(s.codes.find((c) => c._id === code!._id)?.used).toBe(true);
    const other = await createUser(t.server.database);
    expect((await summary(other)).codes.find((c) => c._id === code!._id)?.used).toBe(false);

    // A deposit: the faucet can be claimed, then shows its next claim time.
    await creditedDeposit(t.server, u.id, 20n * USDT, 1);
    s = await summary(u);
    expect(s.faucet?.deposited).toBe(true);
    const claim = await post(u, '/api/promocode/bonus');
    expect(claim.statusCode).toBe(200);
    s = await summary(u);
    expect(s.faucet?.nextClaimAt).not.toBeNull();
    expect(new Date(s.faucet!.nextClaimAt!).getTime()).toBeGreaterThan(Date.now());

    // Rakeback state is what the rakeback endpoint answers.
    const own = (await post(u, '/api/data/rakeback')).json() as { rakeback: unknown };
    expect(s.rakeback?.claimable).toEqual(own.rakeback);
  });

  it('programmes the operator switched off or left unset are absent', async () => {
    const license = await readLicenseSettings(t.server.settings);
    await putSetting(t, 'license', { ...license, plugins: { ...license.plugins, race: false } });
    await putSetting(t, 'vip.levels', [
      ...DEFAULT_VIP_LEVELS.map((r) => ({ level: r.level, rakebackPercent: '0', faucetMax: '0' })),
    ]);
    await putSetting(t, 'bonus.deposit_promotions', []);
    try {
      const u = await createUser(t.server.database);
      for (const s of [await summary(null), await summary(u)]) {
        expect(s.race).toBeNull();
        expect(s.rakeback).toBeNull();
        expect(s.faucet).toBeNull();
        expect(s.depositBonus).toBeNull();
        expect(s.wheel).not.toBeNull();
      }
      // A wheel no level can win from is not shown either.
      await putSetting(t, 'vip.levels', [
        ...DEFAULT_VIP_LEVELS.map((r) => ({ level: r.level, bonusWheelMaxReward: '0' })),
      ]);
      expect((await summary(u)).wheel).toBeNull();
    } finally {
      await putSetting(t, 'license', { ...license, plugins: { ...license.plugins, race: true } });
      await putSetting(t, 'vip.levels', []);
    }
  });

  it('VIP progress is the average of the capped deposit and wager percentages to the next level', () => {
    const table = DEFAULT_VIP_LEVELS;
    // Bronze needs $50 deposited and $1,000 wagered.
    expect(vipProgress(table, 0, '25', '0')).toBe(25);
    expect(vipProgress(table, 0, '500', '500')).toBe(75);
    expect(vipProgress(table, 0, '50', '1000')).toBe(100);
    expect(vipProgress(table, table.length - 1, '0', '0')).toBe(100);
  });
});
