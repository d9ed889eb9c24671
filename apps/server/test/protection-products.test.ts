import { randomUUID } from 'node:crypto';
import type { Protection, SportPlaceBetResponse } from '@nebula/contracts';
import { parseAmount, toDecimalString } from '@nebula/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.js';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import { buildQuery, signedHeaders, slotsEnv, slotsService, toEntries } from '../src/modules/slots/index.js';
import { applyFeedMessage, type FeedMessage } from '../src/modules/sports/index.js';
import type { TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { blockPlayer } from './helpers/protection.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Player protection on the products that settle outside the in-house engines (decision 0025): the
 * third-party slots' stake callback (`bet`) is judged by the same guard as every stake (a limit or a
 * block answers the protocol's INTERNAL_ERROR with the reason, and nothing is debited or stored),
 * their wins, refunds and rollbacks count as returns; sportsbook payouts, cash-outs and settlement
 * rollbacks count as returns, so a loss limit sees stakes less returns. PGlite, or PostgreSQL with
 * DATABASE_URL.
 */
let t: TestServer;
let merchant: { merchantId: string; merchantKey: string };
let game: string;
const USDT = 100_000_000n;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.server.database);
  const env = slotsEnv.of(t.config);
  if (env.kind !== 'local') throw new Error('expected the local aggregator');
  merchant = env;
  await slotsService.of(contextOf(t)).refreshGames();
  game = (
    await t.server.database.query<{ game_id: string }>(
      `select game_id from slot_games where provider = 'Aurora Reels' order by game_id limit 1`,
    )
  )[0]!.game_id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

function post(u: TestUser, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
}

async function limit(u: TestUser, kind: string, period: string, amount: string) {
  const res = await post(u, '/api/protection/limit', { kind, period, amount, currency: 'usdt' });
  expect(res.statusCode, res.body).toBe(200);
}

const lossUsed = async (u: TestUser) =>
  ((await post(u, '/api/protection', {})).json() as Protection).limits.find((l) => l.kind === 'loss')?.used;

/** Stakes less returns in the player's USDT counter of the current month (may be negative). */
const netLoss = async (u: TestUser) =>
  (
    await t.server.database.query<{ net: string }>(
      `select (staked - returned)::text as net from protection_usage
        where user_id = $1::uuid and unit = 'usdt' and period = 'month' order by period_start desc limit 1`,
      [u.id],
    )
  )[0]?.net;

const real = (u: TestUser) =>
  playerBalance(t.server.database, { user: u.id, kind: 'real', currency: 'usdt' });

// ---- slots ------------------------------------------------------------------------------------------

/** A player with an open real-money slot session, and a signed callback sender for it. */
async function slotPlayer(funds = 20n * USDT) {
  const [user] = await fundedPlayer(t.server, funds);
  const session = await slotsService.of(contextOf(t)).openSession(user.id, game, 'usdt');
  const base = { player_id: user.id, session_id: session.id, currency: 'USDT', game_uuid: session.gameUuid };
  const callback = async (params: Record<string, unknown>) => {
    const entries = toEntries({ ...base, ...params });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slots/callback',
      headers: { ...signedHeaders(entries, merchant), 'content-type': 'application/x-www-form-urlencoded' },
      payload: buildQuery(entries),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { balance?: number; error_code?: string; error_description?: string };
  };
  const bet = (amount: string, round = randomUUID()) =>
    callback({ action: 'bet', amount, transaction_id: `bet-${randomUUID()}`, round_id: round });
  return { user, callback, bet };
}

const storedTransactions = async (userId: string) =>
  (
    await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from slot_transactions where user_id = $1::uuid',
      [userId],
    )
  )[0]!.n;

describe('third-party slots', () => {
  it('a stake that would cross a loss or wager limit is refused: INTERNAL_ERROR, nothing debited', async () => {
    const p = await slotPlayer();
    await limit(p.user, 'loss', 'day', '5');
    expect(await p.bet('3')).toMatchObject({ balance: 17 });
    // 3 lost (unsettled) + 3 > 5: refused with the reason, nothing moves or is stored.
    const before = await storedTransactions(p.user.id);
    const refused = await p.bet('3');
    expect(refused).toEqual({
      error_code: 'INTERNAL_ERROR',
      error_description: expect.stringMatching(/loss limit/i),
    });
    expect(await real(p.user)).toBe(17n * USDT);
    expect(await storedTransactions(p.user.id)).toBe(before);
    expect(await lossUsed(p.user)).toBe('3');

    const w = await slotPlayer();
    await limit(w.user, 'wager', 'week', '2');
    expect(await w.bet('2')).toMatchObject({ balance: 18 });
    expect(await w.bet('0.00000001')).toMatchObject({
      error_code: 'INTERNAL_ERROR',
      error_description: expect.stringMatching(/wager limit/i),
    });
    expect(await real(w.user)).toBe(18n * USDT);
  });

  it('wins and refunds count as returns; taking a win back undoes it and is never refused', async () => {
    const p = await slotPlayer();
    await limit(p.user, 'loss', 'day', '5');
    const round = randomUUID();
    const bet = `bet-${randomUUID()}`;
    expect(
      await p.callback({ action: 'bet', amount: '5', transaction_id: bet, round_id: round }),
    ).toMatchObject({ balance: 15 });
    expect((await p.bet('1')).error_code).toBe('INTERNAL_ERROR');
    // A win of 4: the net loss is 1, so a stake of 4 fits again.
    const win = `win-${randomUUID()}`;
    expect(
      await p.callback({ action: 'win', amount: '4', transaction_id: win, round_id: round, finished: '0' }),
    ).toMatchObject({ balance: 19 });
    expect(await lossUsed(p.user)).toBe('1');
    const round2 = randomUUID();
    const second = `bet-${randomUUID()}`;
    expect(
      await p.callback({ action: 'bet', amount: '4', transaction_id: second, round_id: round2 }),
    ).toMatchObject({ balance: 15 });
    expect(await lossUsed(p.user)).toBe('5');
    // A refund of that stake is a return.
    expect(
      await p.callback({
        action: 'refund',
        amount: '4',
        transaction_id: `refund-${randomUUID()}`,
        bet_transaction_id: second,
        round_id: round2,
      }),
    ).toMatchObject({ balance: 19 });
    expect(await lossUsed(p.user)).toBe('1');
    // The provider cancels the win: it is taken back (not judged as a stake) and no longer a return.
    expect(
      await p.callback({
        action: 'rollback',
        transaction_id: `rollback-${randomUUID()}`,
        round_id: round,
        rollback_transactions: [{ action: 'win', amount: '4', transaction_id: win }],
      }),
    ).toMatchObject({ balance: 15 });
    expect(await lossUsed(p.user)).toBe('5');
  });

  it('a time-out or self-exclusion refuses a real launch and the stake callback, and moves nothing', async () => {
    for (const type of ['time_out', 'self_exclusion'] as const) {
      const p = await slotPlayer();
      await blockPlayer(t.server.database, p.user.id, '7 days', type);
      const launched = await post(p.user, '/api/slots/launch', {
        game: 'aurora-reels-glacier-gems',
        currency: 'usdt',
      });
      expect([launched.statusCode, launched.json().code]).toEqual([
        403,
        type === 'time_out' ? 'timed_out' : 'self_excluded',
      ]);
      const refused = await p.bet('1');
      expect(refused.error_code).toBe('INTERNAL_ERROR');
      expect(refused.error_description).toMatch(type === 'time_out' ? /time-out/ : /self-excluded/);
      expect(await real(p.user)).toBe(20n * USDT);
      expect(await storedTransactions(p.user.id)).toBe(0);
    }
  });
});

// ---- sportsbook ------------------------------------------------------------------------------------

const FEED = 'protection-test';
let seq = 0;
let events = 0;
const apply = (m: Record<string, unknown>) =>
  applyFeedMessage(contextOf(t), {
    feed: FEED,
    seq: ++seq,
    at: new Date().toISOString(),
    ...m,
  } as FeedMessage);

/** A pre-match event with a 1x2 market (home at 2.00); answers its external id and the home outcome. */
async function sportEvent() {
  const ext = `p${++events}`;
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
    markets: [
      {
        template: '1x2',
        name: '1x2',
        main: true,
        outcomes: [
          { key: '1', name: 'Home', odds: 2000 },
          { key: 'x', name: 'Draw', odds: 3200 },
          { key: '2', name: 'Away', odds: 3500 },
        ],
      },
    ],
  });
  const [home] = await t.server.database.query<{ id: string }>(
    `select o.id::text as id from sport_outcomes o join sport_markets m on m.id = o.market_id
       join sport_events e on e.id = m.event_id where e.feed = $1 and e.external_id = $2 and o.key = '1'`,
    [FEED, ext],
  );
  return { ext, home: home!.id };
}

const homeWins = (ext: string, won: boolean) =>
  apply({
    kind: 'bet_settlement',
    event: ext,
    markets: [
      {
        template: '1x2',
        specifiers: {},
        outcomes: [
          { key: '1', result: won ? 'won' : 'lost' },
          { key: 'x', result: won ? 'lost' : 'won' },
          { key: '2', result: 'lost' },
        ],
      },
    ],
  });

const sportBet = (u: TestUser, outcome: string, stake: string) =>
  post(u, '/api/sports/bet', {
    type: 'single',
    selections: [{ outcome, odds: 2000 }],
    stake,
    currency: 'usdt',
    requestId: randomUUID(),
  });

describe('sportsbook', () => {
  it('a payout counts as a return: the loss limit sees stakes less returns', async () => {
    const [u] = await fundedPlayer(t.server, 20n * USDT);
    await limit(u, 'loss', 'day', '5');
    const a = await sportEvent();
    const placed = await sportBet(u, a.home, '4');
    expect(placed.json<SportPlaceBetResponse>().status, placed.body).toBe('placed');
    // The unsettled stake counts as lost: 4 + 2 > 5.
    expect((await sportBet(u, (await sportEvent()).home, '2')).json()).toMatchObject({ code: 'loss_limit' });
    await homeWins(a.ext, true);
    expect(await real(u)).toBe(24n * USDT);
    // Staked 4, paid 8: the net loss is -4, so 9 fits (and 10 would not).
    expect(await netLoss(u)).toBe(String(-4n * USDT));
    expect(await lossUsed(u)).toBe('0');
    const b = await sportEvent();
    expect((await sportBet(u, b.home, '9.00000001')).json()).toMatchObject({ code: 'loss_limit' });
    expect((await sportBet(u, b.home, '9')).json<SportPlaceBetResponse>().status).toBe('placed');
    // A rollback of the settlement takes the payout back: it is no return any more.
    await apply({ kind: 'rollback_bet_settlement', event: a.ext });
    expect(await real(u)).toBe(7n * USDT);
    expect(await netLoss(u)).toBe(String(13n * USDT));
    await homeWins(a.ext, false);
    expect(await netLoss(u)).toBe(String(13n * USDT));
  });

  it('a cash-out counts as a return', async () => {
    const [u] = await fundedPlayer(t.server, 20n * USDT);
    await limit(u, 'loss', 'week', '10');
    const a = await sportEvent();
    const placed = (await sportBet(u, a.home, '4')).json<SportPlaceBetResponse>();
    if (placed.status !== 'placed') throw new Error('not placed');
    const offer = (await post(u, '/api/sports/cashout/offer', { betIds: [placed.bet.id] })).json<{
      offers: { amount: string }[];
    }>().offers[0]!.amount;
    const res = await post(u, '/api/sports/cashout', { betId: placed.bet.id, amount: offer });
    expect(res.statusCode, res.body).toBe(200);
    expect(await real(u)).toBe(16n * USDT + parseAmount(offer, 8));
    expect(await lossUsed(u)).toBe(toDecimalString(4n * USDT - parseAmount(offer, 8), 8));
  });
});
