import { randomUUID } from 'node:crypto';
import { TipErrorCode, TipMessages, TWO_FACTOR_REQUIRED, type EventFrame } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { Connection } from '../src/realtime/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit, fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Rain (spec 3 sections 5 and 9: up to 25 users, 'Invalid users length', 'Invalid amount'): who is
 * eligible (active in the channel, wagered or deposited recently, not muted, not the sender), the
 * equal split in atomic units, one all-or-nothing transaction, retries paying once, and the rules
 * call. Each test starts with an empty channel so chatters of other tests do not count. The ledger
 * invariants are checked after every test.
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

/** A credited deposit `hoursAgo` hours ago (what the rain rules and the bot rain look for). */
const deposited = (u: TestUser, hoursAgo = 1, amount = 20n * USDT) =>
  creditedDeposit(t.server, u.id, amount, hoursAgo);

/** A settled real bet of `wagerUsd` USD, `daysAgo` days ago (the wager rule). */
async function wagered(u: TestUser, wagerUsd: string, daysAgo = 1) {
  const seed = await t.server.database.query<{ id: string }>(
    `insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed) values ($1, 's', 'h', 'c')
     returning id::text as id`,
    [u.id],
  );
  await t.server.database.query(
    `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
       profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at)
     values ($1, 'dice', 'usdt', false, 100, 0, 0, 1, 0, -100, $2::bigint, 0, '{}', '{}', 100, $3::numeric,
       now() - make_interval(days => $4::int))`,
    [u.id, seed[0]?.id, wagerUsd, daysAgo],
  );
}

async function chatted(u: TestUser, channel: string, minutesAgo = 1) {
  await t.server.database.query(
    `insert into chat_messages (channel, type, user_id, data, created_at)
     values ($1, 'message', $2, '{"message":"hello"}'::jsonb, now() - make_interval(mins => $3::int))`,
    [channel, u.id, minutesAgo],
  );
}

/** A player who chatted in `channel` and deposited an hour ago (eligible). */
async function eligible(channel: string): Promise<TestUser> {
  const u = await createUser(t.server.database);
  await deposited(u);
  await chatted(u, channel);
  return u;
}

/** A funded chatter of `channel` who is eligible too (it must still never rain on itself). */
async function sender(channel: string, balance = 100n * USDT): Promise<TestUser> {
  const u = await createUser(t.server.database);
  await fund(t.server, u.id, balance, { kind: 'deposit' });
  await deposited(u, 1, 1n);
  await chatted(u, channel);
  return u;
}

const real = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;

const rain = (
  from: TestUser,
  channel: string,
  amount: string,
  users: number,
  extra: Record<string, unknown> = {},
) =>
  post(from, '/api/chat/rain', {
    amount,
    users,
    currency: 'usdt',
    channel,
    requestId: randomUUID(),
    ...extra,
  });

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

/** There are six channels: a test empties the one it uses, so earlier tests' chatters do not count. */
async function freshChannel(channel: string): Promise<string> {
  await t.server.database.query('delete from chat_messages where channel = $1', [channel]);
  return channel;
}

describe('rain', () => {
  it('splits equally in atomic units among eligible chatters (never the sender); the remainder stays', async () => {
    const channel = await freshChannel('casino_en');
    const a = await sender(channel);
    const pool = await Promise.all([
      eligible(channel),
      eligible(channel),
      eligible(channel),
      eligible(channel),
    ]);
    const before = new Map(await Promise.all(pool.map(async (u) => [u.id, await real(u)] as const)));
    const aBefore = await real(a);
    const chat = listen(channel);
    const events = pool.map((u) => listen(`User.${u.id}`));

    const res = await rain(a, channel, '10', 3);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 10 / 3 = 3.33333333 each (8 decimals); 0.00000001 never leaves the sender.
    expect(body).toMatchObject({
      ok: true,
      replayed: false,
      rain: {
        from: { _id: a.id, name: a.name },
        amount: '9.99999999',
        share: '3.33333333',
        currency: 'usdt',
        channel,
      },
    });
    const users = body.rain.users as { _id: string; name: string }[];
    expect(users).toHaveLength(3);
    expect(new Set(users.map((u) => u._id)).size).toBe(3);
    expect(users.map((u) => u._id)).not.toContain(a.id);
    expect(await real(a)).toBe(aBefore - 999_999_999n);
    for (const u of pool) {
      const got = (await real(u)) - (before.get(u.id) ?? 0n);
      expect(got).toBe(users.some((r) => r._id === u.id) ? 333_333_333n : 0n);
    }
    // Each recipient hears its new balance; the channel hears the service line naming the recipients.
    for (const [i, u] of pool.entries()) {
      if (!users.some((r) => r._id === u.id)) continue;
      await waitFor(() => events[i]?.find((f) => f.event === 'BalanceModification'));
    }
    const line = await waitFor(() => chat.find((f) => f.event === 'ChatMessage'));
    expect(line.data).toMatchObject({
      message: { type: 'service', data: { kind: 'rain', share: '3.33333333', amount: '9.99999999' } },
    });
    const text = (line.data as { message: { data: { text: string } } }).message.data.text;
    expect(text).toContain(`${a.name} made it rain 9.99999999 USDT: 3.33333333 USDT each to `);
    for (const u of users) expect(text).toContain(u.name);
    // One rain row, one transfer per recipient.
    const transfers = await t.server.database.query<{ n: number }>(
      "select count(*)::int as n from ledger_transfers where kind = 'rain' and metadata->>'rain' = $1",
      [body.rain.id],
    );
    expect(transfers[0]?.n).toBe(3);
  });

  it("'Invalid users length' for 0, 26, fractions and negatives; nothing moves", async () => {
    const channel = await freshChannel('casino_de');
    const a = await sender(channel);
    await eligible(channel);
    for (const users of [0, 26, -1, 1.5, 1000]) {
      const res = await rain(a, channel, '10', users);
      expect(res.statusCode, String(users)).toBe(422);
      expect(res.json()).toMatchObject({
        code: TipErrorCode.InvalidUsersLength,
        message: TipMessages.invalidUsersLength,
      });
    }
    const text = await post(a, '/api/chat/rain', {
      amount: '10',
      users: '3',
      currency: 'usdt',
      channel,
      requestId: randomUUID(),
    });
    expect(text.statusCode).toBe(422);
    expect(await real(a)).toBe(100n * USDT + 1n);
  });

  it("'Invalid amount' for bad strings and for a share under the minimum (0.01 USD)", async () => {
    const channel = await freshChannel('sport_en');
    const a = await sender(channel);
    await Promise.all([eligible(channel), eligible(channel), eligible(channel)]);
    for (const amount of ['-1', '1e3', '0.0000000001', 'NaN', '', '0', '1,5']) {
      const res = await rain(a, channel, amount, 2);
      expect(res.statusCode, amount).toBe(422);
      expect(res.json(), amount).toMatchObject({
        code: TipErrorCode.InvalidAmount,
        message: TipMessages.invalidAmount,
      });
    }
    const tiny = await rain(a, channel, '0.02', 3);
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json()).toMatchObject({
      code: TipErrorCode.InvalidAmount,
      fields: [
        { path: 'amount', message: 'Each player must get at least 0.01 USDT: rain at least 0.03 USDT on 3.' },
      ],
    });
    expect((await rain(a, channel, '0.03', 3)).statusCode).toBe(200);
  });

  it('a clear error when fewer players qualify than asked, and when nobody does', async () => {
    const channel = await freshChannel('sport_de');
    const a = await sender(channel);
    const none = await rain(a, channel, '5', 1);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: TipErrorCode.NotEnoughUsers,
      message: TipMessages.noEligibleUsers,
    });
    await Promise.all([eligible(channel), eligible(channel)]);
    const few = await rain(a, channel, '5', 3);
    expect(few.statusCode).toBe(422);
    expect(few.json()).toMatchObject({
      code: TipErrorCode.NotEnoughUsers,
      message: TipMessages.notEnoughUsers,
      fields: [{ path: 'users', message: 'Only 2 players in this chat can receive a rain right now.' }],
    });
    expect(await real(a)).toBe(100n * USDT + 1n);
    expect((await rain(a, channel, '5', 2)).statusCode).toBe(200);
  });

  it('eligibility: recent activity and a recent wager or deposit; muted players and other channels never', async () => {
    const channel = await freshChannel('esport_en');
    const a = await sender(channel);
    const ok = await eligible(channel);
    const byWager = await createUser(t.server.database);
    await wagered(byWager, '12.5', 2);
    await chatted(byWager, channel);
    const smallWager = await createUser(t.server.database);
    await wagered(smallWager, '9.99', 1);
    await chatted(smallWager, channel);
    const oldWager = await createUser(t.server.database);
    await wagered(oldWager, '500', 8);
    await chatted(oldWager, channel);
    const oldDeposit = await createUser(t.server.database);
    await deposited(oldDeposit, 25);
    await chatted(oldDeposit, channel);
    const idle = await createUser(t.server.database);
    await deposited(idle);
    await chatted(idle, channel, 45);
    const muted = await eligible(channel);
    await t.server.database.query(
      "update users set chat_muted_until = now() + interval '1 day' where id = $1",
      [muted.id],
    );
    const elsewhere = await createUser(t.server.database);
    await deposited(elsewhere);
    await chatted(elsewhere, 'esport_de');

    const rules = await post(a, '/api/chat/rain/rules', { channel, currency: 'usdt' });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json()).toMatchObject({
      minUsers: 1,
      maxUsers: 25,
      activeMinutes: 30,
      wagerUsd: '10',
      wagerDays: 7,
      depositHours: 24,
      currency: 'usdt',
      tipMinimum: '0.1',
      rainShareMinimum: '0.01',
      eligible: 2,
      youQualify: true,
    });
    const three = await rain(a, channel, '3', 3);
    expect(three.json()).toMatchObject({ code: TipErrorCode.NotEnoughUsers });
    const two = await rain(a, channel, '3', 2);
    expect(two.statusCode, two.body).toBe(200);
    expect((two.json().rain.users as { _id: string }[]).map((u) => u._id).sort()).toEqual(
      [ok.id, byWager.id].sort(),
    );
  });

  it('the rules call works for guests (no eligibility of their own) and without a channel', async () => {
    const res = await post(null, '/api/chat/rain/rules', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eligible: null, youQualify: null, currency: null, tipMinimum: null });
    expect(res.json().bot).toMatchObject({
      enabled: false,
      perDayMin: 10,
      perDayMax: 20,
      recipientsMin: 5,
      recipientsMax: 15,
      depositHours: 24,
    });
    expect((await post(null, '/api/chat/rain/rules', { channel: 'nope' })).statusCode).toBe(422);
  });

  it("all or nothing: 'Not enough money' leaves no rain, no transfer and no balance change", async () => {
    const channel = await freshChannel('casino_en');
    const a = await sender(channel, 2n * USDT);
    const pool = await Promise.all([eligible(channel), eligible(channel), eligible(channel)]);
    const before = await Promise.all(pool.map(real));
    const requestId = randomUUID();
    const res = await rain(a, channel, '3', 3, { requestId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: TipErrorCode.NotEnoughMoney,
      message: TipMessages.notEnoughMoney,
    });
    expect(await real(a)).toBe(2n * USDT + 1n);
    expect(await Promise.all(pool.map(real))).toEqual(before);
    const rows = await t.server.database.query('select 1 from chat_rains where key = $1', [
      `rain:${a.id}:${requestId}`,
    ]);
    expect(rows).toHaveLength(0);
    // The same request id works once the balance is there.
    await fund(t.server, a.id, USDT, { kind: 'deposit' });
    const retry = await rain(a, channel, '3', 3, { requestId });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a retry with the same requestId pays once (also concurrently); other details are a 409', async () => {
    const channel = await freshChannel('casino_de');
    const a = await sender(channel);
    await Promise.all([eligible(channel), eligible(channel), eligible(channel)]);
    const requestId = randomUUID();
    const results = await Promise.all([
      rain(a, channel, '6', 3, { requestId }),
      rain(a, channel, '6', 3, { requestId }),
      rain(a, channel, '6', 3, { requestId }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().rain.id)).size).toBe(1);
    const again = await rain(a, channel, '6', 3, { requestId });
    expect(again.json()).toMatchObject({ replayed: true, rain: { id: results[0]?.json().rain.id } });
    expect(await real(a)).toBe(94n * USDT + 1n);
    const other = await rain(a, channel, '9', 3, { requestId });
    expect(other.statusCode).toBe(409);
    const lines = await t.server.database.query(
      "select 1 from chat_messages where channel = $1 and type = 'service' and data->>'kind' = 'rain'",
      [channel],
    );
    expect(lines).toHaveLength(1);
  });

  it('asks for 2FA (-1024) before anything else; muted senders cannot rain', async () => {
    const channel = await freshChannel('sport_en');
    const a = await sender(channel);
    await eligible(channel);
    await t.server.database.query('update users set two_factor_enabled_at = now() where id = $1', [a.id]);
    const held = await rain(a, channel, '1', 30);
    expect(held.json().code).toBe(TWO_FACTOR_REQUIRED);
    await t.server.database.query('update users set two_factor_enabled_at = null where id = $1', [a.id]);
    await t.server.database.query(
      "update users set chat_muted_until = now() + interval '5 minutes' where id = $1",
      [a.id],
    );
    const muted = await rain(a, channel, '1', 1);
    expect(muted.statusCode).toBe(403);
    expect(muted.json().code).toBe(TipErrorCode.Muted);
  });

  it('rains on 25 players at once; two rains whose row locks cross do not deadlock', async () => {
    const channel = await freshChannel('esport_de');
    const a = await sender(channel);
    const b = await sender(channel);
    await Promise.all(Array.from({ length: 25 }, () => eligible(channel)));
    const res = await rain(a, channel, '25', 25);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rain.users).toHaveLength(25);
    // Each sender is a candidate of the other's rain: their row locks cross.
    for (let i = 0; i < 3; i++) {
      const [x, y] = await Promise.all([rain(a, channel, '2.5', 25), rain(b, channel, '2.5', 25)]);
      expect(x.statusCode, x.body).toBe(200);
      expect(y.statusCode, y.body).toBe(200);
    }
  });
});
