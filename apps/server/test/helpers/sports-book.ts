/**
 * The sportsbook server tests' shared pieces (sports.test.ts, sports-live.test.ts): feed messages of
 * the test feed, events and their outcomes, HTTP calls, bets, funded players and settlements.
 */
import { randomUUID } from 'node:crypto';
import type { SportBet, SportPlaceBetResponse } from '@nebula/contracts';
import { expect } from 'vitest';
import { applyFeedMessage, type FeedMessage } from '../../src/modules/sports/index.js';
import type { TestUser } from './factories.js';
import { fundedPlayer } from './players.js';
import { contextOf, type TestServer } from './test-server.js';

// USDT: 8 decimals, static price 1 USD.
export const USDT = 100_000_000n;
export const FEED = 'test';

export type Sel = { id: string; odds: number };

/** The helpers over the test server `server()` answers (started in the test file's beforeAll). */
export function sportsBook(server: () => TestServer) {
  let seq = 0;
  let events = 0;
  /** The next sequence number of the test feed. */
  const nextSeq = () => ++seq;
  const at = () => new Date().toISOString();
  const apply = (m: Record<string, unknown>) =>
    applyFeedMessage(contextOf(server()), { feed: FEED, seq: nextSeq(), at: at(), ...m } as FeedMessage);

  const market1x2 = (odds = [2000, 3200, 3500], extra: Record<string, unknown> = {}) => ({
    template: '1x2',
    name: '1x2',
    main: true,
    outcomes: [
      { key: '1', name: 'Home', odds: odds[0] },
      { key: 'x', name: 'Draw', odds: odds[1] },
      { key: '2', name: 'Away', odds: odds[2] },
    ],
    ...extra,
  });
  const marketTotal = (line: string, odds = [1900, 1900]) => ({
    template: 'total',
    specifiers: { total: line },
    name: `Total ${line}`,
    outcomes: [
      { key: 'over', name: `Over ${line}`, odds: odds[0] },
      { key: 'under', name: `Under ${line}`, odds: odds[1] },
    ],
  });

  /** A new pre-match event of the test feed (not simulated: real money). */
  async function newEvent(markets: unknown[] = [market1x2()], extra: Record<string, unknown> = {}) {
    const ext = `e${++events}`;
    await apply({
      kind: 'fixture',
      event: ext,
      sport: 'soccer-1',
      category: { id: 'c1', name: 'Testland' },
      tournament: { id: 't1', name: 'Test League' },
      competitors: [
        { id: `${ext}-h`, name: `Home ${ext}`, abbreviation: 'HOM', qualifier: 'home' },
        { id: `${ext}-a`, name: `Away ${ext}`, abbreviation: 'AWY', qualifier: 'away' },
      ],
      name: `Home ${ext} vs Away ${ext}`,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      simulated: false,
      markets,
      ...extra,
    });
    return ext;
  }

  /** The outcomes of an event by `template|specKey|key`. */
  async function outcomes(ext: string): Promise<Record<string, { id: string; odds: number }>> {
    const rows = await server().server.database.query<{ k: string; id: string; odds: number }>(
      `select m.template || '|' || m.spec_key || '|' || o.key as k, o.id::text as id, o.odds
         from sport_outcomes o join sport_markets m on m.id = o.market_id join sport_events e on e.id = m.event_id
        where e.feed = $1 and e.external_id = $2`,
      [FEED, ext],
    );
    return Object.fromEntries(rows.map((r) => [r.k, { id: r.id, odds: r.odds }]));
  }

  function post(user: TestUser | null, url: string, payload: object) {
    return server().app.inject({
      method: 'POST',
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      payload,
    });
  }

  const bet = (user: TestUser, sels: Sel[], stake = '2', extra: Record<string, unknown> = {}) =>
    post(user, '/api/sports/bet', {
      type: sels.length === 1 ? 'single' : 'multi',
      selections: sels.map((s) => ({ outcome: s.id, odds: s.odds })),
      stake,
      currency: 'usdt',
      requestId: randomUUID(),
      ...extra,
    });

  async function placed(user: TestUser, sels: Sel[], stake = '2', extra: Record<string, unknown> = {}) {
    const res = await bet(user, sels, stake, extra);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SportPlaceBetResponse>();
    if (body.status !== 'placed') throw new Error('queued');
    return body.bet;
  }

  const real = async (u: TestUser) => (await server().server.ledger.balances(u.id)).usdt?.real ?? 0n;
  const player = async (balance = 100n * USDT) => (await fundedPlayer(server().server, balance, balance))[0];
  const myBet = async (u: TestUser, id: string) => {
    const res = await post(u, '/api/sports/bets', { view: 'all', limit: 100 });
    return res.json<{ bets: SportBet[] }>().bets.find((b) => b.id === id)!;
  };
  const settle = (
    ext: string,
    template: string,
    spec: Record<string, string>,
    results: Record<string, string>,
  ) =>
    apply({
      kind: 'bet_settlement',
      event: ext,
      markets: [
        {
          template,
          specifiers: spec,
          outcomes: Object.entries(results).map(([key, result]) =>
            result.includes('/') ? { key, result: 'dead_heat', deadHeat: result } : { key, result },
          ),
        },
      ],
    });

  return {
    nextSeq,
    at,
    apply,
    market1x2,
    marketTotal,
    newEvent,
    outcomes,
    post,
    bet,
    placed,
    real,
    player,
    myBet,
    settle,
  };
}
