import {
  type LatestWin,
  type LiveGame,
  latestWinFromLiveGame,
  SportSlipErrorCode as Code,
  type SportPlaceBetResponse,
} from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { parseNdjson } from '../src/modules/sports/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { FEED, type Sel, USDT, sportsBook } from './helpers/sports-book.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The sportsbook's server (issue G9, decision 0028), continued from sports.test.ts: the live queue
 * (too fast, too late, odds changed, option closed, 100 concurrent confirmations making one bet),
 * cash-out, the reads, staff feed entry with its recordings, and settled bets in the live feed. The ledger invariants are checked
 * after every test.
 */
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

const { at, apply, market1x2, newEvent, outcomes, post, bet, placed, real, player, settle } = sportsBook(
  () => t,
);

describe('live bets through the queue', () => {
  async function liveEvent(delayMs = 60_000) {
    const ext = await newEvent();
    await apply({
      kind: 'odds_change',
      event: ext,
      status: 'live',
      score: { home: 0, away: 0 },
      clock: { period: '1st_half', minute: 1, second: 0, running: true, at: at() },
      markets: [market1x2([2000, 3200, 3500], { liveDelayMs: delayMs })],
    });
    return ext;
  }
  const queue = async (u: TestUser, sels: Sel[], extra: Record<string, unknown> = {}) => {
    const res = await bet(u, sels, '2', extra);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SportPlaceBetResponse>();
    if (body.status !== 'queued') throw new Error('placed');
    return body.queue;
  };
  /** Moves a queue entry's delay into the past (instead of waiting for it). */
  const ripen = (id: string) =>
    t.server.database.query(
      `update sport_bet_queue set confirm_after = now() - interval '1 second' where id = $1`,
      [id],
    );
  const confirm = (u: TestUser, queueId: string) => post(u, '/api/sports/bet/confirm', { queueId });

  it('queues a live bet: too fast before its delay, placed after it, invalid once used', async () => {
    const u = await player();
    const ext = await liveEvent();
    const o = await outcomes(ext);
    const q = await queue(u, [o['1x2||1']!]);
    expect(q.delayMs).toBe(60_000);
    expect(await real(u)).toBe(100n * USDT);
    const early = await confirm(u, q.queueId);
    expect(early.json()).toEqual({ code: Code.TooEarly, message: "You're too fast" });
    await ripen(q.queueId);
    const ok = await confirm(u, q.queueId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().bet).toMatchObject({ status: 0, stake: '2' });
    expect(await real(u)).toBe(98n * USDT);
    expect((await confirm(u, q.queueId)).json().code).toBe(Code.InvalidQueueId);
    const other = await player();
    expect((await confirm(other, q.queueId)).json().code).toBe(Code.InvalidQueueId);
    expect((await confirm(u, '123456789')).json().code).toBe(Code.InvalidQueueId);
  });

  it('too late after the expiry; odds changed and option closed during the delay', async () => {
    const u = await player();
    const ext = await liveEvent();
    const o = await outcomes(ext);
    const late = await queue(u, [o['1x2||1']!]);
    await t.server.database.query(
      `update sport_bet_queue set confirm_after = now() - interval '2 minutes', expires_at = now() - interval '1 minute' where id = $1`,
      [late.queueId],
    );
    expect((await confirm(u, late.queueId)).json().code).toBe(Code.TooLate);
    const changed = await queue(u, [o['1x2||2']!]);
    await apply({
      kind: 'odds_change',
      event: ext,
      markets: [market1x2([2000, 3200, 3300], { liveDelayMs: 60_000 })],
    });
    await ripen(changed.queueId);
    expect((await confirm(u, changed.queueId)).json()).toEqual({
      code: Code.OddsChanged,
      message: 'Odds changed.',
    });
    const closed = await queue(u, [o['1x2||x']!]);
    await apply({ kind: 'bet_stop', event: ext });
    await ripen(closed.queueId);
    expect((await confirm(u, closed.queueId)).json().code).toBe(Code.OptionClosed);
    expect(await real(u)).toBe(100n * USDT);
  });

  it('100 concurrent confirmations of one queued bet make one bet and one debit', async () => {
    const u = await player();
    const ext = await liveEvent();
    const o = await outcomes(ext);
    const q = await queue(u, [o['1x2||1']!]);
    await ripen(q.queueId);
    const answers = await Promise.all(Array.from({ length: 100 }, () => confirm(u, q.queueId)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json().code).toBe(Code.InvalidQueueId);
    expect(await real(u)).toBe(98n * USDT);
    const rows = await t.server.database.query(`select id from sport_bets where user_id = $1::uuid`, [u.id]);
    expect(rows).toHaveLength(1);
    // Settled once too.
    await settle(ext, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await real(u)).toBe(102n * USDT);
  });
});

describe('cash-out', () => {
  it('offers from the current odds less the margin and pays the offer re-checked on accept', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    const b = await placed(u, [o['1x2||1']!], '10');
    await apply({ kind: 'odds_change', event: ext, markets: [market1x2([1250, 5000, 9000])] });
    const offer = (await post(u, '/api/sports/cashout/offer', { betIds: [b.id] })).json().offers[0];
    // 10 x 2.0 / 1.25 x 0.95 = 15.2
    expect(offer).toMatchObject({ betId: b.id, amount: '15.2', currency: 'usdt' });
    await apply({ kind: 'odds_change', event: ext, markets: [market1x2([1300, 5000, 9000])] });
    const changed = await post(u, '/api/sports/cashout', { betId: b.id, amount: '15.2' });
    expect(changed.json().code).toBe(Code.CashOutChanged);
    const fresh = (await post(u, '/api/sports/cashout/offer', { betIds: [b.id] })).json().offers[0].amount;
    const res = await post(u, '/api/sports/cashout', { betId: b.id, amount: fresh });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bet).toMatchObject({ status: 2, cashedOut: true, payout: fresh });
    expect(await real(u)).toBe(90n * USDT + BigInt(Math.round(Number(fresh) * 1e8)));
    // Settlement leaves a cashed-out bet alone.
    const balance = await real(u);
    await settle(ext, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await real(u)).toBe(balance);
    expect((await post(u, '/api/sports/cashout', { betId: b.id, amount: fresh })).json().code).toBe(
      Code.CashOutUnavailable,
    );
  });
});

describe('reads', () => {
  it('lists sports with counts and limits, events by view, one event with its markets', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ext = await newEvent();
      const [row] = await t.server.database.query<{ id: string }>(
        'select id::text as id from sport_events where feed = $1 and external_id = $2',
        [FEED, ext],
      );
      ids.push(row!.id);
    }
    const list = (await post(null, '/api/sports/list', {})).json();
    expect(list.sports).toHaveLength(47);
    expect(list.sports[0]).toMatchObject({ key: 'soccer-1', type: 'SPORTS' });
    expect(list.sports[0].upcoming).toBeGreaterThan(0);
    expect(list.limits).toMatchObject({ minBetUsd: '1', maxBetUsd: '20', simulatedRealMoney: false });
    const upcoming = (
      await post(null, '/api/sports/events', { sport: 'soccer-1', view: 'upcoming', ids, limit: 2 })
    ).json();
    expect(upcoming.events).toHaveLength(2);
    expect(upcoming.next).toBe('2');
    expect(upcoming.events[0].mainMarket.template).toBe('1x2');
    const page2 = (
      await post(null, '/api/sports/events', { view: 'upcoming', ids, limit: 2, cursor: '2' })
    ).json();
    expect(page2.events.map((e: { id: string }) => e.id)).toEqual([ids[2]]);
    expect(page2.next).toBeNull();
    const one = (await post(null, '/api/sports/event', { id: ids[0] })).json().event;
    expect(one).toMatchObject({ id: ids[0], simulated: false, realMoney: true, status: 'not_started' });
    expect(one.markets[0].outcomes.map((o: { odds: number }) => o.odds)).toEqual([2000, 3200, 3500]);
    expect((await post(null, '/api/sports/events', { sport: 'nope' })).statusCode).toBe(422);
    expect((await post(null, '/api/sports/event', { id: '999999999' })).statusCode).toBe(404);
    expect((await post(null, '/api/sports/event', { id: 'x' })).statusCode).toBe(422);
    const icon = await t.app.inject({ method: 'GET', url: '/api/img/sports/soccer-1.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/api/img/sports/multi.svg' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/img/sports/nope.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/img/games/dice.svg' })).statusCode).toBe(200);
  });
});

describe('staff feed entry and recordings', () => {
  it('applies a message staff enter (audited), refuses players and malformed messages, exports NDJSON', async () => {
    const admin = await createUser(t.server.database, { roles: ['*'] });
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    await placed(u, [o['1x2||x']!], '2');
    const staff = (message: object, who: TestUser = admin) =>
      post(who, '/api/admin/sports/feed', { message });
    expect((await staff({ kind: 'bet_stop', eventFeed: FEED, event: ext }, u)).statusCode).toBe(403);
    expect((await staff({ kind: 'bet_stop', eventFeed: FEED, event: 'nope' })).json().code).toBe(
      'unknown_event',
    );
    expect((await staff({ kind: 'bet_settlement', eventFeed: FEED, event: ext })).statusCode).toBe(422);
    const res = await staff({
      kind: 'bet_settlement',
      eventFeed: FEED,
      event: ext,
      markets: [{ template: '1x2', outcomes: [{ key: 'x', result: 'won' }] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applied).toBe(true);
    expect(await real(u)).toBe(100n * USDT - 2n * USDT + 2n * 3_200_000_00n);
    const audit = await t.server.database.query<{ action: string; target_id: string }>(
      `select action, target_id from staff_audit_log where actor_id = $1::uuid`,
      [admin.id],
    );
    expect(audit).toEqual([{ action: 'sports.feed', target_id: `${FEED}:${ext}` }]);
    const recording = await post(admin, '/api/admin/sports/recording', { feed: 'staff' });
    expect(recording.json()).toMatchObject({ count: 1, last: res.json().seq });
    expect(parseNdjson(recording.json().ndjson)[0]).toMatchObject({
      kind: 'bet_settlement',
      feed: 'staff',
      event: ext,
    });
  });
});

describe('the live feed and the latest wins', () => {
  it('shows a settled real sports bet as its LiveFeedSportGame announced it; a win is a sport win', async () => {
    const u = await player();
    const [a, b] = [await newEvent(), await newEvent()];
    const [oa, ob] = [await outcomes(a), await outcomes(b)];
    const single = await placed(u, [oa['1x2||1']!], '2');
    const multi = await placed(u, [oa['1x2||x']!, ob['1x2||2']!], '1');
    const refunded = await placed(u, [ob['1x2||1']!], '1');
    const publish = vi.spyOn(t.server.realtime.hub, 'publish');
    await settle(a, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    await settle(b, '1x2', {}, { '1': 'void', x: 'lost', '2': 'won' });
    const announced = publish.mock.calls
      .filter(([, e]) => (e as { name: string }).name === 'LiveFeedSportGame')
      .map(([, , data]) => data as LiveGame);
    publish.mockRestore();
    // The single won (4 for 2), the multi lost at its first leg; the refund is no game of the feed.
    expect(announced.map((g) => g.game._id)).toEqual([`sport-${single.id}`, `sport-${multi.id}`]);
    expect(announced[0]).toMatchObject({
      game: { type: 'single', status: 'win', wager: '2', multiplier: '2.00000000', profit: '2' },
      metadata: {
        id: 'soccer-1',
        name: single.legs[0]!.event.name,
        image: '/api/img/sports/soccer-1.svg',
      },
    });
    expect(announced[1]).toMatchObject({
      game: { type: 'multi', status: 'lose', profit: '-1' },
      metadata: { id: 'sports', name: 'Multi (2)', image: '/api/img/sports/multi.svg' },
    });
    const history = (
      await post(u, '/api/data/latestGames', { type: 'mine', count: 50 })
    ).json() as LiveGame[];
    expect(history.map((g) => g.game._id)).toEqual([`sport-${multi.id}`, `sport-${single.id}`]);
    expect(history.map((g) => g.game._id)).not.toContain(`sport-${refunded.id}`);
    expect(history.slice().reverse()).toEqual(announced);
    const wins = (await post(null, '/api/data/latestWins', { count: 30 })).json() as LatestWin[];
    const win = wins.find((w) => w._id === `sport-${single.id}`);
    expect(win).toEqual(latestWinFromLiveGame(announced[0]!, 'sport'));
    expect(win).toMatchObject({ winType: 'sport', payout: '4', name: single.legs[0]!.event.name });
    expect(wins.some((w) => w._id === `sport-${multi.id}`)).toBe(false);
  });
});
