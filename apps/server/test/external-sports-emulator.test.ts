import {
  type EmulatorStep,
  type LatestWin,
  type LiveGame,
  SPORTSBOOK_EMULATOR_SCENARIOS,
  latestWinFromLiveGame,
} from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { myBets } from '../src/modules/games/index.js';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import { DEFAULT_LICENSE } from '../src/modules/platform/index.js';
import { raceConsumer, raceWagerOf, raceWeekOf } from '../src/modules/race/index.js';
import { createUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { catchUp } from './helpers/wagers.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The external sportsbook on a development-like server (the local sportsbook stands in for the
 * provider; decision 0034):
 * - the emulator's scenarios (`POST /api/debug/sportsbook/scenario`, staff only) fire signed wallet
 *   calls at the real wallet route and every answer is the one the protocol requires, with the balance
 *   changes each scenario implies;
 * - a bet settled as won or lost is in the live feed like the own sportsbook's (`LiveFeedSportGame`,
 *   `_id` `xsport-{bet}`, its event and sport), in the feed's history (all, mine, wins, latest wins as a
 *   sport win), in My bets and the race; a refunded bet or a rolled back result is not in the feed.
 */

const USDT = 100_000_000n;
const CENT = USDT / 100n;
let t: TestServer;
let staff: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer();
  await putSetting(t, 'license', {
    ...DEFAULT_LICENSE,
    plugins: { ...DEFAULT_LICENSE.plugins, sportsbook_external: true },
  });
  staff = await createUser(t.server.database, { roles: ['*'] });
  await t.server.ledger.transfer({
    key: `test-fund:${staff.id}`,
    kind: 'test',
    currency: 'usdt',
    amount: 5n * USDT,
    from: { system: 'chain' },
    to: { user: staff.id, kind: 'real' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, payload: Record<string, unknown>, token?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: res.statusCode, json: res.json() as Record<string, unknown>, text: res.payload };
};

interface Run {
  steps: EmulatorStep[];
  balanceBefore: string;
  balanceAfter: string;
  event: string;
}

const scenario = async (name: string) => {
  const r = await post('/api/debug/sportsbook/scenario', { scenario: name }, staff.token);
  expect(r.status, r.text).toBe(200);
  return r.json as unknown as Run;
};

const staffBalance = () =>
  playerBalance(t.server.database, { user: staff.id, kind: 'real', currency: 'usdt' });

describe('the sportsbook emulator', () => {
  it('every scenario answers as the protocol requires, moving the balance as it says', async () => {
    const events = (await post('/api/local-sportsbook/events', {})).json.events as {
      outcomes: { odds: string }[];
    }[];
    const odds = events[0]!.outcomes[0]!.odds;
    const [whole, frac = ''] = odds.split('.');
    const win = (CENT * BigInt(`${whole}${frac}`)) / 10n ** BigInt(frac.length);
    // The change each scenario leaves: a win pays stake x odds, a loss keeps the stake, the rest nothing.
    const delta: Record<string, bigint> = {
      makeCommitWin: win - CENT,
      makeLost: -CENT,
      rollbackSettlement: -CENT,
    };
    for (const name of SPORTSBOOK_EMULATOR_SCENARIOS) {
      const before = await staffBalance();
      const run = await scenario(name);
      expect(run.steps.length).toBeGreaterThan(0);
      for (const s of run.steps) {
        expect(s.expected, `${name}: ${s.note} -> ${s.status} ${JSON.stringify(s.answer)}`).toBe(true);
        expect(s.action).toMatch(/^bet\/(make|commit|settlement|win|lost|refund|discard|rollback)$/);
        expect(s.signing).toMatch(/^ES256/);
      }
      expect(await staffBalance(), name).toBe(before + (delta[name] ?? 0n));
    }
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  }, 120_000);

  it('shows each request, answer and balance change; the refusals move nothing', async () => {
    const run = await scenario('rollbackSettlement');
    expect(run.steps.map((s) => s.action)).toEqual([
      'bet/make',
      'bet/commit',
      'bet/win',
      'bet/settlement',
      'bet/rollback',
      'bet/lost',
      'bet/settlement',
    ]);
    expect(run.steps[0]).toMatchObject({ status: 200, change: '-0.01' });
    expect(run.steps[0]!.params).toMatchObject({ amount: Number(CENT), currency: 'USDT' });
    expect(run.steps[4]!.params).toMatchObject({
      parent_transaction_id: (run.steps[2]!.answer as { id: string }).id,
    });
    const bad = await scenario('badSignature');
    expect(bad.steps).toHaveLength(1);
    expect(bad.steps[0]).toMatchObject({
      status: 400,
      answer: { code: 2005, message: 'Invalid JWT token' },
      change: '0',
    });
    const expired = await scenario('expiredToken');
    expect(expired.steps[0]).toMatchObject({ status: 400, answer: { code: 2005 }, change: '0' });
    const replay = await scenario('replayDifferent');
    expect(replay.steps[1]).toMatchObject({ status: 400, answer: { code: 2004 }, change: '0' });
    const duplicate = await scenario('duplicateMake');
    expect((duplicate.steps[1]!.answer as { id: string }).id).toBe(
      (duplicate.steps[0]!.answer as { id: string }).id,
    );
  }, 60_000);

  it('is for staff, and only while the external sportsbook is on', async () => {
    const [player] = await fundedPlayer(t.server, USDT);
    const refused = await post('/api/debug/sportsbook/scenario', { scenario: 'makeLost' }, player.token);
    expect(refused.status).toBe(403);
    const guest = await post('/api/debug/sportsbook/scenario', { scenario: 'makeLost' });
    expect(guest.status).toBe(401);
    const unknown = await post('/api/debug/sportsbook/scenario', { scenario: 'nope' }, staff.token);
    expect(unknown.status).toBe(422);
    await putSetting(t, 'license', DEFAULT_LICENSE);
    try {
      const off = await post('/api/debug/sportsbook/scenario', { scenario: 'makeLost' }, staff.token);
      expect(off.status).toBe(409);
      expect(off.json.code).toBe('sportsbook_off');
    } finally {
      await putSetting(t, 'license', {
        ...DEFAULT_LICENSE,
        plugins: { ...DEFAULT_LICENSE.plugins, sportsbook_external: true },
      });
    }
  });
});

describe('external sportsbook bets in the live feed', () => {
  it('a settled bet shows as its LiveFeedSportGame announced it, in the history, My bets and the race', async () => {
    const [u] = await fundedPlayer(t.server, 10n * USDT);
    const launch = await post('/api/external-sports/launch', { currency: 'usdt' }, u.token);
    const token = launch.json.token as string;
    const events = (await post('/api/local-sportsbook/events', { sport: 'tennis-5' })).json.events as {
      id: string;
      home: string;
      away: string;
      outcomes: { id: string; odds: string }[];
    }[];
    const [won, lost, cancelled] = events as [(typeof events)[0], (typeof events)[0], (typeof events)[0]];
    const bet = async (ev: (typeof events)[0]) => {
      const o = ev.outcomes[0]!;
      const r = await post('/api/local-sportsbook/bet', {
        token,
        event: ev.id,
        outcome: o.id,
        stake: '1',
        odds: o.odds,
      });
      expect(r.json.ok, r.text).toBe(true);
    };
    await bet(won);
    await bet(lost);
    await bet(cancelled);
    const ids = (
      await t.server.database.query<{ id: string }>(
        `select id::text as id from xsport_bets where user_id = $1::uuid order by created_at`,
        [u.id],
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const publish = vi.spyOn(t.server.realtime.hub, 'publish');
    const settle = (event: string, result: string) =>
      post('/api/debug/local-sportsbook/settle', { event, result }, staff.token);
    await settle(won.id, won.outcomes[0]!.id);
    await settle(lost.id, lost.outcomes[1]!.id);
    await settle(cancelled.id, 'cancel');
    const announced = publish.mock.calls
      .filter(([, e]) => (e as { name: string }).name === 'LiveFeedSportGame')
      .map(([, , data]) => data as LiveGame);
    publish.mockRestore();
    expect(announced.map((g) => g.game._id)).toEqual([`xsport-${ids[0]}`, `xsport-${ids[1]}`]);
    const [num, frac = ''] = won.outcomes[0]!.odds.split('.');
    const payout = (USDT * BigInt(`${num}${frac}`)) / 10n ** BigInt(frac.length);
    expect(announced[0]).toMatchObject({
      user: { _id: u.id, name: u.name },
      game: {
        type: 'single',
        status: 'win',
        wager: '1',
        currency: 'usdt',
        profit: String(Number(payout - USDT) / 1e8),
      },
      metadata: {
        id: 'tennis-5',
        name: `${won.home} vs ${won.away}`,
        image: '/api/img/sports/tennis-5.svg',
      },
    });
    expect(announced[1]).toMatchObject({ game: { status: 'lose', profit: '-1' } });

    const history = (await post('/api/data/latestGames', { type: 'mine', count: 50 }, u.token))
      .json as unknown as LiveGame[];
    expect(history.map((g) => g.game._id)).toEqual([`xsport-${ids[1]}`, `xsport-${ids[0]}`]);
    expect(history.slice().reverse()).toEqual(announced);
    const all = (await post('/api/data/latestGames', { type: 'all', count: 50 }))
      .json as unknown as LiveGame[];
    expect(all.map((g) => g.game._id)).toContain(`xsport-${ids[0]}`);
    expect(all.map((g) => g.game._id)).not.toContain(`xsport-${ids[2]}`);
    const wins = (await post('/api/data/latestWins', { count: 30 })).json as unknown as LatestWin[];
    const win = wins.find((w) => w._id === `xsport-${ids[0]}`);
    expect(win).toEqual(latestWinFromLiveGame(announced[0]!, 'sport'));
    expect(win?.winType).toBe('sport');
    expect(wins.some((w) => w._id === `xsport-${ids[1]}`)).toBe(false);

    // My bets: the two results (the refunded bet wagered nothing).
    const mine = (await myBets(t.server.database, u.id, { limit: 10 })).bets;
    expect(mine.map((b) => [b.game, b.wager, b.status])).toEqual([
      ['external-sports', '1', 'lose'],
      ['external-sports', '1', 'win'],
    ]);
    // The race counts both stakes through the wager stream.
    await catchUp(t.server.database, raceConsumer);
    const raced = await raceWagerOf(t.server.database, raceWeekOf(new Date()), u.id);
    const [usd] = await t.server.database.query<{ usd: string }>(
      `select sum(wager_usd)::text as usd from bets where user_id = $1`,
      [u.id],
    );
    expect(Number(usd!.usd)).toBeGreaterThan(0);
    expect(Number(raced)).toBe(Number(usd!.usd));
  });

  it('a rolled back result leaves the feed until the bet has a result again', async () => {
    const latestOfStaff = async () =>
      (
        (await post('/api/data/latestGames', { type: 'mine', count: 50 }, staff.token))
          .json as unknown as LiveGame[]
      )
        .map((g) => g.game._id)
        .filter((id) => id.startsWith('xsport-'));
    const before = await latestOfStaff();
    const run = await scenario('rollbackSettlement');
    const betId = (run.steps[0]!.answer as { id: string }).id;
    const after = await latestOfStaff();
    expect(after[0]).toBe(`xsport-${betId}`);
    expect(after.length).toBe(before.length + 1);
    // Between the rollback and the new result the record is open: not in the feed.
    await t.server.database.query(
      `update bets set outcome = jsonb_set(outcome, '{state}', '"open"') where product = 'external-sports' and reference = $1`,
      [betId],
    );
    expect(await latestOfStaff()).not.toContain(`xsport-${betId}`);
  });
});
