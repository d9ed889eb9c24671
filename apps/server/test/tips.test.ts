import { randomUUID } from 'node:crypto';
import { TipErrorCode, TipMessages, TWO_FACTOR_REQUIRED, type EventFrame } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { Connection } from '../src/realtime/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Tips (spec 3 section 5 "Tip: invalid username, invalid amount"; issue F8 item 4): the happy path
 * with both balances, both BalanceModification events and the chat line; every refusal with its
 * text and nothing moved; 2FA; a retried requestId paying once; concurrent tips never overdrawing.
 * The ledger invariants are checked after every test.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  const check = await checkLedger(t.server.database);
  expect(check.problems).toEqual([]);
});

// USDT: 8 decimals, static price 1 USD; the minimum tip is 0.10 USD.
const USDT = 100_000_000n;
let seq = 0;

function post(user: TestUser | null, url: string, payload: object = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    payload,
  });
}

async function player(balance = 100n * USDT) {
  const u = await createUser(t.server.database);
  if (balance > 0n) await fund(t.server, u.id, balance, { kind: 'deposit' });
  return u;
}

const real = async (u: TestUser, currency = 'usdt') =>
  (await t.server.ledger.balances(u.id))[currency]?.real ?? 0n;

const tip = (from: TestUser, name: string, amount: string, extra: Record<string, unknown> = {}) =>
  post(from, '/api/chat/tip', { name, amount, currency: 'usdt', requestId: randomUUID(), ...extra });

/** Every frame published to `channel` on this node, from now on. */
function listen(channel: string): EventFrame[] {
  const frames: EventFrame[] = [];
  const conn: Connection = {
    id: `listener-${++seq}`,
    user: null,
    channels: new Set(),
    send: (frame) => frames.push(JSON.parse(String(frame)) as EventFrame),
  };
  t.server.realtime.hub.add(conn);
  t.server.realtime.hub.subscribe(conn, channel);
  return frames;
}

async function waitFor<T>(probe: () => T | undefined, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const serviceMessages = (channel: string, text: string) =>
  t.server.database.query<{ data: { kind: string; text: string } }>(
    `select data from chat_messages where channel = $1 and type = 'service' and data->>'text' = $2`,
    [channel, text],
  );

describe('tip', () => {
  it('moves the amount, publishes both balances, posts "X tipped Y" and names the recipient', async () => {
    const a = await player();
    const b = await player(5n * USDT);
    const aEvents = listen(`User.${a.id}`);
    const bEvents = listen(`User.${b.id}`);
    const chat = listen('casino_de');

    const res = await tip(a, b.name, '1.5', { channel: 'casino_de' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      replayed: false,
      tip: {
        from: { _id: a.id, name: a.name },
        to: { _id: b.id, name: b.name },
        amount: '1.5',
        currency: 'usdt',
        channel: 'casino_de',
        public: true,
      },
    });
    expect(await real(a)).toBe(100n * USDT - 150_000_000n);
    expect(await real(b)).toBe(5n * USDT + 150_000_000n);

    // (With Redis the funding's own event may still arrive after the listener joined: look for the tip's.)
    const balance = (frames: EventFrame[], value: string) =>
      frames.find(
        (f) => f.event === 'BalanceModification' && (f.data as { balance: string }).balance === value,
      );
    expect(await waitFor(() => balance(aEvents, '98.5'))).toMatchObject({ data: { currency: 'usdt' } });
    expect(await waitFor(() => balance(bEvents, '6.5'))).toMatchObject({ data: { currency: 'usdt' } });

    const text = `${a.name} tipped ${b.name} 1.5 USDT`;
    const line = await waitFor(() => chat.find((f) => f.event === 'ChatMessage'));
    expect(line.data).toMatchObject({
      channel: 'casino_de',
      message: { type: 'service', user: null, data: { kind: 'tip', text, amount: '1.5', currency: 'usdt' } },
    });
    expect(await serviceMessages('casino_de', text)).toHaveLength(1);
  });

  it('finds the recipient case-insensitively and with a leading @', async () => {
    const a = await player();
    const b = await player(0n);
    const res = await tip(a, `@${b.name.toUpperCase()}`, '0.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tip.to).toEqual({ _id: b.id, name: b.name });
    expect(await real(b)).toBe(USDT / 10n);
  });

  it('a private tip (public: false) moves the money without a chat line', async () => {
    const a = await player();
    const b = await player(0n);
    const res = await tip(a, b.name, '2', { public: false, channel: 'sport_en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await real(b)).toBe(2n * USDT);
    expect(await serviceMessages('sport_en', `${a.name} tipped ${b.name} 2 USDT`)).toHaveLength(0);
  });

  it("'Invalid username' for an unknown or empty name; refuses a tip to yourself", async () => {
    const a = await player();
    for (const name of ['nobody_here_123', '', '   ', 'x'.repeat(64)]) {
      const res = await tip(a, name, '1');
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toMatchObject({
        code: TipErrorCode.InvalidUsername,
        message: TipMessages.invalidUsername,
      });
    }
    const self = await tip(a, a.name, '1');
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: TipErrorCode.Self, message: TipMessages.self });
    expect(await real(a)).toBe(100n * USDT);
  });

  it("'Invalid amount' for anything but a positive decimal within the currency's decimals", async () => {
    const a = await player();
    const b = await player(0n);
    for (const amount of [
      '-1',
      '1e3',
      '0.0000000001',
      'NaN',
      'Infinity',
      '',
      ' ',
      '0',
      '0.00',
      '1,5',
      '0x10',
      '+1',
      '.5',
      '1.',
    ]) {
      const res = await tip(a, b.name, amount);
      expect(res.statusCode, amount).toBe(422);
      expect(res.json(), amount).toMatchObject({
        code: TipErrorCode.InvalidAmount,
        message: TipMessages.invalidAmount,
      });
    }
    // A JSON number is not a decimal string: the contract refuses it.
    const number = await post(a, '/api/chat/tip', {
      name: b.name,
      amount: 1,
      currency: 'usdt',
      requestId: randomUUID(),
    });
    expect(number.statusCode).toBe(422);
    expect(await real(a)).toBe(100n * USDT);
    expect(await real(b)).toBe(0n);
  });

  it('refuses an amount under the minimum tip (0.10 USD) with the minimum in the field message', async () => {
    const a = await player();
    const b = await player(0n);
    const res = await tip(a, b.name, '0.09999999');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: TipErrorCode.InvalidAmount,
      message: TipMessages.invalidAmount,
      fields: [{ path: 'amount', message: 'The minimum tip is 0.1 USDT.' }],
    });
  });

  it("'Not enough money' over the balance, and nothing moves", async () => {
    const a = await player(3n * USDT);
    const b = await player(0n);
    const res = await tip(a, b.name, '3.00000001');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: TipErrorCode.NotEnoughMoney,
      message: TipMessages.notEnoughMoney,
    });
    expect(await real(a)).toBe(3n * USDT);
    expect(await real(b)).toBe(0n);
    const all = await tip(a, b.name, '3');
    expect(all.statusCode).toBe(200);
    expect(await real(a)).toBe(0n);
  });

  it('refuses an unknown currency, guests, muted senders and malformed request ids', async () => {
    const a = await player();
    const b = await player(0n);
    const cur = await tip(a, b.name, '1', { currency: 'nope' });
    expect(cur.statusCode).toBe(422);
    expect(cur.json()).toMatchObject({ code: TipErrorCode.UnknownCurrency });
    const guest = await post(null, '/api/chat/tip', {
      name: b.name,
      amount: '1',
      currency: 'usdt',
      requestId: randomUUID(),
    });
    expect(guest.statusCode).toBe(401);
    const badId = await tip(a, b.name, '1', { requestId: 'x' });
    expect(badId.statusCode).toBe(422);
    await t.server.database.query(
      "update users set chat_muted_until = now() + interval '1 hour' where id = $1",
      [a.id],
    );
    const muted = await tip(a, b.name, '1');
    expect(muted.statusCode).toBe(403);
    expect(muted.json()).toMatchObject({ code: TipErrorCode.Muted, message: TipMessages.muted });
    expect(await real(b)).toBe(0n);
  });

  it('asks for 2FA (-1024) when it is on and the session is not fresh, before anything else', async () => {
    const a = await player();
    const b = await player(0n);
    await t.server.database.query('update users set two_factor_enabled_at = now() where id = $1', [a.id]);
    const held = await tip(a, 'nobody_at_all', 'garbage');
    expect(held.statusCode).toBe(403);
    expect(held.json().code).toBe(TWO_FACTOR_REQUIRED);
    const missing = await tip(a, b.name, '1');
    expect(missing.json().code).toBe(TWO_FACTOR_REQUIRED);
    expect(await real(b)).toBe(0n);
    await t.server.database.query('update sessions set two_factor_verified_at = now() where id = $1', [
      a.sessionId,
    ]);
    const ok = await tip(a, b.name, '1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await real(b)).toBe(USDT);
  });

  it('a retry with the same requestId pays once and posts one line; other details are a 409', async () => {
    const a = await player();
    const b = await player(0n);
    const requestId = randomUUID();
    const first = await tip(a, b.name, '4', { requestId, channel: 'esport_en' });
    const again = await tip(a, b.name, '4', { requestId, channel: 'esport_en' });
    const both = await Promise.all([
      tip(a, b.name, '4', { requestId, channel: 'esport_en' }),
      tip(a, b.name, '4', { requestId, channel: 'esport_en' }),
    ]);
    expect(first.json().replayed).toBe(false);
    for (const r of [again, ...both]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ replayed: true, tip: { id: first.json().tip.id, amount: '4' } });
    }
    expect(await real(a)).toBe(96n * USDT);
    expect(await real(b)).toBe(4n * USDT);
    expect(await serviceMessages('esport_en', `${a.name} tipped ${b.name} 4 USDT`)).toHaveLength(1);
    const other = await tip(a, b.name, '5', { requestId, channel: 'esport_en' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    expect(await real(b)).toBe(4n * USDT);
    const rows = await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where idempotency_key = $1',
      [`tip:${a.id}:${requestId}`],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('concurrent tips never overdraw: the balance covers exactly the ones that succeed', async () => {
    const a = await player(10n * USDT);
    const others = await Promise.all([player(0n), player(0n), player(0n), player(0n), player(0n)]);
    const results = await Promise.all(others.map((o) => tip(a, o.name, '3')));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(3);
    for (const r of refused) expect(r.json().code).toBe(TipErrorCode.NotEnoughMoney);
    expect(await real(a)).toBe(1n * USDT);
    const received = await Promise.all(others.map((o) => real(o)));
    expect(received.reduce((s, v) => s + v, 0n)).toBe(9n * USDT);
  });

  it('limits tips and rains per player per minute', async () => {
    const a = await player();
    const b = await player(0n);
    await putSetting(t, 'tips', { perMinute: 2 });
    try {
      expect((await tip(a, b.name, '1')).statusCode).toBe(200);
      expect((await tip(a, b.name, '1')).statusCode).toBe(200);
      const third = await tip(a, b.name, '1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({
        code: TipErrorCode.RateLimited,
        message: TipMessages.rateLimited,
      });
      expect(await real(b)).toBe(2n * USDT);
    } finally {
      await putSetting(t, 'tips', {});
    }
  });
});
