import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, InsufficientFundsError, type AccountRef } from '../src/modules/ledger/index.js';
import { StaticPriceFeed } from '../src/modules/prices/index.js';
import { takeNonce } from '../src/modules/seeds/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket } from './helpers/ws-client.js';

/**
 * What the bet hot path's shortcuts must not change: the one-statement ledger transfer (refusals and
 * replays write nothing), the two-player transfer path, BalanceModification from the update itself,
 * the one-read session lookup (last_seen_at at most once a minute), the price cache, and the nonce
 * take that creates a missing seed pair.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const real = (u: TestUser): AccountRef => ({ user: u.id, kind: 'real' });
const chain: AccountRef = { system: 'chain' };
const house: AccountRef = { system: 'house' };
let seq = 0;
const key = (p: string) => `${p}:${Date.now()}:${++seq}`;
const balanceOf = async (u: TestUser, kind: 'real' | 'demo' = 'real') =>
  (await t.server.ledger.balances(u.id)).btc?.[kind] ?? 0n;
const transfersWithKey = async (k: string) =>
  (
    await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where idempotency_key = $1',
      [k],
    )
  )[0]?.n;

describe('ledger transfer in one statement', () => {
  it('writes nothing when refused, and moves nothing on a replay', async () => {
    const u = await createUser(t.server.database);
    const ledger = t.server.ledger;
    const dep = key('dep');
    await ledger.transfer({
      key: dep,
      kind: 'deposit',
      currency: 'btc',
      amount: 10n,
      from: chain,
      to: real(u),
    });
    const bet = key('bet');
    await expect(
      ledger.transfer({ key: bet, kind: 'bet', currency: 'btc', amount: 11n, from: real(u), to: house }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await transfersWithKey(bet)).toBe(0);
    expect(await balanceOf(u)).toBe(10n);

    const again = await ledger.transfer({
      key: dep,
      kind: 'deposit',
      currency: 'btc',
      amount: 10n,
      from: chain,
      to: real(u),
    });
    expect(again.replayed).toBe(true);
    expect(await balanceOf(u)).toBe(10n);
    await expect(
      ledger.transfer({ key: dep, kind: 'deposit', currency: 'btc', amount: 9n, from: chain, to: real(u) }),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });

  it('moves money between two players in one transaction, refusing an overdraft', async () => {
    const a = await createUser(t.server.database);
    const b = await createUser(t.server.database);
    const ledger = t.server.ledger;
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'btc',
      amount: 100n,
      from: chain,
      to: real(a),
    });
    const tip = key('tip');
    const first = await ledger.transfer({
      key: tip,
      kind: 'tip',
      currency: 'btc',
      amount: 40n,
      from: real(a),
      to: real(b),
    });
    expect(first.replayed).toBe(false);
    const replay = await ledger.transfer({
      key: tip,
      kind: 'tip',
      currency: 'btc',
      amount: 40n,
      from: real(a),
      to: real(b),
    });
    expect(replay).toEqual({ transferId: first.transferId, replayed: true });
    const over = key('tip');
    await expect(
      ledger.transfer({ key: over, kind: 'tip', currency: 'btc', amount: 61n, from: real(a), to: real(b) }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await transfersWithKey(over)).toBe(0);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([60n, 40n]);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });

  it("publishes BalanceModification with the transfer's own balance and the owner's other balances", async () => {
    await t.server.listen();
    const port = (t.app.server.address() as { port: number }).port;
    const u = await createUser(t.server.database);
    const ledger = t.server.ledger;
    await ledger.transfer({
      key: key('faucet'),
      kind: 'test',
      currency: 'btc',
      amount: 500n,
      from: { system: 'demo_faucet' },
      to: { user: u.id, kind: 'demo' },
    });
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'btc',
      amount: 300n,
      from: chain,
      to: real(u),
    });
    const sock = await connectSocket(`ws://127.0.0.1:${port}/ws?token=${u.token}`);
    try {
      await sock.next((f) => f.event === 'Connected');
      await ledger.transfer({
        key: key('bet'),
        kind: 'bet',
        currency: 'btc',
        amount: 100n,
        from: real(u),
        to: house,
      });
      const ev = await sock.next((f) => f.event === 'BalanceModification');
      expect(ev.data).toEqual({
        currency: 'btc',
        balance: '0.000002',
        demo_balance: '0.000005',
        bonus: '0',
        delay: 0,
      });
    } finally {
      sock.ws.terminate();
    }
  });
});

describe('session lookup', () => {
  const touch = (u: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fairness/seeds',
      headers: { authorization: `Bearer ${u.token}` },
    });
  const lastSeenAgeSeconds = async (u: TestUser) =>
    (
      await t.server.database.query<{ age: number }>(
        'select extract(epoch from now() - last_seen_at)::float8 as age from sessions where id = $1',
        [u.sessionId],
      )
    )[0]?.age as number;

  it('writes last_seen_at only when it is older than a minute', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query(
      "update sessions set last_seen_at = now() - interval '30 seconds' where id = $1",
      [u.sessionId],
    );
    expect((await touch(u)).statusCode).toBe(200);
    expect(await lastSeenAgeSeconds(u)).toBeGreaterThanOrEqual(29);
    await t.server.database.query(
      "update sessions set last_seen_at = now() - interval '2 minutes' where id = $1",
      [u.sessionId],
    );
    expect((await touch(u)).statusCode).toBe(200);
    expect(await lastSeenAgeSeconds(u)).toBeLessThan(10);
  });

  it('answers 419 for a revoked or expired token at once', async () => {
    const u = await createUser(t.server.database);
    expect((await touch(u)).statusCode).toBe(200);
    await t.server.database.query('update sessions set revoked_at = now() where id = $1', [u.sessionId]);
    expect((await touch(u)).statusCode).toBe(419);
    const v = await createUser(t.server.database);
    await t.server.database.query(
      "update sessions set expires_at = now() - interval '1 second' where id = $1",
      [v.sessionId],
    );
    expect((await touch(v)).statusCode).toBe(419);
  });

  it('answers concurrent requests (one coalesced lookup) each by its own session', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.server.database)));
    const alone = [];
    for (const u of users) alone.push((await touch(u)).json());
    const revoked = users[1]!;
    await t.server.database.query('update sessions set revoked_at = now() where id = $1', [
      revoked.sessionId,
    ]);
    const requests = [...users, users[0]!, revoked, { ...users[2]!, token: 'not-a-token' }];
    const answers = await Promise.all(requests.map(touch));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 419, 200, 200, 200, 419, 419]);
    // Each signed-in answer is the one its own user got alone (the seeds are per user).
    for (const i of [0, 2, 3]) expect(answers[i]!.json()).toEqual(alone[i]);
    expect(answers[4]!.json()).toEqual(alone[0]);
    expect(new Set(alone.map((a) => JSON.stringify(a))).size).toBe(users.length);
  });
});

describe('price cache', () => {
  it('answers from memory for its TTL, and a refresh clears it', async () => {
    const feed = new StaticPriceFeed(t.server.database, t.server.settings, 60_000);
    const before = (await feed.price('btc'))?.usd;
    await t.server.database.query("update currencies set price_usd = price_usd + 1 where id = 'btc'");
    try {
      expect((await feed.price('btc'))?.usd).toBe(before);
      await feed.refresh();
      expect((await feed.price('btc'))?.usd).toBe(String(Number(before) + 1));
      expect((await new StaticPriceFeed(t.server.database, t.server.settings, 0).price('btc'))?.usd).toBe(
        String(Number(before) + 1),
      );
    } finally {
      await t.server.database.query("update currencies set price_usd = price_usd - 1 where id = 'btc'");
    }
  });
});

describe('nonce take', () => {
  it('creates the pair of a player who has none, at nonce 0, in the same transaction', async () => {
    const u = await createUser(t.server.database);
    const taken = await t.server.database.transaction((tx) => takeNonce(tx, u.id));
    expect(taken?.nonce).toBe('0');
    const pairs = await t.server.database.query<{ nonce: string; active: boolean }>(
      'select nonce::text as nonce, active from seed_pairs where user_id = $1',
      [u.id],
    );
    expect(pairs).toEqual([{ nonce: '1', active: true }]);
    const next = await t.server.database.transaction((tx) => takeNonce(tx, u.id));
    expect(next?.nonce).toBe('1');
  });
});
