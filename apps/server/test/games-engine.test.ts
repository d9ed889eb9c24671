import { PlayErrorCode } from '@nebula/contracts';
import { dice } from '@nebula/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GameEngine, acceptsDemo, type EngineGame, gameStatsConsumer } from '../src/modules/games/index.js';
import { loadGameSettings } from '../src/modules/games/settings.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { loadAuthUser } from '../src/modules/auth/index.js';
import type { AppContext } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import { blockPlayer } from './helpers/protection.js';
import { catchUp } from './helpers/wagers.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import {
  contextOf,
  putSetting,
  settingsFor,
  startTestServer,
  type TestServer,
} from './helpers/test-server.js';

/** Engine additions: per-game switch-off (-5), games without demo bets (-7), and bet statistics. */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
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
const diceBet = (over: Record<string, unknown> = {}) => ({
  api_id: 'dice',
  bet: '1',
  demo: false,
  currency: 'usdt',
  quick: true,
  data: { target: 5000, condition: 'over' },
  ...over,
});

describe('settings and pure checks', () => {
  it('reads the settings through the registry; a malformed stored value gives its default', async () => {
    const raw = async (key: string, value: unknown) =>
      t.server.database.query(
        `insert into settings (key, value) values ($1, $2::jsonb)
         on conflict (key) do update set value = excluded.value`,
        [key, JSON.stringify(value)],
      );
    const keys = ['games.disabled_ids', 'games.max_bet_eur', 'games.max_profit_usd', 'games.house_edge_bps'];
    try {
      await raw('games.disabled_ids', ['dice', 3, null, 'keno']);
      await raw('games.max_bet_eur', 'x');
      await raw('games.max_profit_usd', 500);
      await raw('games.house_edge_bps', []);
      // A hand edit of the table bypasses the registry: a store without a cache sees it at once.
      const s = await loadGameSettings(settingsFor(t.server.database));
      expect([...s.disabledIds]).toEqual([]);
      expect(s.maxBetEur).toBe('20');
      expect(s.maxProfitUsd).toBe('500');
      expect(s.houseEdgeBps).toEqual({});
      await raw('games.disabled_ids', ['dice', 'keno']);
      expect([...(await loadGameSettings(settingsFor(t.server.database))).disabledIds]).toEqual([
        'dice',
        'keno',
      ]);
    } finally {
      await t.server.database.query('delete from settings where key = any($1::text[])', [keys]);
      t.server.settings.invalidate();
    }
  });

  it('a game takes demo bets unless its definition says demo: false', () => {
    expect(acceptsDemo(dice as EngineGame)).toBe(true);
    expect(acceptsDemo({ demo: true })).toBe(true);
    expect(acceptsDemo({ demo: false })).toBe(false);
  });

  it('games.disabled_ids defaults to an empty list (nothing stored)', async () => {
    const rows = await t.server.database.query<{ value: unknown }>(
      "select value from settings where key = 'games.disabled_ids'",
    );
    expect(rows).toEqual([]);
    expect((await loadGameSettings(t.server.settings)).disabledIds.size).toBe(0);
  });
});

describe('play errors -5 and -7', () => {
  it('-5 for an in-house game whose catalogue row the operator disabled; GameData says unavailable', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    await t.server.database.query("update games set disabled = true where id = 'dice'");
    try {
      const res = await play(u, diceBet());
      expect(res.json()).toEqual({ code: -5, message: 'Game is temporarily unavailable' });
      const data = await t.app.inject({
        method: 'POST',
        url: '/api/whisper',
        payload: { event: 'GameData', data: { api_id: 'dice' } },
      });
      expect(data.json().available).toBe(false);
    } finally {
      await t.server.database.query("update games set disabled = false where id = 'dice'");
    }
    // Enabled again, it plays; the refused bet moved no money and took no nonce.
    expect((await play(u, diceBet())).statusCode).toBe(200);
    const pair = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    );
    expect(pair[0]?.nonce).toBe('1');
  });

  it('-5 for a game the operator switched off, other games still play', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    await fund(t.server, u.id, 10n * USDT, { balance: 'demo' });
    await putSetting(t, 'games.disabled_ids', ['dice', 'keno']);
    try {
      for (const demo of [false, true]) {
        const res = await play(u, diceBet({ demo }));
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ code: -5, message: 'Game is temporarily unavailable' });
      }
      const limbo = await play(u, diceBet({ api_id: 'limbo', data: { target: 200 } }));
      expect(limbo.statusCode, limbo.body).toBe(200);
    } finally {
      await putSetting(t, 'games.disabled_ids', []);
    }
    expect((await play(u, diceBet())).statusCode).toBe(200);
    // Nothing refused moved money or took a nonce: two bets were played.
    const pair = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    );
    expect(pair[0]?.nonce).toBe('2');
  });

  it('-7 when a game takes no demo bets (a test-only registry entry)', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    await fund(t.server, u.id, 10n * USDT, { balance: 'demo' });
    const noDemo = { ...dice, demo: false } as EngineGame;
    const engine = new GameEngine(ctx, { games: (id) => (id === 'dice' ? noDemo : undefined) });
    const user = await loadAuthUser(t.server.database, u.id);
    const input = { ...diceBet(), quick: true };
    const err = await engine.play(user, { ...input, demo: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toBody()).toEqual({
      code: PlayErrorCode.NoDemo,
      message: 'This game does not accept bets in demo mode',
    });
    expect((err as AppError).status).toBe(422);
    // Real bets on it still play; the demo balance was not touched.
    const ok = await engine.play(user, input);
    expect(ok.game.id).toBe('dice');
    expect((await t.server.ledger.balances(u.id)).usdt?.demo).toBe(10n * USDT);
    // -3 from the injected registry for a game it does not hold.
    const unknown = await engine.play(user, { ...input, api_id: 'limbo' }).catch((e: unknown) => e);
    expect((unknown as AppError).code).toBe(-3);
  });
});

describe('coalesced pre-bet reads', () => {
  it('answers concurrent bets (one pre-bet statement) each by its own player, game and currency', async () => {
    const [a, b, excluded, first] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.server.database)));
    for (const u of [a!, b!, excluded!, first!]) await fund(t.server, u.id, 10n * USDT);
    await blockPlayer(t.server.database, excluded!.id, '1 day');
    await t.server.database.query("update games set disabled = true where id = 'limbo'");
    try {
      const answers = await Promise.all([
        play(a!, diceBet()),
        play(excluded!, diceBet()),
        play(b!, diceBet({ currency: 'nope' })),
        play(null, diceBet()),
        play(b!, diceBet({ api_id: 'limbo', data: { target: 200 } })),
        play(first!, diceBet()),
        play(a!, diceBet()),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 403, 422, 422, 422, 200, 200]);
      expect(answers[1]!.json()).toMatchObject({ code: 'self_excluded' });
      expect(answers[2]!.json()).toMatchObject({ code: 'unknown_currency' });
      expect(answers[3]!.json()).toMatchObject({ code: -2 });
      expect(answers[4]!.json()).toEqual({ code: -5, message: 'Game is temporarily unavailable' });
      // Every accepted bet has its own bet id, and the first bet of a new player created its pair.
      const ids = [0, 5, 6].map((i) => answers[i]!.json().id as string);
      expect(new Set(ids).size).toBe(3);
      const nonces = await t.server.database.query<{ user_id: string; nonce: string }>(
        'select user_id::text, nonce::text as nonce from seed_pairs where active and user_id = any($1::uuid[])',
        [[a!.id, first!.id, excluded!.id, b!.id]],
      );
      expect(Object.fromEntries(nonces.map((r) => [r.user_id, r.nonce]))).toEqual({
        [a!.id]: '2',
        [first!.id]: '1',
      });
    } finally {
      await t.server.database.query("update games set disabled = false where id = 'limbo'");
    }
  });
});

describe('bet statistics', () => {
  it('game_stats equals the sums over the bets, per game, currency and mode', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 50n * USDT);
    await fund(t.server, u.id, 50n * USDT, { balance: 'demo' });
    await fund(t.server, u.id, 10_000n, { currency: 'local_usd' });
    const bets = [
      diceBet(),
      diceBet({ bet: '2' }),
      diceBet({ demo: true }),
      diceBet({ api_id: 'limbo', data: { target: 150 } }),
      diceBet({ currency: 'local_usd', bet: '1.25' }),
      diceBet({ data: { target: 200, condition: 'over' }, bet: '0.5' }),
      diceBet({ api_id: 'plinko', data: { rows: 8, risk: 'low' } }),
    ];
    for (const b of bets) {
      const res = await play(u, b);
      expect(res.statusCode, res.body).toBe(200);
    }
    // The statistics follow the bets through the wager stream, after their commits.
    await catchUp(t.server.database, gameStatsConsumer);
    const stats = await t.server.database.query<Record<string, string>>(
      `select game, currency, demo::text as demo, bets::text as bets, wins::text as wins, wagered::text as wagered,
              payout::text as payout, profit::text as profit, wagered_usd::text as wagered_usd
         from game_stats where user_id = $1 order by game, currency, demo`,
      [u.id],
    );
    const sums = await t.server.database.query<Record<string, string>>(
      `select game, currency, demo::text as demo, count(*)::text as bets,
              count(*) filter (where payout > wager)::text as wins, sum(wager)::text as wagered,
              sum(payout)::text as payout, sum(profit)::text as profit,
              coalesce(sum(wager_usd), 0)::text as wagered_usd
         from bets where user_id = $1 group by game, currency, demo order by game, currency, demo`,
      [u.id],
    );
    expect(stats).toHaveLength(5);
    const norm = (rows: Record<string, string>[]) =>
      rows.map((r) => ({ ...r, wagered_usd: Number(r.wagered_usd).toFixed(8) }));
    expect(norm(stats)).toEqual(norm(sums));
    const diceReal = stats.find((s) => s.game === 'dice' && s.currency === 'usdt' && s.demo === 'false');
    expect(diceReal).toMatchObject({ bets: '3', wagered: String((35n * USDT) / 10n) });

    // The profile's totals read game_stats: real bets only, wagered in USD to 2 decimals.
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profile/getUser',
      payload: { id: u.id },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ games: 6 });
    const usd = sums.filter((s) => s.demo === 'false').reduce((a, s) => a + Number(s.wagered_usd), 0);
    expect(profile.json().wagered).toBeCloseTo(Math.round(usd * 100) / 100, 2);
  });

  it('a refused bet leaves the statistics untouched', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 1n * USDT);
    expect((await play(u, diceBet({ bet: '2' }))).json()).toEqual({ code: -4, message: 'Not enough money' });
    await catchUp(t.server.database, gameStatsConsumer);
    const rows = await t.server.database.query('select 1 from game_stats where user_id = $1', [u.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('amounts', () => {
  it('takes a bet only in the canonical format of money calls (G1: one parser for every amount)', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 10n * USDT);
    for (const bet of [' 1', '1 ', '1,5', '.5', '1.', '+1', '1e0', '0x1']) {
      const res = await play(u, diceBet({ bet }));
      expect(res.statusCode, bet).toBe(422);
      expect(res.json(), bet).toMatchObject({ code: 'invalid_bet' });
    }
    expect((await play(u, diceBet({ bet: '1.5' }))).statusCode).toBe(200);
  });
});

describe('bets racing a seed rotation', () => {
  it('all settle: each bet lands on the old or the new pair, nonces stay gapless', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 1_000n * USDT);
    const rotate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/fairness/rotate',
        headers: { authorization: `Bearer ${u.token}` },
        payload: {},
      });
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => play(u, diceBet())),
      ...Array.from({ length: 5 }, rotate),
    ]);
    // Every bet settles (on the old pair or the new one) and every rotation succeeds.
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const pairs = await t.server.database.query<{ n: string; max: string | null; count: string }>(
      `select sp.id::text as n, max(b.nonce)::text as max, count(b.id)::text as count
         from seed_pairs sp left join bets b on b.seed_pair_id = sp.id
        where sp.user_id = $1 group by sp.id`,
      [u.id],
    );
    for (const p of pairs) if (p.max !== null) expect(Number(p.max) + 1).toBe(Number(p.count));
  });
});
