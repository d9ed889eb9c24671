import {
  type KeyObject,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign as cryptoSign,
  verify as cryptoVerify,
} from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, playerBalance } from '../src/modules/ledger/index.js';
import { fundedPlayer } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { DEFAULT_LICENSE } from '../src/modules/platform/index.js';
import { blockPlayer } from './helpers/protection.js';
import type { Protection } from '@nebula/contracts';

/**
 * The external sportsbook's operator wallet (modules/external-sports) as a configured provider sees it:
 * a server started with its own keys (our ES256 key for the player JWT, the provider's public key),
 * every call signed by the test's OWN ES256 implementation (node:crypto, IEEE P1363 signatures; not the
 * module's jose code), driven over HTTP: the player JWT checked the same way, bet/make to bet/settlement,
 * replays and concurrency moving money once, rollbacks, every bad input answered with the protocol's
 * 400 `{code, message}` and no balance change, the wager record, the ledger's invariants.
 */

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** An ES256 JWT signed with node:crypto directly. */
function es256(
  claims: Record<string, unknown>,
  key: KeyObject,
  header: Record<string, unknown> = {},
): string {
  const h = b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', ...header }));
  const p = b64url(JSON.stringify(claims));
  const sig = cryptoSign('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${h}.${p}.${b64url(sig)}`;
}

const operator = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const provider = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const BRAND = 'brand-7';
const USDT = 100_000_000n;

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    XSPORTS_RENDERER_URL: 'https://renderer.example.test/bt-renderer.min.js',
    XSPORTS_BRAND_ID: BRAND,
    XSPORTS_OPERATOR_KEY: operator.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    XSPORTS_PROVIDER_PUBLIC_KEY: provider.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  await putSetting(t, 'license', {
    ...DEFAULT_LICENSE,
    plugins: { ...DEFAULT_LICENSE.plugins, sportsbook_external: true },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Signed {
  key?: KeyObject;
  iat?: number;
  aud?: string;
  header?: Record<string, unknown>;
}

async function call(op: string, data: Record<string, unknown>, o: Signed = {}) {
  const claims = {
    iat: o.iat ?? Math.floor(Date.now() / 1000),
    jti: randomUUID(),
    aud: o.aud ?? BRAND,
    payload: data,
  };
  return raw(op, { payload: es256(claims, o.key ?? provider.privateKey, o.header) });
}

async function raw(op: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/external-sports/wallet/bet/${op}`,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() as Record<string, unknown>, text: res.payload };
}

async function launch(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/external-sports/launch',
    headers: { authorization: `Bearer ${token}` },
    payload: { currency: 'usdt' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; brandId: string; rendererUrl: string; simulated: boolean };
}

async function player(real = 10n * USDT) {
  const [user] = await fundedPlayer(t.server, real);
  const { token } = await launch(user.token);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
  const balance = () => playerBalance(t.server.database, { user: user.id, kind: 'real', currency: 'usdt' });
  return { user, session: claims.jti, balance, token };
}

type P = Awaited<ReturnType<typeof player>>;

function makeData(p: P, amount: number, extra: Record<string, unknown> = {}) {
  const tid = `tx-${randomUUID()}`;
  return {
    amount,
    currency: 'USDT',
    player_id: p.user.id,
    session_id: p.session,
    transaction: {
      id: tid,
      betslip_id: `slip-${tid}`,
      player_id: 'bt-player-1',
      operator_id: 'op-1',
      operator_brand_id: BRAND,
      ext_player_id: p.user.id,
      timestamp: Date.now(),
      amount,
      currency: 'USDT',
      operation: 'bet',
    },
    betslip: {
      id: `slip-${tid}`,
      timestamp: Date.now(),
      type: '1/1',
      sum: amount,
      k: '2.5',
      bets: [{ id: 'sel-1', event_id: 'ev-1', sport_id: '1', odds: '2.5', live: false }],
    },
    potential_win: Math.floor(amount * 2.5),
    ...extra,
  };
}

const txOf = (amount: number, operation: string) => ({
  id: `${operation}-${randomUUID()}`,
  betslip_id: 'slip',
  player_id: 'bt-player-1',
  operator_id: 'op-1',
  operator_brand_id: BRAND,
  ext_player_id: 'x',
  timestamp: Date.now(),
  amount,
  currency: 'USDT',
  operation,
});

async function made(p: P, amount: number) {
  const data = makeData(p, amount);
  const r = await call('make', data);
  expect(r.status, r.text).toBe(200);
  return { data, betId: r.json.id as string };
}

const winData = (betId: string, amount: number) => ({
  amount,
  currency: 'USDT',
  is_cashout: false,
  bet_transaction_id: betId,
  transaction: txOf(amount, 'win'),
  selections: [{ id: 'sel-1', event_id: 'ev-1', status: 'won' }],
});

describe('the player JWT', () => {
  it('is ES256 with our key, names the player, the currency and a session', async () => {
    const [user] = await fundedPlayer(t.server, 0n);
    const l = await launch(user.token);
    expect(l.brandId).toBe(BRAND);
    expect(l.simulated).toBe(false);
    const [h, p, s] = l.token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    const ok = cryptoVerify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: createPublicKey(operator.privateKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    expect(ok).toBe(true);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: BRAND, sub: user.id, currency: 'USDT', name: user.name });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('guests get the renderer without a token; the plugin off is 404', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/external-sports/launch', payload: {} });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({
      token: null,
      rendererUrl: 'https://renderer.example.test/bt-renderer.min.js',
    });
    await putSetting(t, 'license', DEFAULT_LICENSE);
    try {
      const off = await t.app.inject({ method: 'POST', url: '/api/external-sports/launch', payload: {} });
      expect(off.statusCode).toBe(404);
    } finally {
      await putSetting(t, 'license', {
        ...DEFAULT_LICENSE,
        plugins: { ...DEFAULT_LICENSE.plugins, sportsbook_external: true },
      });
    }
  });
});

describe('a bet from make to settlement', () => {
  it('takes the stake, pays the win once, closes; the record shows it', async () => {
    const p = await player();
    const { data, betId } = await made(p, Number(2n * USDT));
    expect(await p.balance()).toBe(8n * USDT);
    expect((await call('commit', { transaction_id: data.transaction.id })).status).toBe(200);
    const win = winData(betId, Number(5n * USDT));
    const w = await call('win', win);
    expect(w.status, w.text).toBe(200);
    expect(w.json).toMatchObject({ operation: 'win', parent_transaction_id: betId, amount: 500000000 });
    expect(w.text).toContain(`"balance":${13n * USDT}`);
    expect(await p.balance()).toBe(13n * USDT);
    const s = await call('settlement', { bet_transaction_id: betId, status: 'won' });
    expect(s.status).toBe(200);
    const rows = await t.server.database.query<{ wager: string; payout: string; product: string }>(
      `select wager::text as wager, payout::text as payout, product from bets where reference = $1`,
      [betId],
    );
    expect(rows).toEqual([
      { wager: String(2n * USDT), payout: String(5n * USDT), product: 'external-sports' },
    ]);
  });

  it('a lost bet, rolled back and won after all: the record follows, money moves once per step', async () => {
    const p = await player();
    const { betId } = await made(p, Number(USDT));
    const lost = await call('lost', { bet_transaction_id: betId, transaction: txOf(0, 'lost') });
    expect(lost.status, lost.text).toBe(200);
    const back = await call('rollback', {
      bet_transaction_id: betId,
      parent_transaction_id: lost.json.id,
      transaction: txOf(0, 'rollback'),
    });
    expect(back.status, back.text).toBe(200);
    expect(await p.balance()).toBe(9n * USDT);
    const win = await call('win', winData(betId, Number(3n * USDT)));
    expect(win.status, win.text).toBe(200);
    expect(await p.balance()).toBe(12n * USDT);
    const rows = await t.server.database.query<{ payout: string }>(
      `select payout::text as payout from bets where reference = $1`,
      [betId],
    );
    expect(rows).toEqual([{ payout: String(3n * USDT) }]);
  });

  it('a rolled back win the player has spent leaves a debt, never a negative balance', async () => {
    const p = await player(USDT);
    const { betId } = await made(p, Number(USDT));
    const win = await call('win', winData(betId, Number(2n * USDT)));
    expect(await p.balance()).toBe(2n * USDT);
    await t.server.ledger.transfer({
      key: `spend:${p.user.id}`,
      kind: 'test',
      currency: 'usdt',
      amount: 15n * (USDT / 10n),
      from: { user: p.user.id, kind: 'real' },
      to: { system: 'chain' },
    });
    const back = await call('rollback', {
      bet_transaction_id: betId,
      parent_transaction_id: win.json.id,
      transaction: txOf(Number(2n * USDT), 'rollback'),
    });
    expect(back.status, back.text).toBe(200);
    expect(await p.balance()).toBe(0n);
    const [bet] = await t.server.database.query<{ debt: string; state: string }>(
      `select debt::text as debt, state from xsport_bets where id = $1::uuid`,
      [betId],
    );
    expect(bet).toEqual({ debt: String(15n * (USDT / 10n)), state: 'open' });
  });

  it('refund gives the stake back (no record); a discard of a bet never seen refuses its late make', async () => {
    const p = await player();
    const { betId } = await made(p, Number(USDT));
    const wrong = await call('refund', {
      bet_transaction_id: betId,
      reason: 'x',
      transaction: txOf(5, 'refund'),
    });
    expect(wrong.status).toBe(400);
    const r = await call('refund', {
      bet_transaction_id: betId,
      reason: 'Event cancelled',
      reason_code: 5,
      transaction: txOf(Number(USDT), 'refund'),
    });
    expect(r.status, r.text).toBe(200);
    expect(await p.balance()).toBe(10n * USDT);
    expect(await t.server.database.query(`select 1 from bets where reference = $1`, [betId])).toEqual([]);

    const late = makeData(p, Number(USDT));
    const d = await call('discard', {
      ext_player_id: p.user.id,
      transaction_id: late.transaction.id,
      reason: 'timeout',
    });
    expect(d.status, d.text).toBe(200);
    const m = await call('make', late);
    expect(m.status).toBe(400);
    expect(m.json).toEqual({ code: 2004, message: 'Bad request' });
    expect(await p.balance()).toBe(10n * USDT);
  });

  it('a discard of an uncommitted bet gives the stake back once', async () => {
    const p = await player();
    const { data } = await made(p, Number(USDT));
    const body = { ext_player_id: p.user.id, transaction_id: data.transaction.id, reason: 'not accepted' };
    const answers = await Promise.all([call('discard', body), call('discard', body), call('discard', body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await p.balance()).toBe(10n * USDT);
    expect((await call('commit', { transaction_id: data.transaction.id })).status).toBe(400);
  });
});

describe('player protection', () => {
  const post = (token: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  const lossUsed = async (p: P) =>
    ((await post(p.user.token, '/api/protection', {})).json() as Protection).limits.find(
      (l) => l.kind === 'loss',
    )?.used;

  it('a win is a return and a rolled back win is not: the loss limit counts the stake again', async () => {
    const p = await player();
    const set = await post(p.user.token, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '5',
      currency: 'usdt',
    });
    expect(set.statusCode, set.body).toBe(200);
    const { betId } = await made(p, Number(2n * USDT));
    expect(await lossUsed(p)).toBe('2');
    const win = await call('win', winData(betId, Number(2n * USDT)));
    expect(win.status, win.text).toBe(200);
    expect(await lossUsed(p)).toBe('0');
    const back = await call('rollback', {
      bet_transaction_id: betId,
      parent_transaction_id: win.json.id,
      transaction: txOf(Number(2n * USDT), 'rollback'),
    });
    expect(back.status, back.text).toBe(200);
    expect(await lossUsed(p)).toBe('2');
    // 2 lost + 4 would cross the limit of 5: refused, nothing taken.
    const refused = await call('make', makeData(p, Number(4n * USDT)));
    expect(refused.status).toBe(400);
    expect(await p.balance()).toBe(8n * USDT);
  });
});

describe('replays and concurrency', () => {
  it('the same make, win and rollback sent many times at once move money exactly once', async () => {
    const p = await player();
    const data = makeData(p, Number(USDT));
    const makes = await Promise.all([...Array(8)].map(() => call('make', data)));
    expect(new Set(makes.map((m) => m.json.id)).size).toBe(1);
    expect(makes.every((m) => m.status === 200)).toBe(true);
    expect(await p.balance()).toBe(9n * USDT);
    const betId = makes[0]!.json.id as string;
    const win = winData(betId, Number(4n * USDT));
    const wins = await Promise.all([...Array(6)].map(() => call('win', win)));
    expect(wins.every((w) => w.status === 200)).toBe(true);
    expect(new Set(wins.map((w) => w.json.id)).size).toBe(1);
    expect(await p.balance()).toBe(13n * USDT);
    // A second, different win of the same bet: refused (the bet has its result).
    expect((await call('win', winData(betId, Number(USDT)))).status).toBe(400);
    const rb = {
      bet_transaction_id: betId,
      parent_transaction_id: wins[0]!.json.id,
      transaction: txOf(0, 'rollback'),
    };
    const rbs = await Promise.all([...Array(5)].map(() => call('rollback', rb)));
    expect(rbs.every((r) => r.status === 200)).toBe(true);
    expect(await p.balance()).toBe(9n * USDT);
    // Another rollback of the same result (a new transaction id): refused, nothing moves.
    expect((await call('rollback', { ...rb, transaction: txOf(0, 'rollback') })).status).toBe(400);
    expect(await p.balance()).toBe(9n * USDT);
  });

  it('a transaction id replayed with other details is refused', async () => {
    const p = await player();
    const data = makeData(p, Number(USDT));
    expect((await call('make', data)).status).toBe(200);
    const other = {
      ...data,
      amount: Number(2n * USDT),
      transaction: { ...data.transaction, amount: Number(2n * USDT) },
    };
    expect((await call('make', other)).json).toEqual({ code: 2004, message: 'Bad request' });
    expect(await p.balance()).toBe(9n * USDT);
  });

  it('out of order: a win of a bet not made yet is 2003 and moves nothing', async () => {
    const p = await player();
    const w = await call('win', winData(randomUUID(), Number(USDT)));
    expect(w.json).toEqual({ code: 2003, message: 'Parent transaction not found' });
    expect(await p.balance()).toBe(10n * USDT);
  });
});

describe('bad input gets the protocol error and no balance change', () => {
  it('signatures, freshness, audience, body', async () => {
    const p = await player();
    const data = makeData(p, Number(USDT));
    const cases: [string, Promise<{ status: number; json: Record<string, unknown> }>, number][] = [
      ['wrong key', call('make', data, { key: stranger.privateKey }), 2005],
      ['stale iat', call('make', data, { iat: Math.floor(Date.now() / 1000) - 3600 }), 2005],
      ['other audience', call('make', data, { aud: 'someone-else' }), 2005],
      [
        'alg none',
        raw('make', { payload: `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify({ payload: data }))}.` }),
        2005,
      ],
      ['HS256 with the public key', call('make', data, { header: { alg: 'HS256' } }), 2005],
      ['no payload', raw('make', {}), 2004],
      ['payload not text', raw('make', { payload: 42 }), 2004],
      ['malformed JSON', raw('make', '{"payload":'), 2004],
      ['array body', raw('make', '[1]'), 2004],
    ];
    for (const [name, pending, code] of cases) {
      const r = await pending;
      expect(r.status, name).toBe(400);
      expect(r.json, name).toMatchObject({ code });
      expect(typeof r.json.message, name).toBe('string');
    }
    expect(await p.balance()).toBe(10n * USDT);
  });

  it('players, sessions, currencies, amounts, funds, blocks', async () => {
    const p = await player();
    const other = await player();
    const base = makeData(p, Number(USDT));
    const withTx = (patch: Record<string, unknown>) => ({
      ...base,
      transaction: { ...base.transaction, ...patch },
    });
    const cases: [string, Record<string, unknown>, number][] = [
      ['unknown player', { ...base, player_id: randomUUID() }, 1006],
      ['unknown session', { ...base, session_id: randomUUID() }, 1007],
      ["another player's session", { ...base, session_id: other.session }, 1007],
      [
        'wrong currency',
        { ...base, currency: 'BTC', transaction: { ...base.transaction, currency: 'BTC' } },
        2002,
      ],
      ['a float amount', { ...base, amount: 1.5, transaction: { ...base.transaction, amount: 1.5 } }, 2004],
      [
        'an unsafe integer',
        { ...base, amount: 2 ** 60, transaction: { ...base.transaction, amount: 2 ** 60 } },
        2004,
      ],
      ['negative', { ...base, amount: -5, transaction: { ...base.transaction, amount: -5 } }, 2004],
      ['amount as text', { ...base, amount: '100' }, 2004],
      ['amounts differ', withTx({ amount: 7 }), 2004],
      ['transaction id with a NUL', withTx({ id: 'a\u0000b' }), 2004],
      ['no bets', { ...base, betslip: { ...base.betslip, bets: [] } }, 2004],
      ['a bonus bet', { ...base, bonus_id: 'b-1', bonus_type: 'freebet_freemoney' }, 3001],
      [
        'not enough money',
        {
          ...base,
          amount: Number(11n * USDT),
          transaction: { ...base.transaction, amount: Number(11n * USDT) },
        },
        2001,
      ],
    ];
    for (const [name, data, code] of cases) {
      const r = await call('make', data);
      expect(r.status, name).toBe(400);
      expect(r.json.code, name).toBe(code);
    }
    for (const op of ['win', 'lost', 'refund', 'rollback', 'settlement', 'commit', 'discard']) {
      const r = await call(op, { bet_transaction_id: 'not-a-uuid', transaction: { id: '' } });
      expect(r.status, op).toBe(400);
      expect(r.json.code, op).toBe(2004);
    }
    await blockPlayer(t.server.database, p.user.id, '1 day');
    const blocked = await call('make', makeData(p, Number(USDT)));
    expect(blocked.json).toMatchObject({ code: 1005 });
    expect(await p.balance()).toBe(10n * USDT);
    expect(await other.balance()).toBe(10n * USDT);
  });
});

describe('the ledger', () => {
  it('keeps its invariants', async () => {
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
