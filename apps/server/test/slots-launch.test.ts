import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.js';
import { myBets } from '../src/modules/games/index.js';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import {
  REEL_STRIP,
  REEL_THREE,
  REEL_TWO_CHERRIES,
  WHEEL_SEGMENTS,
  payoutOf,
  spin,
} from '../src/modules/local-aggregator/index.js';
import { raceConsumer, raceWagerOf, raceWeekOf } from '../src/modules/race/index.js';
import { slotsService } from '../src/modules/slots/index.js';
import { catchUp } from './helpers/wagers.js';
import { createUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Third-party games end to end on one server with the local aggregator: the leader's game list linked
 * to the catalogue (every provider game launchable, images through our own host), launches (demo,
 * real, refused: guest, unknown, restricted country), the hosted games' page and spins paying through
 * the real callback path into My bets and the live feed, the emulator's scenarios, and the hosted
 * games' return to player. PGlite, or PostgreSQL with DATABASE_URL.
 */
let t: TestServer;
const USDT = 100_000_000n;

beforeAll(async () => {
  t = await startTestServer({ TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' });
  await seedDemoCatalogue(t.server.database);
  await slotsService.of(contextOf(t)).refreshGames();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const launch = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/slots/launch', payload, headers });

describe('game list', () => {
  it('links every provider game of the catalogue and makes it launchable, images through our own host', async () => {
    const db = t.server.database;
    const [counts] = await db.query<{ provider_games: number; linked: number; launchable: number }>(
      `select (select count(*)::int from games where provider is not null) as provider_games,
              (select count(*)::int from slot_games) as linked,
              (select count(*)::int from games where provider is not null and launchable) as launchable`,
    );
    expect(counts!.provider_games).toBeGreaterThan(100);
    expect(counts!.linked).toBe(counts!.provider_games);
    expect(counts!.launchable).toBe(counts!.provider_games);
    const [row] = await db.query<{ uuid: string; image: string }>(
      `select s.uuid, g.image from slot_games s join games g on g.id = s.game_id order by s.uuid limit 1`,
    );
    expect(row!.image).toBe(`/api/slots/img/${row!.uuid}`);
    const img = await t.app.inject({ method: 'GET', url: row!.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.payload).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/api/slots/img/nope' })).statusCode).toBe(404);
    // A second refresh changes nothing.
    const before = await db.query('select game_id, image_url from slot_games order by uuid');
    await slotsService.of(contextOf(t)).refreshGames();
    expect(await db.query('select game_id, image_url from slot_games order by uuid')).toEqual(before);
  });

  it("refuses the operator API without the merchant's signature", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/local-aggregator/games?page=1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'bad_signature' });
  });
});

describe('launch', () => {
  it('demo: a guest gets the hosted page, labelled simulated, and plays with fun credits', async () => {
    const res = await launch({ game: 'aurora-reels-glacier-gems', demo: true });
    expect(res.statusCode, res.payload).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      demo: true,
      simulated: true,
      hasDemo: true,
      provider: { id: 'aurora-reels' },
    });
    const page = await t.app.inject({ method: 'GET', url: body.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.payload).toContain('Simulated provider');
    expect(page.payload).toContain('Demo · fun credits');
    const token = body.url.split('/').pop();
    const spun = await t.app.inject({
      method: 'POST',
      url: '/api/local-aggregator/spin',
      payload: { token, bet: '1' },
    });
    expect(spun.json()).toMatchObject({ ok: true, bet: '1', currency: 'FUN', nonce: 0 });
  });

  it('refuses real play to a guest, an unknown game, and a restricted provider in a blocked country', async () => {
    expect((await launch({ game: 'aurora-reels-glacier-gems', currency: 'usdt' })).statusCode).toBe(401);
    expect((await launch({ game: 'no-such-game', demo: true })).statusCode).toBe(404);
    // Lunar Spin Works is restricted in US, GB and AU.
    const [u] = await fundedPlayer(t.server, USDT);
    const auth = { authorization: `Bearer ${u.token}` };
    const game = 'lunar-spin-works-moonlit-mansion';
    for (const country of ['us', 'gb']) {
      const refused = await launch({ game, currency: 'usdt' }, { ...auth, 'cf-ipcountry': country });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'slot_unavailable' });
      const demo = await launch({ game, demo: true }, { 'cf-ipcountry': country });
      expect(demo.json()).toMatchObject({ code: 'slot_unavailable' });
    }
    const allowed = await launch({ game, currency: 'usdt' }, { ...auth, 'cf-ipcountry': 'de' });
    expect(allowed.statusCode, allowed.payload).toBe(200);
  });

  it('real: spins of the hosted slot pay through the signed callbacks into My bets and the live feed', async () => {
    const [u] = await fundedPlayer(t.server, 10n * USDT);
    const res = await launch(
      { game: 'aurora-reels-glacier-gems', currency: 'usdt' },
      { authorization: `Bearer ${u.token}` },
    );
    expect(res.statusCode, res.payload).toBe(200);
    const { url } = res.json();
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.payload).toContain('Real money');
    expect(page.payload).toContain('"balance":"10"');
    const token = url.split('/').pop();
    const publish = vi.spyOn(t.server.realtime.hub, 'publish');
    let expected = 10n * USDT;
    for (let i = 0; i < 5; i++) {
      const spun = (
        await t.app.inject({
          method: 'POST',
          url: '/api/local-aggregator/spin',
          payload: { token, bet: '0.5' },
        })
      ).json();
      expect(spun.ok, JSON.stringify(spun)).toBe(true);
      expect(spun.nonce).toBe(i);
      expected += BigInt(Math.round(Number(spun.payout) * 1e8)) - USDT / 2n;
      expect(spun.balance).toBe((Number(expected) / 1e8).toString());
    }
    expect(await playerBalance(t.server.database, { user: u.id, kind: 'real', currency: 'usdt' })).toBe(
      expected,
    );
    const mine = (await myBets(t.server.database, u.id, { limit: 10 })).bets;
    expect(mine).toHaveLength(5);
    expect(mine.every((b) => b.game === 'aurora-reels-glacier-gems' && b.wager === '0.5')).toBe(true);
    await vi.waitFor(
      () => {
        const feed = publish.mock.calls.filter(
          ([channel, , data]) =>
            channel === 'Everyone' &&
            (data as { metadata?: { id?: string } }).metadata?.id === 'aurora-reels-glacier-gems',
        );
        expect(feed).toHaveLength(5);
      },
      { timeout: 15_000, interval: 100 },
    );
    publish.mockRestore();
    // The race counts the rounds' stakes through the wager stream (5 x 0.5 USDT at the listed price).
    await catchUp(t.server.database, raceConsumer);
    const raced = await raceWagerOf(t.server.database, raceWeekOf(new Date()), u.id);
    const [usd] = await t.server.database.query<{ usd: string }>(
      `select sum(wager_usd)::text as usd from bets where user_id = $1`,
      [u.id],
    );
    expect(Number(usd!.usd)).toBeGreaterThan(0);
    expect(Number(raced)).toBe(Number(usd!.usd));
    // A stake one whole USDT above the balance (the five spins may have won: a fixed 20 was covered once).
    const over = String(expected / USDT + 1n);
    const tooMuch = (
      await t.app.inject({ method: 'POST', url: '/api/local-aggregator/spin', payload: { token, bet: over } })
    ).json();
    expect(tooMuch).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });
});

describe('emulator', () => {
  it('every scenario answers as the protocol requires, for staff only', async () => {
    const admin = await createUser(t.server.database, { roles: ['*'] });
    await t.server.ledger.transfer({
      key: `test-fund:${admin.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 5n * USDT,
      from: { system: 'chain' },
      to: { user: admin.id, kind: 'real' },
    });
    const auth = { authorization: `Bearer ${admin.token}` };
    const scenarios = [
      'betThenWin',
      'duplicateBet',
      'insufficientFunds',
      'refundBeforeBet',
      'roundRollback',
      'replayAfterTimeout',
      'badSignature',
      'staleTimestamp',
    ];
    for (const scenario of scenarios) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/debug/slotegrator/scenario',
        payload: { scenario },
        headers: auth,
      });
      expect(res.statusCode, res.payload).toBe(200);
      const body = res.json() as { steps: { expected: boolean; note: string; answer: unknown }[] };
      for (const s of body.steps)
        expect(s.expected, `${scenario}: ${s.note} -> ${JSON.stringify(s.answer)}`).toBe(true);
    }
    // betThenWin +0.01; duplicateBet -0.01; rollback -0.01 (the unlisted bet); replay -0.01.
    expect(await playerBalance(t.server.database, { user: admin.id, kind: 'real', currency: 'usdt' })).toBe(
      5n * USDT - 2n * (USDT / 100n),
    );
    const [player] = await fundedPlayer(t.server, USDT);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/debug/slotegrator/scenario',
      payload: { scenario: 'betThenWin' },
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('hosted games', () => {
  it('the reels and the wheel return 96.075% and 96% to the player', () => {
    const count = (s: string) => REEL_STRIP.filter((x) => x === s).length;
    const n = BigInt(REEL_STRIP.length) ** 3n;
    // Expected payout per unit staked, as a fraction over n * 1000.
    let sum = 0;
    for (const [symbol, m] of Object.entries(REEL_THREE))
      sum += count(symbol) ** 3 * (Number(m.num) / Number(m.den));
    const cherries = count('cherry');
    sum +=
      3 *
      cherries ** 2 *
      (REEL_STRIP.length - cherries) *
      (Number(REEL_TWO_CHERRIES.num) / Number(REEL_TWO_CHERRIES.den));
    expect(sum / Number(n)).toBeCloseTo(0.96075, 10);
    const wheel =
      WHEEL_SEGMENTS.reduce((a, m) => a + Number(m.num) / Number(m.den), 0) / WHEEL_SEGMENTS.length;
    expect(wheel).toBeCloseTo(0.96, 10);
  });

  it('a spin is a function of the seed pair and nonce, and pays the table', () => {
    const seed = 'a'.repeat(64);
    const a = spin('reels', seed, 'client', 7);
    expect(spin('reels', seed, 'client', 7)).toEqual(a);
    expect(a.stops).toHaveLength(3);
    expect(payoutOf(100n, { num: 3n, den: 2n })).toBe(150n);
    expect(payoutOf(3n, { num: 6n, den: 5n })).toBe(3n);
    const w = spin('wheel', seed, 'client', 7);
    expect(w.multiplier).toEqual(WHEEL_SEGMENTS[w.stops[0]!]);
  });
});
