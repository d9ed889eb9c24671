import { type LiveGame, latestWinFromLiveGame, liveGameEvent } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profitUsd } from '../src/modules/wagers/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { fund } from './helpers/players.js';
import { seedPairs } from './helpers/bets.js';

/**
 * The live feed's history (POST /api/data/latestGames) and the latest wins (POST /api/data/latestWins):
 * each channel's filter, demo bets never shown, privacy, limits and bad input.
 */
let t: TestServer;
let alice: TestUser; // public bets
let bob: TestUser; // private bets
let carol: TestUser; // plain viewer
let mod: TestUser; // holds ignore_privacy
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  [alice, bob, carol, mod] = await Promise.all([
    createUser(t.server.database),
    createUser(t.server.database),
    createUser(t.server.database),
    createUser(t.server.database, { roles: ['player', 'chat_moderator'] }),
  ]);
  await t.server.database.query('update users set private_bets = true where id = $1', [bob.id]);
  // Oldest first; `at` is seconds before now.
  const bets: [string, TestUser, BetSpec][] = [
    ['a_lose', alice, { at: 100, wager: '1', multiplier: '0', wagerUsd: '1' }],
    ['a_win2', alice, { at: 90, wager: '2', multiplier: '2', wagerUsd: '2' }],
    ['a_demo_lucky', alice, { at: 80, wager: '500', multiplier: '50', wagerUsd: null, demo: true }],
    ['b_high_100', bob, { at: 70, wager: '100', multiplier: '0.5', wagerUsd: '100' }],
    ['a_high_99', alice, { at: 60, wager: '99.99', multiplier: '1.5', wagerUsd: '99.99' }],
    ['a_lucky_10', alice, { at: 50, wager: '0.5', multiplier: '10', wagerUsd: '0.5' }],
    ['a_lucky_9', alice, { at: 40, wager: '0.5', multiplier: '9.99999999', wagerUsd: '0.5' }],
    ['b_lucky_1000', bob, { at: 30, wager: '1', multiplier: '1000', wagerUsd: '1' }],
    ['c_demo_high', carol, { at: 20, wager: '1000', multiplier: '2', wagerUsd: null, demo: true }],
    ['c_push', carol, { at: 10, wager: '3', multiplier: '1', wagerUsd: '3' }],
  ];
  for (const [name, u, spec] of bets) ids[name] = await insertBet(u, spec);
});
afterAll(async () => {
  await t?.close();
});

interface BetSpec {
  /** Seconds before now. */
  at: number;
  /** usdt (8 decimals). */
  wager: string;
  multiplier: string;
  wagerUsd: string | null;
  demo?: boolean;
}

const atomic8 = (s: string) => {
  const [w = '0', f = ''] = s.split('.');
  return BigInt(w + f.padEnd(8, '0'));
};
const seedPairOf = seedPairs();

/** Inserts a settled bet row directly (the feed only reads `bets`). */
async function insertBet(u: TestUser, spec: BetSpec): Promise<string> {
  const db = t.server.database;
  const pair = await seedPairOf(db, u.id);
  const wager = atomic8(spec.wager);
  const mult = atomic8(spec.multiplier);
  const payout = (wager * mult) / 100_000_000n;
  const rows = await db.query<{ id: string }>(
    `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
       profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at)
     values ($1, 'dice', 'usdt', $2, $3::numeric, $4::bigint, $4::numeric, 100000000, $5::numeric, $6::numeric,
       $7::bigint, $8, '{}'::jsonb, '{}'::jsonb, 100, $9::numeric, now() - make_interval(secs => $10::int))
     returning id::text as id`,
    [
      u.id,
      spec.demo ?? false,
      wager.toString(),
      mult.toString(),
      payout.toString(),
      (payout - wager).toString(),
      pair.id,
      pair.nonce++,
      spec.wagerUsd,
      spec.at,
    ],
  );
  return rows[0]?.id as string;
}

const post = (u: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

async function feed(u: TestUser | null, type: string, count?: number): Promise<LiveGame[]> {
  const res = await post(u, '/api/data/latestGames', { mode: 'casino', type, ...(count ? { count } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LiveGame[];
}
const namesOf = (games: LiveGame[]) =>
  games.map((g) => Object.entries(ids).find(([, id]) => id === g.game._id)?.[0] ?? g.game._id);

describe('latestGames channels', () => {
  it('all: every real bet, newest first, never a demo bet', async () => {
    expect(namesOf(await feed(null, 'all'))).toEqual([
      'c_push',
      'b_lucky_1000',
      'a_lucky_9',
      'a_lucky_10',
      'a_high_99',
      'b_high_100',
      'a_win2',
      'a_lose',
    ]);
  });

  it('mine: the caller’s own real bets; a guest gets all instead', async () => {
    expect(namesOf(await feed(alice, 'mine'))).toEqual([
      'a_lucky_9',
      'a_lucky_10',
      'a_high_99',
      'a_win2',
      'a_lose',
    ]);
    expect(namesOf(await feed(carol, 'mine'))).toEqual(['c_push']);
    expect(await feed(null, 'mine')).toEqual(await feed(null, 'all'));
  });

  it('high_rollers: wager worth 100 USD or more', async () => {
    expect(namesOf(await feed(carol, 'high_rollers'))).toEqual(['b_high_100']);
  });

  it('lucky_wins: a win paying 10x or more', async () => {
    expect(namesOf(await feed(carol, 'lucky_wins'))).toEqual(['b_lucky_1000', 'a_lucky_10']);
  });

  it('all_wins: profit above zero (a push is no win)', async () => {
    expect(namesOf(await feed(carol, 'all_wins'))).toEqual([
      'b_lucky_1000',
      'a_lucky_9',
      'a_lucky_10',
      'a_high_99',
      'a_win2',
    ]);
  });

  it('race: this week’s bets of the race leaders', async () => {
    expect(namesOf(await feed(null, 'race'))).toEqual(namesOf(await feed(null, 'all')));
  });

  it('entries have the LiveGame event shape and values', async () => {
    const [lucky] = await feed(alice, 'lucky_wins', 2).then((g) => g.slice(1));
    expect(liveGameEvent.data.parse(lucky)).toEqual(lucky);
    expect(lucky).toEqual({
      user: { _id: alice.id, name: alice.name, avatar: null, private_bets: false },
      game: {
        _id: ids.a_lucky_10,
        currency: 'usdt',
        wager: '0.5',
        splitTotal: '0.5',
        multiplier: '10.00000000',
        status: 'win',
        profit: '4.5',
        type: 'single',
        user: alice.id,
        profit_usd_converted: '4.5',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as unknown,
      },
      metadata: { id: 'dice', name: 'Dice', image: '/api/img/games/dice.svg' },
      delay: 0,
    });
    // The bet's own time (inserted 50 s before the test's now), for the feed's time column.
    const age = Date.now() - Date.parse(lucky?.game.created_at ?? '');
    expect(age).toBeGreaterThanOrEqual(49_000);
    expect(age).toBeLessThan(120_000);
  });
});

describe('privacy', () => {
  const bobEntry = (games: LiveGame[]) => games.find((g) => g.game._id === ids.b_high_100);

  it('hides a player with private bets from guests and other players', async () => {
    for (const viewer of [null, carol, alice]) {
      const e = bobEntry(await feed(viewer, 'all'));
      expect(e?.user).toEqual({ _id: '', name: 'Hidden', avatar: null, private_bets: true });
      expect(e?.game.user).toBe('');
    }
  });

  it('shows them to the player and to holders of ignore_privacy', async () => {
    for (const viewer of [bob, mod]) {
      const e = bobEntry(await feed(viewer, 'all'));
      expect(e?.user).toMatchObject({ _id: bob.id, name: bob.name, private_bets: true });
      expect(e?.game.user).toBe(bob.id);
    }
  });
});

describe('limits and bad input', () => {
  it('returns 10 by default and at most count', async () => {
    for (let i = 0; i < 4; i++) await insertBet(carol, { at: 5, wager: '1', multiplier: '0', wagerUsd: '1' });
    expect(await feed(null, 'all')).toHaveLength(10);
    expect(await feed(null, 'all', 3)).toHaveLength(3);
    expect(await feed(null, 'all', 50)).toHaveLength(12);
  });

  it.each([
    { count: 0 },
    { count: 51 },
    { count: 2.5 },
    { count: '10' },
    { type: 'sport' },
    { type: 'MINE' },
    { mode: 'sports' },
    { extra: true },
  ])('refuses %j with 422', async (bad) => {
    const res = await post(null, '/api/data/latestGames', { mode: 'casino', type: 'all', ...bad });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('latestWins refuses a count above 30', async () => {
    expect((await post(null, '/api/data/latestWins', { count: 31 })).statusCode).toBe(422);
    expect((await post(null, '/api/data/latestWins', { count: 0 })).statusCode).toBe(422);
  });
});

describe('latestWins', () => {
  it('lists real wins newest first in the latest-win shape, privacy applied', async () => {
    const res = await post(carol, '/api/data/latestWins', {});
    expect(res.statusCode).toBe(200);
    const wins = res.json() as { _id: string }[];
    expect(wins.map((w) => w._id)).toEqual([
      ids.b_lucky_1000,
      ids.a_lucky_9,
      ids.a_lucky_10,
      ids.a_high_99,
      ids.a_win2,
    ]);
    expect(wins[0]).toEqual({
      _id: ids.b_lucky_1000,
      game: 'dice',
      name: 'Dice',
      ticker: null,
      image: '/api/img/games/dice.svg',
      player: { _id: '', name: 'Hidden', avatar: null, private_bets: true },
      multiplier: '1000.00000000',
      usdProfit: '999',
      profit: '999',
      currency: 'usdt',
      splitTotal: '1',
      payout: '1000',
      winType: 'game',
    });
    const two = await post(carol, '/api/data/latestWins', { count: 2 });
    expect((two.json() as unknown[]).length).toBe(2);
  });

  it('is what the web derives from a LiveGame event (same mapping)', async () => {
    const [game] = await feed(carol, 'lucky_wins', 1);
    const res = await post(carol, '/api/data/latestWins', { count: 1 });
    expect(res.json()).toEqual([latestWinFromLiveGame(game as LiveGame)]);
  });
});

describe('a bet played through the engine', () => {
  it('appears in the feed exactly as the realtime LiveGame event announced it', async () => {
    const dave = await createUser(t.server.database);
    await fund(t.server, dave.id, 100_000_000_000n);
    const publish = vi.spyOn(t.server.realtime.hub, 'publish');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      headers: { authorization: `Bearer ${dave.token}` },
      payload: {
        event: 'Play',
        data: {
          api_id: 'dice',
          bet: '3.3',
          currency: 'usdt',
          quick: true,
          data: { target: 5000, condition: 'over' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() =>
      expect(publish.mock.calls.some(([, e]) => (e as { name: string }).name === 'LiveGame')).toBe(true),
    );
    const event = publish.mock.calls.find(([, e]) => (e as { name: string }).name === 'LiveGame')?.[2];
    publish.mockRestore();
    const [mine] = await feed(dave, 'mine', 1);
    // Both carry the bet's time: the history the row's, the live event the moment it was settled.
    const { created_at: placedAt, ...game } = mine!.game;
    const live = event as { game: { created_at?: string } };
    const { created_at: announcedAt, ...liveGame } = live.game;
    expect(Date.parse(placedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Math.abs(Date.parse(announcedAt ?? '') - Date.parse(placedAt ?? ''))).toBeLessThan(10_000);
    expect({ ...mine, game }).toEqual({ ...live, game: liveGame });
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });
});

describe('profitUsd', () => {
  it('converts at the wager’s own USD rate, toward zero', () => {
    expect(profitUsd(150_000_000n, 100_000_000n, '2.5')).toBe('3.75');
    expect(profitUsd(-100_000_000n, 300_000_000n, '1')).toBe('-0.33333333');
    expect(profitUsd(5n, 1n, null)).toBe('0');
  });
});
