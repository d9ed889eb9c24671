import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusWageringConsumer, creditBonus } from '../src/modules/bonus/index.js';
import { seedDemoCatalogue } from '../src/modules/catalogue/index.js';
import { myBets } from '../src/modules/games/index.js';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import {
  buildQuery,
  parseForm,
  sign,
  slotsEnv,
  slotsService,
  slotsWagerRepair,
  toEntries,
} from '../src/modules/slots/index.js';
import { repairWagers } from '../src/modules/wagers/index.js';
import { fundedPlayer } from './helpers/players.js';
import { catchUp } from './helpers/wagers.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The aggregator's callback endpoint (modules/slots), driven over HTTP with callbacks signed by the
 * test's OWN implementation of the signing rule (below: URLSearchParams with PHP's differences, not the
 * module's code) and checked against a vector computed with Python's urllib and hmac: balance, bet,
 * win, refund (also before its bet), rollback of listed transactions only, replays and concurrency
 * (each transaction moves money once), every bad input answered with the protocol's error and no
 * balance change, the round's wager record, and the ledger's invariants. PGlite, or PostgreSQL with
 * DATABASE_URL.
 */

// ---- an independent implementation of the signing rule -------------------------------------------

type Plain = string | number | Plain[] | { [k: string]: Plain };

/** `key[sub]` pairs of a value, depth first, in the value's own order. */
function flatten(prefix: string, value: Plain, out: [string, string][]): void {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(`${prefix}[${i}]`, v, out));
  else if (typeof value === 'object')
    for (const k of Object.keys(value)) flatten(`${prefix}[${k}]`, value[k] as Plain, out);
  else out.push([prefix, String(value)]);
}

/** HMAC-SHA1 over the params and headers sorted by top-level key, written as PHP's http_build_query. */
function referenceSign(params: Record<string, Plain>, headers: Record<string, string>, key: string): string {
  const all: Record<string, Plain> = { ...params, ...headers };
  const keys = Object.keys(all).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pairs: [string, string][] = [];
  for (const k of keys) flatten(k, all[k] as Plain, pairs);
  // The form encoding of URLSearchParams is PHP's urlencode except that it leaves '*' as is.
  const text = new URLSearchParams(pairs).toString().replace(/\*/g, '%2A');
  return createHmac('sha1', key).update(text).digest('hex');
}

/** The body the way a PHP client posts it (the same encoding, unsorted). */
function referenceBody(params: Record<string, Plain>): string {
  const pairs: [string, string][] = [];
  for (const k of Object.keys(params)) flatten(k, params[k] as Plain, pairs);
  return new URLSearchParams(pairs).toString();
}

// ---- the server --------------------------------------------------------------------------------------

let t: TestServer;
let merchant: { merchantId: string; merchantKey: string };
let game: string;
const USDT = 100_000_000n;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoCatalogue(t.server.database);
  const ctx = contextOf(t);
  const env = slotsEnv.of(t.config);
  if (env.kind !== 'local') throw new Error('expected the local aggregator');
  merchant = env;
  await slotsService.of(ctx).refreshGames();
  game = (
    await t.server.database.query<{ game_id: string }>(
      `select game_id from slot_games where provider = 'Aurora Reels' order by game_id limit 1`,
    )
  )[0]!.game_id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function player(real = 10n * USDT) {
  const [user] = await fundedPlayer(t.server, real);
  const session = await slotsService.of(contextOf(t)).openSession(user.id, game, 'usdt');
  const base = { player_id: user.id, session_id: session.id, currency: 'USDT', game_uuid: session.gameUuid };
  const balance = () => playerBalance(t.server.database, { user: user.id, kind: 'real', currency: 'usdt' });
  return { user, session, base, balance };
}

interface CallOptions {
  key?: string;
  /** Seconds added to the clock when the request is signed (a stale or a future timestamp). */
  skew?: number;
  merchantId?: string;
  omit?: string[];
  sign?: string;
  body?: string;
}

async function call(params: Record<string, Plain>, o: CallOptions = {}) {
  const headers: Record<string, string> = {
    'X-Merchant-Id': o.merchantId ?? merchant.merchantId,
    'X-Timestamp': String(Math.floor(Date.now() / 1000) + (o.skew ?? 0)),
    'X-Nonce': randomUUID(),
  };
  headers['X-Sign'] = o.sign ?? referenceSign(params, headers, o.key ?? merchant.merchantKey);
  for (const h of o.omit ?? []) delete headers[h];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/slots/callback',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: o.body ?? referenceBody(params),
  });
  expect(res.statusCode).toBe(200);
  return { json: res.json() as Record<string, unknown>, text: res.payload };
}

const tx = (kind: string) => `${kind}-${randomUUID()}`;

describe('signing rule', () => {
  it("matches a vector computed with Python's urllib and hmac, nested arrays included", () => {
    const params = {
      action: 'rollback',
      player_id: 'p*1',
      session_id: 's é',
      currency: 'USDT',
      rollback_transactions: [
        { action: 'bet', amount: '1.5', transaction_id: 't/1' },
        { action: 'win', amount: '0', transaction_id: 't&2' },
      ],
    };
    const headers = { 'X-Merchant-Id': 'm-1', 'X-Timestamp': '1700000000', 'X-Nonce': 'n 1' };
    const want = 'd19f93bc580b6e2898b6e2cf40b6696598ebe4b4';
    expect(referenceSign(params, headers, 'k3y-secret')).toBe(want);
    const parsed = parseForm(referenceBody(params));
    expect(parsed).not.toBeNull();
    expect(sign(parsed!, { merchantId: 'm-1', timestamp: '1700000000', nonce: 'n 1' }, 'k3y-secret')).toBe(
      want,
    );
  });

  it('parses PHP forms in their own order (integer-like keys too) and writes them back the same', () => {
    const body = 'b=2&a[10]=x&a[2]=y&a[]=z&c[k][]=1&c[k][]=2';
    const parsed = parseForm(body)!;
    expect(parsed).toEqual([
      ['b', '2'],
      [
        'a',
        [
          ['10', 'x'],
          ['2', 'y'],
          ['11', 'z'],
        ],
      ],
      [
        'c',
        [
          [
            'k',
            [
              ['0', '1'],
              ['1', '2'],
            ],
          ],
        ],
      ],
    ]);
    expect(buildQuery(parsed)).toBe(
      'b=2&a%5B10%5D=x&a%5B2%5D=y&a%5B11%5D=z&c%5Bk%5D%5B0%5D=1&c%5Bk%5D%5B1%5D=2',
    );
    expect(buildQuery(toEntries({ s: 'a b~*', n: 1, skip: undefined }))).toBe('s=a+b%7E%2A&n=1');
    expect(parseForm('a[b=1')).toBeNull();
    expect(parseForm('a[1][2][3][4][5]=1')).toBeNull();
  });
});

describe('callbacks', () => {
  it('balance, then a bet and its win: the balance moves by the profit and the round is one wager record', async () => {
    const p = await player();
    const b0 = await call({ action: 'balance', ...p.base });
    expect(b0.json).toEqual({ balance: 10 });
    const round = tx('round');
    const bet = await call({
      action: 'bet',
      ...p.base,
      amount: '1.25',
      transaction_id: tx('bet'),
      round_id: round,
      type: 'bet',
      finished: 0,
    });
    expect(bet.json.balance).toBe(8.75);
    expect(bet.text).toContain('"balance":8.75');
    const win = await call({
      action: 'win',
      ...p.base,
      amount: '2.5',
      transaction_id: tx('win'),
      round_id: round,
      type: 'win',
      finished: 1,
    });
    expect(win.json.balance).toBe(11.25);
    expect(await p.balance()).toBe(11n * USDT + USDT / 4n);
    const mine = (await myBets(t.server.database, p.user.id, { game, limit: 10 })).bets;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ game, wager: '1.25', payout: '2.5', status: 'win' });
    const rows = await t.server.database.query<{
      product: string;
      multiplier_num: string;
      multiplier_den: string;
    }>(`select product, multiplier_num::text, multiplier_den::text from bets where user_id = $1`, [
      p.user.id,
    ]);
    expect(rows).toEqual([{ product: 'slots', multiplier_num: '250000000', multiplier_den: '125000000' }]);
  });

  it('a replayed bet answers success and moves nothing; the same id with other details is refused', async () => {
    const p = await player();
    const params = {
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: tx('bet'),
      round_id: tx('r'),
      finished: 0,
    };
    expect((await call(params)).json.balance).toBe(9);
    expect((await call(params)).json).toEqual({ balance: 9, transaction_id: params.transaction_id });
    const other = await call({ ...params, amount: '2' });
    expect(other.json.error_code).toBe('INTERNAL_ERROR');
    expect(await p.balance()).toBe(9n * USDT);
  });

  it('duplicate bets and wins under concurrency change the balance exactly once', async () => {
    const p = await player();
    const round = tx('r');
    const bet = {
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: tx('bet'),
      round_id: round,
      finished: 0,
    };
    const win = {
      action: 'win',
      ...p.base,
      amount: '3',
      transaction_id: tx('win'),
      round_id: round,
      finished: 1,
    };
    const answers = await Promise.all([...Array(6)].flatMap(() => [call(bet), call(win)]));
    for (const a of answers) expect(a.json.error_code).toBeUndefined();
    expect(await p.balance()).toBe(12n * USDT);
    const recorded = await t.server.database.query('select 1 from bets where user_id = $1', [p.user.id]);
    expect(recorded).toHaveLength(1);
  });

  it('a win that arrives before its bet: both move money once and the round is recorded with both', async () => {
    const p = await player();
    const round = tx('r');
    await call({
      action: 'win',
      ...p.base,
      amount: '3',
      transaction_id: tx('win'),
      round_id: round,
      finished: 1,
    });
    await call({
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: tx('bet'),
      round_id: round,
      finished: 0,
    });
    expect(await p.balance()).toBe(12n * USDT);
    const rows = await t.server.database.query<{ wager: string; payout: string }>(
      'select wager::text, payout::text from bets where user_id = $1',
      [p.user.id],
    );
    expect(rows).toEqual([{ wager: String(USDT), payout: String(3n * USDT) }]);
  });

  it('a refund of an unknown bet is stored and answered as success; the bet arriving later moves nothing (also concurrently)', async () => {
    const p = await player();
    const betId = tx('bet');
    const refund = await call({
      action: 'refund',
      ...p.base,
      amount: '1',
      transaction_id: tx('refund'),
      bet_transaction_id: betId,
      round_id: 'r1',
    });
    expect(refund.json.balance).toBe(10);
    const late = await call({
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: betId,
      round_id: 'r1',
      finished: 1,
    });
    expect(late.json.balance).toBe(10);
    // Out of order and concurrent: a bet and its refund race; whichever comes first, the balance ends as it began.
    const b2 = tx('bet');
    await Promise.all([
      call({ action: 'bet', ...p.base, amount: '2', transaction_id: b2, round_id: 'r2', finished: 0 }),
      call({
        action: 'refund',
        ...p.base,
        amount: '2',
        transaction_id: tx('refund'),
        bet_transaction_id: b2,
        round_id: 'r2',
      }),
    ]);
    expect(await p.balance()).toBe(10n * USDT);
  });

  it('a refund returns its bet once; a refund whose amount differs from the bet is refused', async () => {
    const p = await player();
    const betId = tx('bet');
    await call({ action: 'bet', ...p.base, amount: '2', transaction_id: betId, round_id: 'r', finished: 0 });
    const wrong = await call({
      action: 'refund',
      ...p.base,
      amount: '3',
      transaction_id: tx('refund'),
      bet_transaction_id: betId,
    });
    expect(wrong.json.error_code).toBe('INTERNAL_ERROR');
    expect(await p.balance()).toBe(8n * USDT);
    const refund = {
      action: 'refund',
      ...p.base,
      amount: '2',
      transaction_id: tx('refund'),
      bet_transaction_id: betId,
    };
    await Promise.all([call(refund), call(refund), call({ ...refund, transaction_id: tx('refund') })]);
    expect(await p.balance()).toBe(10n * USDT);
  });

  it('a rollback cancels only the transactions it lists (a bet refunded, a win taken back)', async () => {
    const p = await player();
    const round = tx('r');
    const b1 = tx('bet');
    const b2 = tx('bet');
    const w1 = tx('win');
    await call({ action: 'bet', ...p.base, amount: '1', transaction_id: b1, round_id: round, finished: 0 });
    await call({ action: 'bet', ...p.base, amount: '2', transaction_id: b2, round_id: round, finished: 0 });
    await call({ action: 'win', ...p.base, amount: '5', transaction_id: w1, round_id: round, finished: 0 });
    expect(await p.balance()).toBe(12n * USDT);
    const rollback = {
      action: 'rollback',
      ...p.base,
      transaction_id: tx('rollback'),
      round_id: round,
      type: 'rollback',
      rollback_transactions: [
        { action: 'bet', amount: '1', transaction_id: b1, type: 'bet' },
        { action: 'win', amount: '5', transaction_id: w1, type: 'win' },
      ],
    };
    const answer = await call(rollback);
    expect(answer.json).toEqual({
      balance: 8,
      transaction_id: rollback.transaction_id,
      rollback_transactions: [b1, w1],
    });
    expect((await call(rollback)).json.balance).toBe(8);
    expect(await p.balance()).toBe(8n * USDT);
    // The round closed with what remained staked: b2 (2), paid nothing.
    const rows = await t.server.database.query<{ wager: string; payout: string }>(
      'select wager::text, payout::text from bets where user_id = $1',
      [p.user.id],
    );
    expect(rows).toEqual([{ wager: String(2n * USDT), payout: '0' }]);
  });

  it('a rollback listing a transaction not seen yet cancels it before it arrives', async () => {
    const p = await player();
    const late = tx('bet');
    await call({
      action: 'rollback',
      ...p.base,
      transaction_id: tx('rollback'),
      round_id: 'rr',
      rollback_transactions: [{ action: 'bet', amount: '1', transaction_id: late, type: 'bet' }],
    });
    expect(
      (
        await call({
          action: 'bet',
          ...p.base,
          amount: '1',
          transaction_id: late,
          round_id: 'rr',
          finished: 1,
        })
      ).json.balance,
    ).toBe(10);
  });

  it('insufficient funds: the protocol error, nothing moves', async () => {
    const p = await player(USDT);
    const a = await call({
      action: 'bet',
      ...p.base,
      amount: '1.00000001',
      transaction_id: tx('bet'),
      round_id: 'r',
      finished: 1,
    });
    expect(a.json).toEqual({ error_code: 'INSUFFICIENT_FUNDS', error_description: 'Not enough money' });
    expect(await p.balance()).toBe(USDT);
  });

  it('every bad input answers INTERNAL_ERROR with no balance change and no stored transaction', async () => {
    const p = await player();
    const other = await player();
    const bet = () => ({
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: tx('bet'),
      round_id: 'r',
      finished: 1,
    });
    const cases: [string, Record<string, Plain>, CallOptions][] = [
      ['bad signature', bet(), { key: 'not-the-key' }],
      ['signature of other params', bet(), { body: referenceBody({ ...bet(), amount: '5' }) }],
      ['missing signature', bet(), { omit: ['X-Sign'] }],
      ['missing nonce', bet(), { omit: ['X-Nonce'] }],
      ['unknown merchant', bet(), { merchantId: 'someone-else' }],
      ['stale timestamp', bet(), { skew: -120 }],
      ['future timestamp', bet(), { skew: 120 }],
      ['unknown player', { ...bet(), player_id: randomUUID() }, {}],
      ["another player's session", { ...bet(), player_id: other.user.id }, {}],
      ['unknown session', { ...bet(), session_id: randomUUID() }, {}],
      ['malformed player id', { ...bet(), player_id: 'x' }, {}],
      ['wrong currency', { ...bet(), currency: 'BTC' }, {}],
      ['unknown currency', { ...bet(), currency: 'XYZ' }, {}],
      ['wrong game', { ...bet(), game_uuid: 'nebula-nope' }, {}],
      ['malformed amount', { ...bet(), amount: '1,5' }, {}],
      ['negative amount', { ...bet(), amount: '-1' }, {}],
      ['exponent amount', { ...bet(), amount: '1e2' }, {}],
      ['too many decimals', { ...bet(), amount: '0.000000001' }, {}],
      ['missing amount', { action: 'bet', ...p.base, transaction_id: tx('bet'), round_id: 'r' }, {}],
      ['missing transaction id', { action: 'bet', ...p.base, amount: '1', round_id: 'r' }, {}],
      ['malformed transaction id', { ...bet(), transaction_id: 'a b' }, {}],
      ['unknown action', { ...bet(), action: 'steal' }, {}],
      ['rollback without a list', { action: 'rollback', ...p.base, transaction_id: tx('rb') }, {}],
      ['malformed body', bet(), { body: 'action=bet&x[=1' }],
      ['empty body', bet(), { body: '' }],
    ];
    for (const [name, params, opts] of cases) {
      const a = await call(params, opts);
      expect(a.json.error_code, name).toBe('INTERNAL_ERROR');
      expect(typeof a.json.error_description, name).toBe('string');
    }
    expect(await p.balance()).toBe(10n * USDT);
    expect(await other.balance()).toBe(10n * USDT);
    const stored = await t.server.database.query('select 1 from slot_transactions where user_id = $1', [
      p.user.id,
    ]);
    expect(stored).toHaveLength(0);
    // A JSON body (not the protocol) is an error answer too, never a 500.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/slots/callback',
      payload: { action: 'balance' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ error_code: 'INTERNAL_ERROR' });
  });

  it('a round its provider never finished is closed by the repair job with its record', async () => {
    const p = await player();
    await call({
      action: 'bet',
      ...p.base,
      amount: '1',
      transaction_id: tx('bet'),
      round_id: 'open',
      finished: 0,
    });
    const ctx = contextOf(t);
    const repair = slotsWagerRepair(ctx);
    const report = await repairWagers(ctx, [repair], { graceSeconds: 0 });
    expect(report.slots!.length).toBeGreaterThanOrEqual(1);
    const rows = await t.server.database.query('select 1 from bets where user_id = $1', [p.user.id]);
    expect(rows).toHaveLength(1);
    expect((await repairWagers(ctx, [repair], { graceSeconds: 0 })).slots).toEqual([]);
  });

  it('the ledger invariants hold after everything above', async () => {
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});

describe('bonus wagering of third-party games (G10, decision 0036)', () => {
  it('a slot round counts toward an active bonus at the slots weight; a live-casino round counts 0', async () => {
    const live = (
      await t.server.database.query<{ game_id: string }>(
        `select s.game_id from slot_games s join games g on g.id = s.game_id
          where g.custom_category = 'live' order by s.game_id limit 1`,
      )
    )[0]?.game_id;
    expect(live).toBeDefined();
    const p = await player(10n * USDT);
    const q = await slotsService.of(contextOf(t)).openSession(p.user.id, live!, 'usdt');
    const onLive = { ...p.base, session_id: q.id, game_uuid: q.gameUuid };
    await t.server.ledger.transaction((ledger) =>
      creditBonus(ledger, {
        userId: p.user.id,
        currency: 'usdt',
        amount: 5n * USDT,
        source: 'test',
        promotionId: null,
        multiplier: 10,
        expiryDays: 1,
      }),
    );
    for (const [base, amount] of [
      [p.base, '1.25'],
      [onLive, '2'],
    ] as const) {
      const res = await call({
        action: 'bet',
        ...base,
        amount,
        transaction_id: tx('bet'),
        round_id: tx('round'),
        type: 'bet',
        finished: 1,
      });
      expect(res.json.balance).toBeTypeOf('number');
    }
    const records = await t.server.database.query<{ game: string; product: string; bonus_wager: string }>(
      'select game, product, bonus_wager::text as bonus_wager from bets where user_id = $1 order by id',
      [p.user.id],
    );
    // Slot stakes take real money only (frozenValue stays 0); both rounds are recorded.
    expect(records).toEqual([
      { game, product: 'slots', bonus_wager: '0' },
      { game: live, product: 'slots', bonus_wager: '0' },
    ]);
    await catchUp(t.server.database, bonusWageringConsumer(contextOf(t)));
    const done = await t.server.database.query<{ wagering_done: string }>(
      "select wagering_done::text as wagering_done from bonuses where user_id = $1 and status = 'active'",
      [p.user.id],
    );
    // Product `slots` counts 100%, category `live` 0% (bonus.wagering_weights defaults).
    expect(done).toEqual([{ wagering_done: (USDT + USDT / 4n).toString() }]);
    expect(await playerBalance(t.server.database, { user: p.user.id, kind: 'bonus', currency: 'usdt' })).toBe(
      5n * USDT,
    );
  });
});
