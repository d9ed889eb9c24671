import { randomUUID } from 'node:crypto';
import { SportSlipErrorCode as Code } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { applyFeedMessage, type FeedMessage } from '../src/modules/sports/index.js';
import { FEED, USDT, sportsBook } from './helpers/sports-book.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The sportsbook's server (issue G9, decision 0028) through its HTTP calls and feed messages: placing
 * single and multi bets with every slip error, settlement through the wager seam (idempotent),
 * rollback restoring balances and the bet exactly, bet cancel over a time range, and the liability
 * cap. The live queue, cash-out, reads and staff entry: sports-live.test.ts. The ledger invariants
 * are checked after every test.
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

const {
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
} = sportsBook(() => t);

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
      seq: nextSeq(),
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

  it('the max payout per bet refuses a bet whose potential payout is over it, moving nothing', async () => {
    const u = await player();
    const ext = await newEvent();
    const o = await outcomes(ext);
    await putSetting(t, 'sports.max_payout_usd', '10');
    try {
      // 5 at 3.20 could pay 16 USD: over 10.
      const res = await bet(u, [o['1x2||x']!], '5');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: Code.MaxPayout });
      expect(await real(u)).toBe(100n * USDT);
      // 3 at 3.20 pays at most 9.60: taken.
      await placed(u, [o['1x2||x']!], '3');
      expect(await real(u)).toBe(97n * USDT);
    } finally {
      await putSetting(t, 'sports.max_payout_usd', '10000');
    }
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
