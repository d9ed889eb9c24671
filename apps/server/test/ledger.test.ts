import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, InsufficientFundsError, Ledger, type AccountRef } from '../src/modules/ledger/index.js';
import { activeSeedPair, nonceWrites } from '../src/modules/seeds/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket } from './helpers/ws-client.js';

let t: TestServer;
let ledger: Ledger;
beforeAll(async () => {
  t = await startTestServer();
  ledger = t.server.ledger;
});
afterAll(async () => {
  await t?.close();
});

const real = (u: TestUser): AccountRef => ({ user: u.id, kind: 'real' });
const chain: AccountRef = { system: 'chain' };
const house: AccountRef = { system: 'house' };
let seq = 0;
const key = (p: string) => `${p}:${Date.now()}:${++seq}`;
const balanceOf = async (u: TestUser, currency = 'btc') =>
  (await ledger.balances(u.id))[currency]?.real ?? 0n;

describe('ledger transfers', () => {
  it('credits a deposit, debits a bet and keeps the invariants', async () => {
    const u = await createUser(t.server.database);
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'btc',
      amount: 150_000_000n,
      from: chain,
      to: real(u),
    });
    await ledger.transfer({
      key: key('bet'),
      kind: 'bet',
      currency: 'btc',
      amount: 50_000_000n,
      from: real(u),
      to: house,
    });
    expect(await balanceOf(u)).toBe(100_000_000n);
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('refuses to overdraw a player and writes nothing', async () => {
    const u = await createUser(t.server.database);
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'eth',
      amount: 10n,
      from: chain,
      to: { user: u.id, kind: 'real' },
    });
    const before = (
      await t.server.database.query<{ n: number }>('select count(*)::int as n from ledger_transfers')
    )[0]?.n;
    const overdraw = ledger.transfer({
      key: key('bet'),
      kind: 'bet',
      currency: 'eth',
      amount: 11n,
      from: { user: u.id, kind: 'real' },
      to: house,
    });
    await expect(overdraw).rejects.toBeInstanceOf(InsufficientFundsError);
    const after = (
      await t.server.database.query<{ n: number }>('select count(*)::int as n from ledger_transfers')
    )[0]?.n;
    expect(after).toBe(before);
    expect(await balanceOf(u, 'eth')).toBe(10n);
  });

  it('is idempotent: a replayed key moves nothing, a conflicting one is refused', async () => {
    const u = await createUser(t.server.database);
    const k = key('dep');
    const first = await ledger.transfer({
      key: k,
      kind: 'deposit',
      currency: 'btc',
      amount: 7n,
      from: chain,
      to: real(u),
    });
    const again = await ledger.transfer({
      key: k,
      kind: 'deposit',
      currency: 'btc',
      amount: 7n,
      from: chain,
      to: real(u),
    });
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(await balanceOf(u)).toBe(7n);
    await expect(
      ledger.transfer({ key: k, kind: 'deposit', currency: 'btc', amount: 8n, from: chain, to: real(u) }),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_conflict' });
  });

  it('refuses non-positive amounts, unknown currencies and same-account transfers', async () => {
    const u = await createUser(t.server.database);
    await expect(
      ledger.transfer({ key: key('x'), kind: 't', currency: 'btc', amount: 0n, from: chain, to: real(u) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      ledger.transfer({ key: key('x'), kind: 't', currency: 'btc', amount: -5n, from: chain, to: real(u) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      ledger.transfer({ key: key('x'), kind: 't', currency: 'nope', amount: 5n, from: chain, to: real(u) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      ledger.transfer({ key: key('x'), kind: 't', currency: 'btc', amount: 5n, from: real(u), to: real(u) }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('makes many transfers in one statement: replays, conflicts, repeats and an overdraft each answered alone', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.server.database)));
    if (!a || !b || !c) throw new Error('users');
    const earlier = key('many-earlier');
    await ledger.transfer({
      key: earlier,
      kind: 'win',
      currency: 'btc',
      amount: 5n,
      from: house,
      to: real(a),
    });
    const pay = (k: string, u: TestUser, amount: bigint) =>
      ({ key: k, kind: 'win', currency: 'btc', amount, from: house, to: real(u) }) as const;
    const ka = key('many-a');
    const kb = key('many-b');
    const results = await ledger.transferMany([
      pay(ka, a, 100n),
      pay(kb, b, 200n),
      pay(ka, a, 100n), // the same key again in the batch: a replay of the first
      pay(earlier, a, 5n), // used before: a replay
      pay(earlier, a, 6n), // used before with other details: a conflict
      pay(key('many-zero'), c, 0n),
      { key: key('many-debit'), kind: 'bet', currency: 'btc', amount: 1n, from: real(c), to: house },
    ]);
    expect(results.map((r) => ('transferId' in r ? (r.replayed ? 'replay' : 'new') : r.code))).toEqual([
      'new',
      'new',
      'replay',
      'replay',
      'idempotency_conflict',
      'invalid_amount',
      'insufficient_balance', // c has nothing: the batch falls back to one by one
    ]);
    expect(results[2]).toEqual({ ...results[0], replayed: true });
    expect(await balanceOf(a)).toBe(105n);
    expect(await balanceOf(b)).toBe(200n);
    expect(await balanceOf(c)).toBe(0n);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });

  it("writes a caller's CTEs in the same statement as the transfers, or nothing of them (transferManyWith)", async () => {
    const u = await createUser(t.server.database);
    const pair = await activeSeedPair(t.server.database, u.id);
    const nonceOf = async () =>
      (
        await t.server.database.query<{ nonce: string }>(
          'select nonce::text as nonce from seed_pairs where id = $1',
          [pair.id],
        )
      )[0]?.nonce;
    const also = (n: number) => {
      const w = nonceWrites(new Map([[pair.id, n]]), 10);
      return {
        name: 'test.nonces',
        ctes: w.ctes,
        columns: '(select count(*)::int from seed_pairs where id = ($10::bigint[])[1]) as pairs',
        params: w.params,
      };
    };
    const deposit = key('dep');
    const written = await t.server.database.transaction((tx) =>
      ledger
        .in(tx)
        .transferManyWith(
          [{ key: deposit, kind: 'deposit', currency: 'btc', amount: 5n, from: chain, to: real(u) }],
          also(3),
        ),
    );
    expect(written.results).toEqual([{ transferId: expect.any(String), replayed: false }]);
    expect(written.also).toEqual({ pairs: 1 });
    expect(await nonceOf()).toBe('3');
    expect(await balanceOf(u)).toBe(5n);
    // An overdraft fails the whole statement: the caller's writes are not made either.
    await expect(
      t.server.database.transaction((tx) =>
        ledger
          .in(tx)
          .transferManyWith(
            [{ key: key('bet'), kind: 'bet', currency: 'btc', amount: 6n, from: real(u), to: house }],
            also(2),
          ),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await nonceOf()).toBe('3');
    expect(await balanceOf(u)).toBe(5n);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });

  it('keeps postings and transfers append-only', async () => {
    const u = await createUser(t.server.database);
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'btc',
      amount: 5n,
      from: chain,
      to: real(u),
    });
    await expect(t.server.database.query('update ledger_postings set amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.server.database.query('delete from ledger_transfers')).rejects.toThrow(/append-only/);
  });

  it('publishes BalanceModification to the owner after commit and shows balances in the currency list', async () => {
    await t.server.listen();
    const port = (t.app.server.address() as { port: number }).port;
    const u = await createUser(t.server.database);
    const sock = await connectSocket(`ws://127.0.0.1:${port}/ws?token=${u.token}`);
    await sock.next((f) => f.event === 'Connected');
    await ledger.transfer({
      key: key('dep'),
      kind: 'deposit',
      currency: 'btc',
      amount: 123_456_789n,
      from: chain,
      to: real(u),
    });
    const ev = await sock.next((f) => f.event === 'BalanceModification');
    expect(ev.data).toEqual({
      currency: 'btc',
      balance: '1.23456789',
      demo_balance: '0',
      bonus: '0',
      delay: 0,
    });
    sock.ws.terminate();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data/currencies',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect((res.json() as { btc: { balance: { real: string } } }).btc.balance.real).toBe('1.23456789');
  });

  it('lets staff check the ledger health; players may not', async () => {
    const admin = await createUser(t.server.database, { roles: ['*'] });
    const player = await createUser(t.server.database);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ledger/health',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(ok.json()).toMatchObject({ ok: true, problems: [] });
    const no = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ledger/health',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(no.statusCode).toBe(403);
  });
});

describe('randomized concurrent load', () => {
  it('never goes negative, never credits a replay twice, and keeps every invariant', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => createUser(t.server.database)));
    const pick = fc.integer({ min: 0, max: players.length - 1 });
    const op = fc.oneof(
      fc.record({
        type: fc.constant('deposit' as const),
        to: pick,
        amount: fc.bigInt({ min: 1n, max: 1000n }),
        notice: fc.integer({ min: 0, max: 30 }),
      }),
      fc.record({
        type: fc.constant('bet' as const),
        who: pick,
        amount: fc.bigInt({ min: 1n, max: 400n }),
        win: fc.bigInt({ min: 0n, max: 800n }),
      }),
      fc.record({
        type: fc.constant('tip' as const),
        from: pick,
        to: pick,
        amount: fc.bigInt({ min: 1n, max: 300n }),
      }),
      fc.record({
        type: fc.constant('withdraw' as const),
        who: pick,
        amount: fc.bigInt({ min: 1n, max: 500n }),
        cancel: fc.boolean(),
      }),
    );
    const clients = 8;
    const perClient = process.env.DATABASE_URL ? 300 : 80;
    const plans = fc.sample(fc.array(op, { minLength: perClient, maxLength: perClient }), {
      numRuns: clients,
      seed: 20261122,
    });
    const ack = new Map<string, bigint>(); // acknowledged net effect per player
    const add = (id: string, d: bigint) => ack.set(id, (ack.get(id) ?? 0n) + d);
    let n = 0;
    await Promise.all(
      plans.map(async (plan, c) => {
        for (const o of plan) {
          const id = `${c}:${n++}`;
          try {
            if (o.type === 'deposit') {
              // Deposit notifications are replayed: the same chain event (notice) arrives several times.
              const p = players[o.to] as TestUser;
              const k = `load-dep:${p.id}:${o.notice}`;
              const r = await ledger
                .transfer({
                  key: k,
                  kind: 'deposit',
                  currency: 'usdt',
                  amount: 100n + BigInt(o.notice),
                  from: chain,
                  to: real(p),
                })
                .catch((e) => {
                  if (e.code === 'idempotency_conflict') return { replayed: true };
                  throw e;
                });
              if (!r.replayed) add(p.id, 100n + BigInt(o.notice));
            } else if (o.type === 'bet') {
              const p = players[o.who] as TestUser;
              await ledger.transfer({
                key: `bet:${id}`,
                kind: 'bet',
                currency: 'usdt',
                amount: o.amount,
                from: real(p),
                to: house,
              });
              add(p.id, -o.amount);
              if (o.win > 0n) {
                await ledger.transfer({
                  key: `win:${id}`,
                  kind: 'win',
                  currency: 'usdt',
                  amount: o.win,
                  from: house,
                  to: real(p),
                });
                add(p.id, o.win);
              }
            } else if (o.type === 'tip') {
              if (o.from === o.to) continue;
              const a = players[o.from] as TestUser;
              const b = players[o.to] as TestUser;
              await ledger.transfer({
                key: `tip:${id}`,
                kind: 'tip',
                currency: 'usdt',
                amount: o.amount,
                from: real(a),
                to: real(b),
              });
              add(a.id, -o.amount);
              add(b.id, o.amount);
            } else {
              const p = players[o.who] as TestUser;
              await ledger.transfer({
                key: `wd:${id}`,
                kind: 'withdrawal',
                currency: 'usdt',
                amount: o.amount,
                from: real(p),
                to: { system: 'chain' },
              });
              add(p.id, -o.amount);
              if (o.cancel) {
                await ledger.transfer({
                  key: `wd-refund:${id}`,
                  kind: 'withdrawal_refund',
                  currency: 'usdt',
                  amount: o.amount,
                  from: { system: 'chain' },
                  to: real(p),
                });
                add(p.id, o.amount);
              }
            }
          } catch (err) {
            if (!(err instanceof InsufficientFundsError)) throw err;
          }
        }
      }),
    );
    for (const p of players) expect(await balanceOf(p, 'usdt')).toBe(ack.get(p.id) ?? 0n);
    const deposits = await t.server.database.query<{ n: number; distinct_keys: number }>(
      "select count(*)::int as n, count(distinct idempotency_key)::int as distinct_keys from ledger_transfers where idempotency_key like 'load-dep:%'",
    );
    expect(deposits[0]?.n).toBe(deposits[0]?.distinct_keys);
    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
  }, 180_000);
});
