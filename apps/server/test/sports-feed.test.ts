import type { SportPlaceBetResponse } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import {
  applyFeedMessage,
  feedRecording,
  parseNdjson,
  runFeed,
  simulatedFeedService,
  SIMULATED_FEED,
} from '../src/modules/sports/index.js';
import type { TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The simulated feed and its recording (decision 0028): a seeded simulation with a clock the test
 * drives plays matches from fixtures to settlement (goals as bet stops and re-pricing, postponements,
 * cancellations, rollbacks), while players bet; the recording of every applied message, replayed on a
 * fresh database with the same bets placed at the same point, reproduces the same book and the same
 * settlements.
 */
const USDT = 100_000_000n;
const ENV = { SPORTS_SIMULATION_SEED: 'replay-seed' };
let a: TestServer;
let b: TestServer;

async function configure(t: TestServer) {
  await putSetting(t, 'sports.simulation', {
    matchMinutes: 1,
    upcoming: 4,
    kickOffEveryMinutes: 0.5,
    postponeRate: 0.15,
    cancelRate: 0.15,
    rollbackRate: 0.3,
    rangeCancelRate: 0.15,
  });
}

beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(ENV), startTestServer(ENV)]);
  await Promise.all([configure(a), configure(b)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** The outcome of a simulated event by its feed ids. */
async function outcome(t: TestServer, ext: string, template: string, key: string) {
  const [row] = await t.server.database.query<{ id: string; odds: number }>(
    `select o.id::text as id, o.odds from sport_outcomes o join sport_markets m on m.id = o.market_id
       join sport_events e on e.id = m.event_id
      where e.feed = $1 and e.external_id = $2 and m.template = $3 and m.spec_key = '' and o.key = $4`,
    [SIMULATED_FEED, ext, template, key],
  );
  if (!row) throw new Error(`no outcome ${ext} ${template} ${key}`);
  return row;
}

interface Plan {
  requestId: string;
  legs: { ext: string; key: string }[];
}

/** Places the planned demo bets (all pre-match) on server `t` as `user`. */
async function placeAll(t: TestServer, user: TestUser, plans: Plan[]) {
  for (const p of plans) {
    const selections = [];
    for (const l of p.legs) {
      const o = await outcome(t, l.ext, '1x2', l.key);
      selections.push({ outcome: o.id, odds: o.odds });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sports/bet',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        type: selections.length === 1 ? 'single' : 'multi',
        selections,
        stake: '2',
        currency: 'usdt',
        demo: true,
        requestId: p.requestId,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SportPlaceBetResponse>().status).toBe('placed');
  }
}

/** The book as comparable rows (feed ids, not database ids). */
async function book(t: TestServer) {
  return t.server.database.query(
    `select e.external_id, e.status, e.score, m.template, m.spec_key, m.status as market_status,
            (select json_agg(json_build_object('key', o.key, 'odds', o.odds, 'previous', o.previous_odds,
                                              'active', o.active, 'result', o.result) order by o.key)
               from sport_outcomes o where o.market_id = m.id) as outcomes,
            (select count(*) from sport_odds_history h join sport_outcomes o on o.id = h.outcome_id
              where o.market_id = m.id)::int as history
       from sport_events e join sport_markets m on m.event_id = e.id
      order by e.external_id, m.template, m.spec_key`,
  );
}

async function bets(t: TestServer) {
  return t.server.database.query(
    `select b.request_id, b.status, b.payout::text as payout, b.settlements, b.rollbacks, b.cashed_out,
            (select json_agg(l.result order by l.leg) from sport_bet_legs l where l.bet_id = b.id) as legs
       from sport_bets b order by b.request_id`,
  );
}

describe('the simulated feed and its recording', () => {
  it(
    'plays matches to settlement, and a replay reproduces the book and the settlements',
    { timeout: 180_000 },
    async () => {
      const ctx = contextOf(a);
      const feed = simulatedFeedService.of(ctx);
      const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      await runFeed(ctx, feed, t0);
      const [{ first }] = (await a.server.database.query<{ first: string }>(
        `select max(seq)::text as first from sport_feed_messages where feed = $1`,
        [SIMULATED_FEED],
      )) as [{ first: string }];
      const upcoming = await a.server.database.query<{ external_id: string }>(
        `select external_id from sport_events where status = 'not_started' order by starts_at limit 3`,
      );
      const live = await a.server.database.query(`select 1 from sport_events where status = 'live'`);
      expect(live.length).toBeGreaterThan(0);
      expect(upcoming).toHaveLength(3);
      const [e1, e2, e3] = upcoming.map((r) => r.external_id) as [string, string, string];
      const plans: Plan[] = [
        { requestId: 'single-1-request', legs: [{ ext: e1, key: '1' }] },
        { requestId: 'single-2-request', legs: [{ ext: e2, key: 'x' }] },
        { requestId: 'single-3-request', legs: [{ ext: e3, key: '2' }] },
        {
          requestId: 'multi-1-request',
          legs: [
            { ext: e1, key: '2' },
            { ext: e2, key: '1' },
          ],
        },
        {
          requestId: 'multi-2-request',
          legs: [
            { ext: e2, key: '2' },
            { ext: e3, key: '1' },
          ],
        },
      ];
      const [userA] = await fundedPlayer(a.server, 0n, 100n * USDT);
      await placeAll(a, userA, plans);
      // A poll every 15 s, until the matches bet on are over (and rolled back and settled again).
      for (let k = 1; k <= 16; k++) await runFeed(ctx, feed, new Date(t0.getTime() + k * 15_000));

      const rows = await bets(a);
      expect(rows.every((r) => (r as { status: number }).status !== 0)).toBe(true);
      const kinds = await a.server.database.query<{ kind: string }>(
        'select distinct kind from sport_feed_messages order by kind',
      );
      // This seed's matches see every kind of message: goals (bet stops), postponements and cancellations
      // (bet cancels), full time (settlements) and a settlement rolled back.
      expect(kinds.map((k) => k.kind)).toEqual([
        'bet_cancel',
        'bet_settlement',
        'bet_stop',
        'fixture',
        'odds_change',
        'rollback_bet_settlement',
      ]);
      const recording = await feedRecording(ctx, SIMULATED_FEED);
      const messages = parseNdjson(recording);
      expect(messages.length).toBeGreaterThan(50);

      // The replay: the same messages on a fresh database, the same bets after the first poll's messages.
      const [userB] = await fundedPlayer(b.server, 0n, 100n * USDT);
      const ctxB = contextOf(b);
      for (const m of messages) {
        expect(await applyFeedMessage(ctxB, m)).toBe(true);
        if (m.seq === Number(first)) await placeAll(b, userB, plans);
      }
      expect(await book(b)).toEqual(await book(a));
      expect(await bets(b)).toEqual(rows);
      const demo = async (t: TestServer, u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.demo;
      expect(await demo(b, userB)).toBe(await demo(a, userA));
      for (const t of [a, b]) expect((await checkLedger(t.server.database)).problems).toEqual([]);
    },
  );
});
