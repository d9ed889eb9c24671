import { generateServerSeed, hashServerSeed } from '@nebula/fairness';
import { payoutFor, verify } from '@nebula/games';
import { amount, parseAmount, toDecimalString } from '@nebula/money';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameStatsConsumer } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { blockPlayer } from './helpers/protection.js';
import { catchUp } from './helpers/wagers.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/** The Play engine: one bet, its errors, demo money, and 200 concurrent bets on a 50-bet balance. */
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

const USDT = 100_000_000n;

const play = (u: TestUser | null, data: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/whisper',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: { event: 'Play', data },
  });

const dice = (over: Record<string, unknown> = {}) => ({
  api_id: 'dice',
  bet: '1',
  demo: false,
  currency: 'usdt',
  data: { target: 5000, condition: 'over' },
  ...over,
});

const balance = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt ?? { real: 0n, demo: 0n };

const expectError = (res: { statusCode: number; json(): unknown }, status: number, body: unknown) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject(body as object);
};

describe('play', () => {
  it('settles a dice bet that verify recomputes from the revealed seed', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    const seeds = (
      await t.app.inject({
        method: 'POST',
        url: '/api/fairness/seeds',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json();
    const res = await play(u, dice());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.type).toBe('single');
    expect(body.game.id).toBe('dice');
    expect(body.game.delay).toBe(1000);
    const rows = await t.server.database.query<{ nonce: string; house_edge_bps: number; payout: string }>(
      'select nonce::text as nonce, house_edge_bps, payout::text as payout from bets where id = $1',
      [body.id],
    );
    expect(rows[0]?.nonce).toBe('0');
    const rotated = (
      await t.app.inject({
        method: 'POST',
        url: '/api/fairness/rotate',
        headers: { authorization: `Bearer ${u.token}` },
      })
    ).json();
    expect(rotated.previous.serverSeedHash).toBe(seeds.serverSeedHash);
    expect(rotated.previous.nonce).toBe(1);
    const replay = verify(
      'dice',
      rotated.previous.serverSeed,
      rotated.previous.clientSeed,
      0,
      { target: 5000, condition: 'over' },
      rows[0]?.house_edge_bps,
    );
    expect(replay.serverSeedHash).toBe(seeds.serverSeedHash);
    expect(body.game.data).toEqual(replay.outcome);
    expect(body.game.multiplier).toBe(replay.multiplierDecimal);
    const won = replay.multiplier.num > 0n;
    expect(body.game.status).toBe(won ? 'win' : 'lose');
    expect(body.game.win).toBe(won);
    const payout = payoutFor(amount(USDT), replay.multiplier);
    expect(body.game.payout).toBe(toDecimalString(payout, 8));
    expect(body.game.profit).toBe(toDecimalString(payout - USDT, 8));
    expect(rows[0]?.payout).toBe(payout.toString());
    expect((await balance(u)).real).toBe(10n * USDT - USDT + BigInt(rows[0]?.payout ?? '0'));
  });

  it('answers every play error with its code and text', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 100n * USDT);
    expectError(await play(null, dice()), 422, { code: -2, message: 'Authorization is required' });
    expectError(await play(null, dice({ demo: true })), 422, { code: -2 });
    expectError(await play(u, dice({ api_id: 'nope' })), 422, { code: -3, message: 'Unknown game' });
    expectError(await play(u, dice({ data: { target: 5000 } })), 422, { code: 'validation_failed' });
    expectError(await play(u, dice({ data: undefined })), 422, { code: 'validation_failed' });
    expectError(await play(u, dice({ bet: '0' })), 422, {
      code: -1,
      message: 'Minimal wager is 0.00000001',
    });
    expectError(await play(u, dice({ bet: '0.000000001' })), 422, { code: 'invalid_bet' });
    expectError(await play(u, dice({ bet: 'abc' })), 422, { code: 'invalid_bet' });
    expectError(await play(u, dice({ bet: '-1' })), 422, { code: 'invalid_bet' });
    expectError(await play(u, dice({ currency: 'nope' })), 422, { code: 'unknown_currency' });
    // 20 EUR at 0.923 EUR per USDT is 21.66847237 USDT.
    expect((await play(u, dice({ bet: '21.66847237' }))).statusCode).toBe(200);
    expectError(await play(u, dice({ bet: '21.66847238' })), 422, {
      code: -9,
      message: 'Max bet amount: 20 EUR',
    });
    // Max profit: a 1% dice bet pays 99x; 20 USDT could win 1960 USD > 1000 USD.
    await putSetting(t, 'games.max_profit_usd', '1000');
    expectError(await play(u, dice({ bet: '20', data: { target: 9900, condition: 'over' } })), 422, {
      code: -11,
    });
    await putSetting(t, 'games.max_profit_usd', '10000');
    await putSetting(t, 'games.disabled', true);
    expectError(await play(u, dice()), 422, {
      code: -99,
      message: 'In-house games are temporarily disabled',
    });
    await putSetting(t, 'games.disabled', false);
    const poor = await createUser(t.server.database);
    expectError(await play(poor, dice()), 422, { code: -4, message: 'Not enough money' });
    await blockPlayer(t.server.database, u.id, '30 days');
    expectError(await play(u, dice()), 403, { code: 'self_excluded' });
    // Nothing refused consumed a nonce: only the one accepted bet was played.
    const pairs = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    );
    expect(pairs[0]?.nonce).toBe('1');
    const poorPairs = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1',
      [poor.id],
    );
    expect(poorPairs.map((p) => p.nonce)).toEqual(['0']);
  });

  it('takes the house edge per game from settings', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    await putSetting(t, 'games.house_edge_bps', { dice: 300 });
    const res = await play(u, dice());
    await putSetting(t, 'games.house_edge_bps', {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.server.database.query<{ house_edge_bps: number }>(
      'select house_edge_bps from bets where id = $1',
      [res.json().id],
    );
    expect(rows[0]?.house_edge_bps).toBe(300);
    // The profile's totals come from settled real bets (wager in USD, to 2 decimals), through the
    // wager stream's statistics consumer.
    await catchUp(t.server.database, gameStatsConsumer);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/getUser',
      payload: { id: u.id },
    });
    expect(profile.json()).toMatchObject({ games: 1 });
    expect((profile.json() as { wagered: number }).wagered).toBeGreaterThan(0);
  });

  it('publishes real bets (not demo bets) to the live feed on Everyone', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    await fund(t.server, u.id, 10n * USDT, { balance: 'demo' });
    const spy = vi.spyOn(t.server.realtime.hub, 'publish');
    try {
      const live = () =>
        spy.mock.calls.filter(
          (c) =>
            c[0] === 'Everyone' &&
            c[1].name === 'LiveGame' &&
            (c[2] as { user: { name: string } }).user.name === u.name,
        );
      const demo = await play(u, dice({ demo: true, quick: true }));
      expect(demo.statusCode).toBe(200);
      expect(demo.json().game.delay).toBe(0);
      const res = await play(u, dice({ quick: true }));
      expect(res.statusCode).toBe(200);
      await vi.waitFor(() => expect(live()).toHaveLength(1));
      const data = live()[0]?.[2] as { user: { name: string }; game: { _id: string; wager: string } };
      expect(data.user.name).toBe(u.name);
      expect(data.game._id).toBe(res.json().id);
      expect(data.game.wager).toBe('1');
      await new Promise((r) => setTimeout(r, 50));
      expect(live()).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('demo bets move only the demo balance', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 5n * USDT);
    await fund(t.server, u.id, 100n * USDT, { balance: 'demo' });
    let expected = 100n * USDT;
    for (let i = 0; i < 5; i++) {
      const res = await play(u, dice({ demo: true, bet: '2' }));
      expect(res.statusCode, res.body).toBe(200);
      expected += parseAmount(res.json().game.payout, 8) - 2n * USDT;
    }
    const b = await balance(u);
    expect(b.real).toBe(5n * USDT);
    expect(b.demo).toBe(expected);
    // Demo bets have no max bet in EUR (they are not real money).
    expect((await play(u, dice({ demo: true, bet: '50' }))).statusCode).toBe(200);
    expect((await balance(u)).real).toBe(5n * USDT);
  });

  it('settles exactly 50 of 200 simultaneous bets on a 50-bet balance, with gapless nonces', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 50n * USDT);
    // A server seed under which no nonce 0..199 rolls 0.00 (the only winning roll of "under 0.01"),
    // so no bet pays and the balance covers exactly 50 wagers.
    const params = { target: 1, condition: 'under' };
    let seed = generateServerSeed();
    const clientSeed = 'concurrency';
    const loses = (s: string) =>
      Array.from({ length: 200 }, (_, n) => verify('dice', s, clientSeed, n, params)).every(
        (r) => r.multiplier.num === 0n,
      );
    while (!loses(seed)) seed = generateServerSeed();
    await t.app.inject({
      method: 'POST',
      url: '/api/fairness/rotate',
      headers: { authorization: `Bearer ${u.token}` },
      payload: { client_seed: clientSeed },
    });
    await t.server.database.query(
      'update seed_pairs set server_seed = $2, server_seed_hash = $3 where user_id = $1 and active',
      [u.id, seed, hashServerSeed(seed)],
    );
    const results = await Promise.all(Array.from({ length: 200 }, () => play(u, dice({ data: params }))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.json()).toEqual({ code: -4, message: 'Not enough money' });
    const nonces = await t.server.database.query<{ nonce: string }>(
      'select b.nonce::text as nonce from bets b join seed_pairs s on s.id = b.seed_pair_id where b.user_id = $1 and s.active order by b.nonce',
      [u.id],
    );
    expect(nonces.map((n) => Number(n.nonce))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const pair = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    );
    expect(pair[0]?.nonce).toBe('50');
    expect((await balance(u)).real).toBe(0n);
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
  }, 120_000);
});
