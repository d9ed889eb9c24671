import { randomUUID } from 'node:crypto';
import { SportSlipErrorCode as Code, type SportBet, type SportPlaceBetResponse } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { applyFeedMessage, type FeedMessage, parseNdjson } from '../src/modules/sports/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The sportsbook's server (issue G9, decision 0028) through its HTTP calls and feed messages: placing
 * single and multi bets with every slip error, the live queue (too fast, too late, odds changed,
 * option closed, 100 concurrent confirmations making one bet), settlement through the wager seam
 * (idempotent), rollback restoring balances and the bet exactly, bet cancel over a time range,
 * cash-out, and the liability cap. The ledger invariants are checked after every test.
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

// USDT: 8 decimals, static price 1 USD.
const USDT = 100_000_000n;
const FEED = 'test';
let seq = 0;
let events = 0;

const at = () => new Date().toISOString();
const apply = (m: Record<string, unknown>) =>
  applyFeedMessage(contextOf(t), { feed: FEED, seq: ++seq, at: at(), ...m } as FeedMessage);

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
  const rows = await t.server.database.query<{ k: string; id: string; odds: number }>(
    `select m.template || '|' || m.spec_key || '|' || o.key as k, o.id::text as id, o.odds
       from sport_outcomes o join sport_markets m on m.id = o.market_id join sport_events e on e.id = m.event_id
      where e.feed = $1 and e.external_id = $2`,
    [FEED, ext],
  );
  return Object.fromEntries(rows.map((r) => [r.k, { id: r.id, odds: r.odds }]));
}

function post(user: TestUser | null, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    payload,
  });
}

type Sel = { id: string; odds: number };
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

const real = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;
const player = async (balance = 100n * USDT) => (await fundedPlayer(t.server, balance, balance))[0];
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

describe('pre-match bets and settlement', () => {
  it('places a single, pays it once at settlement, and records one wager', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    const b = await placed(u, [o['1x2||1']!], '2');
    expect(b).toMatchObject({ type: 'single', status: 0, stake: '2', totalOdds: 2000, potentialPayout: '4' });
    expect(b.legs[0]).toMatchObject({ odds: 2000, result: 'pending' });
    expect(await real(u)).toBe(98n * USDT);
    await settle(ext, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await real(u)).toBe(102n * USDT);
    // A second settlement of the same market (another message) pays nothing more.
    await settle(ext, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await real(u)).toBe(102n * USDT);
    expect(await myBet(u, b.id)).toMatchObject({ status: 2, payout: '4' });
    const records = await t.server.database.query<{ wager: string; payout: string }>(
      `select wager::text as wager, payout::text as payout from bets where product = 'sports' and reference = $1`,
      [b.id],
    );
    expect(records).toEqual([{ wager: String(2n * USDT), payout: String(4n * USDT) }]);
    const event = await post(null, '/api/sports/event', { id: b.legs[0]!.event.id });
    expect(event.json().event.status).toBe('closed');
  });

  it('a replayed feed message changes nothing', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    await placed(u, [o['1x2||2']!], '1');
    const message = {
      kind: 'bet_settlement',
      feed: FEED,
      seq: ++seq,
      at: at(),
      event: ext,
      markets: [{ template: '1x2', outcomes: [{ key: '2', result: 'won' }] }],
    } as FeedMessage;
    expect(await applyFeedMessage(contextOf(t), message)).toBe(true);
    const after = await real(u);
    expect(await applyFeedMessage(contextOf(t), message)).toBe(false);
    expect(await real(u)).toBe(after);
  });

  it('settles multis leg by leg with half results and dead heats', async () => {
    const u = await player();
    const [a, b, c] = [
      await newEvent([marketTotal('2.25', [2000, 1800])]),
      await newEvent(),
      await newEvent(),
    ];
    const [oa, ob, oc] = [await outcomes(a), await outcomes(b), await outcomes(c)];
    const multi = await placed(u, [oa['total|total=2.25|over']!, ob['1x2||1']!, oc['1x2||2']!], '2');
    expect(multi).toMatchObject({ type: 'multi', totalOdds: 14000, potentialPayout: '28' });
    await settle(a, 'total', { total: '2.25' }, { over: 'half_won', under: 'half_lost' });
    await settle(b, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect((await myBet(u, multi.id)).status).toBe(0);
    await settle(c, '1x2', {}, { '1': 'lost', x: 'lost', '2': '1/2' });
    // 2 x 1.5 (half won at 2.0) x 2.0 x (3.5 x 1/2) = 10.5
    expect(await myBet(u, multi.id)).toMatchObject({ status: 2, payout: '10.5' });
    expect((await myBet(u, multi.id)).legs.map((l) => l.result)).toEqual(['half_won', 'won', 'dead_heat']);
    expect(await real(u)).toBe(100n * USDT - 2n * USDT + 1_050_000_000n);
  });

  it('a lost leg settles a multi at once; an all-void single is refunded (status 1)', async () => {
    const u = await player();
    const [a, b] = [await newEvent(), await newEvent()];
    const [oa, ob] = [await outcomes(a), await outcomes(b)];
    const multi = await placed(u, [oa['1x2||1']!, ob['1x2||1']!], '2');
    const single = await placed(u, [ob['1x2||x']!], '3');
    await settle(a, '1x2', {}, { '1': 'lost', x: 'won', '2': 'lost' });
    expect(await myBet(u, multi.id)).toMatchObject({ status: 3, payout: '0' });
    await apply({ kind: 'bet_cancel', event: b });
    expect(await myBet(u, single.id)).toMatchObject({ status: 1, payout: '3' });
    expect(await real(u)).toBe(98n * USDT);
  });
});

describe('rollback and cancel', () => {
  it('a rollback restores the balance and the bet exactly, and a new settlement pays once', async () => {
    const u = await player();
    const [a, b] = [await newEvent(), await newEvent()];
    const [oa, ob] = [await outcomes(a), await outcomes(b)];
    const single = await placed(u, [oa['1x2||1']!], '5');
    const multi = await placed(u, [oa['1x2||1']!, ob['1x2||2']!], '2');
    await settle(b, '1x2', {}, { '1': 'lost', x: 'lost', '2': 'won' });
    await apply({ kind: 'odds_change', event: a, status: 'ended' });
    const balanceBefore = await real(u);
    const [singleBefore, multiBefore] = [await myBet(u, single.id), await myBet(u, multi.id)];
    await settle(a, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await real(u)).toBe(balanceBefore + 10n * USDT + 2n * 7n * USDT);
    await apply({ kind: 'rollback_bet_settlement', event: a });
    expect(await real(u)).toBe(balanceBefore);
    expect(await myBet(u, single.id)).toEqual(singleBefore);
    expect(await myBet(u, multi.id)).toEqual(multiBefore);
    const event = await post(null, '/api/sports/event', { id: singleBefore.legs[0]!.event.id });
    expect(event.json().event.status).toBe('ended');
    // Settled again the other way: the single and the multi lose, nothing is paid twice.
    await settle(a, '1x2', {}, { '1': 'lost', x: 'won', '2': 'lost' });
    expect(await real(u)).toBe(balanceBefore);
    expect(await myBet(u, single.id)).toMatchObject({ status: 3, payout: '0' });
    const [record] = await t.server.database.query<{ payout: string }>(
      `select payout::text as payout from bets where product = 'sports' and reference = $1`,
      [single.id],
    );
    expect(record?.payout).toBe('0');
  });

  it("a rollback takes back only what the balance holds; the rest is the bet's debt", async () => {
    const u = await player(5n * USDT);
    const ext = await newEvent();
    const o = await outcomes(ext);
    await placed(u, [o['1x2||2']!], '5');
    await settle(ext, '1x2', {}, { '1': 'lost', x: 'lost', '2': 'won' });
    expect(await real(u)).toBe(17n * USDT + USDT / 2n);
    await t.server.ledger.transfer({
      key: `spend:${u.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 10n * USDT,
      from: { user: u.id, kind: 'real' },
      to: { system: 'chain' },
    });
    await apply({ kind: 'rollback_bet_settlement', event: ext });
    expect(await real(u)).toBe(0n);
    const [row] = await t.server.database.query<{ debt: string; status: number }>(
      `select debt::text as debt, status from sport_bets where user_id = $1::uuid`,
      [u.id],
    );
    expect(row).toEqual({ debt: String(10n * USDT), status: 0 });
  });

  it('a cancel over a time range voids only the bets placed in it', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    const early = await placed(u, [o['1x2||1']!], '2');
    await t.server.database.query(
      `update sport_bets set placed_at = now() - interval '10 minutes' where id = $1`,
      [early.id],
    );
    const late = await placed(u, [o['1x2||2']!], '2');
    await apply({
      kind: 'bet_cancel',
      event: ext,
      markets: [{ template: '1x2' }],
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await myBet(u, late.id)).toMatchObject({ status: 1, payout: '2' });
    expect((await myBet(u, early.id)).status).toBe(0);
    await settle(ext, '1x2', {}, { '1': 'won', x: 'lost', '2': 'lost' });
    expect(await myBet(u, early.id)).toMatchObject({ status: 2, payout: '4' });
  });
});

describe('slip errors', () => {
  it('refuses bad input and every slip rule with its code and text, moving nothing', async () => {
    const u = await player();
    const [a, b] = [await newEvent([market1x2(), marketTotal('2.5')]), await newEvent()];
    const [oa, ob] = [await outcomes(a), await outcomes(b)];
    const expectError = async (
      res: Awaited<ReturnType<typeof bet>>,
      status: number,
      code: unknown,
      text?: string,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      if (text) expect(res.json().message).toBe(text);
    };
    await expectError(await bet(u, [oa['1x2||1']!], 'abc'), 422, 'invalid_bet');
    await expectError(
      await post(u, '/api/sports/bet', {
        type: 'single',
        selections: [],
        stake: '1',
        currency: 'usdt',
        requestId: 'r-123456789',
      }),
      422,
      'validation_failed',
    );
    await expectError(
      await post(u, '/api/sports/bet', {
        type: 'single',
        selections: [{ outcome: oa['1x2||1']!.id, odds: 1.5 }],
        stake: '1',
        currency: 'usdt',
        requestId: 'r-123456789',
      }),
      422,
      'validation_failed',
    );
    await expectError(
      await bet(u, [oa['1x2||1']!, ob['1x2||1']!], '2', { type: 'single' }),
      422,
      'invalid_selections',
    );
    await expectError(await bet(u, [oa['1x2||1']!, oa['total|total=2.5|over']!]), 422, Code.SameEvent);
    await expectError(await bet(u, [oa['1x2||1']!], '0.5'), 422, Code.BetTooLow, 'Min $1');
    await expectError(await bet(u, [oa['1x2||1']!], '20.00000001'), 422, Code.BetTooHigh, 'Max $20');
    await expectError(
      await bet(u, [{ id: '999999999', odds: 2000 }]),
      422,
      Code.OptionClosed,
      'This option is closed.',
    );
    await expectError(
      await bet(u, [{ ...oa['1x2||1']!, odds: 2100 }]),
      422,
      Code.OddsChanged,
      'Odds changed.',
    );
    await expectError(await bet(null as never, [oa['1x2||1']!]), 401, 'unauthenticated');
    const poor = await player(USDT / 2n);
    await expectError(await bet(poor, [oa['1x2||1']!], '1'), 422, Code.NoBalance);
    expect(await real(u)).toBe(100n * USDT);
    // No double bet on a pending option; a multi with the same options either.
    await placed(u, [oa['1x2||1']!], '1');
    await expectError(await bet(u, [oa['1x2||1']!], '1'), 422, Code.NoDoubleBets);
    await placed(u, [oa['1x2||2']!, ob['1x2||1']!], '1');
    await expectError(await bet(u, [ob['1x2||1']!, oa['1x2||2']!], '1'), 422, Code.NoDoubleBets);
    await putSetting(t, 'sports.max_pending_multi', 1);
    await expectError(
      await bet(u, [oa['1x2||x']!, ob['1x2||2']!], '1'),
      422,
      Code.TooManyMultiBets,
      'Too many multi bets.',
    );
    await putSetting(t, 'sports.max_pending_multi', 10);
    // A suspended market: option closed.
    await apply({ kind: 'bet_stop', event: b });
    await expectError(await bet(u, [ob['1x2||x']!], '1'), 422, Code.OptionClosed);
    expect(await real(u)).toBe(98n * USDT);
  });

  it('the odds-change policy: higher takes better odds, any takes every change', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    await apply({ kind: 'odds_change', event: ext, markets: [market1x2([2200, 3000, 3100])] });
    await post(u, '/api/sports/preferences/update', { oddsChange: 'higher' });
    expect((await post(u, '/api/sports/preferences', {})).json()).toEqual({ oddsChange: 'higher' });
    const better = await placed(u, [o['1x2||1']!], '1');
    expect(better.legs[0]!.odds).toBe(2200);
    const worse = await bet(u, [o['1x2||x']!], '1');
    expect(worse.json().code).toBe(Code.OddsChanged);
    const any = await placed(u, [o['1x2||x']!], '1', { oddsChange: 'any' });
    expect(any.legs[0]!.odds).toBe(3000);
  });

  it('the liability cap refuses the bet that would cross it', async () => {
    const u = await player();
    const ext = await newEvent([market1x2([2000, 3000, 3000], { liabilityCapUsd: '25' })]);
    const o = await outcomes(ext);
    await placed(u, [o['1x2||1']!], '20'); // potential win 20 of 25
    const res = await bet(u, [o['1x2||1']!], '6', { oddsChange: 'any', requestId: randomUUID() });
    // A second single on the same option is a double bet; another option of the market has its own room.
    expect(res.json().code).toBe(Code.NoDoubleBets);
    const [b] = [await newEvent()];
    const ob = await outcomes(b);
    const multi = await bet(u, [o['1x2||1']!, ob['1x2||1']!], '2'); // potential win 6 more on '1': 26 > 25
    expect(multi.statusCode).toBe(422);
    expect(multi.json()).toMatchObject({
      code: Code.LiabilityCap,
      message: 'This bet is over the limit of the market.',
    });
    expect(await real(u)).toBe(80n * USDT);
    await placed(u, [o['1x2||1']!, ob['1x2||1']!], '1'); // 4 - 1 = 3 more: 23
    const [y] = await t.server.database.query<{ amount: string }>(
      `select amount_usd::text as amount from sport_liability where outcome_id = $1`,
      [o['1x2||1']!.id],
    );
    expect(Number(y!.amount)).toBe(23);
  });

  it('simulated events take demo bets only unless the operator allows real money', async () => {
    const u = await player();
    const ext = await newEvent([market1x2()], { simulated: true });
    const o = await outcomes(ext);
    const res = await bet(u, [o['1x2||1']!], '2');
    expect(res.json().code).toBe(Code.SimulatedRealMoney);
    const demo = await placed(u, [o['1x2||1']!], '2', { demo: true });
    expect(demo.demo).toBe(true);
    await putSetting(t, 'sports.simulated_real_money', true);
    await placed(u, [o['1x2||2']!], '2');
    await putSetting(t, 'sports.simulated_real_money', false);
  });
});

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
    // Sports bets stay out of the casino's live feed.
    const feed = (await post(null, '/api/data/latestGames', { type: 'all', count: 50 })).json();
    expect(feed.every((g: { metadata: { id: string } }) => g.metadata.id !== 'sports')).toBe(true);
  });
});
