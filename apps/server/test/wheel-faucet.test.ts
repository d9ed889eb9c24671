import {
  FaucetCodes,
  FaucetMessages,
  WheelCodes,
  WheelMessages,
  faucetClaimSchema,
  ticketDataSchema,
  ticketSpinSchema,
} from '@nebula/contracts';
import { bonusWheelDraw } from '@nebula/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { grantTickets } from '../src/modules/wheel/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit } from './helpers/players.js';
import { blockPlayer } from './helpers/protection.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The bonus wheel and the faucet (issue 20 items 2-3, decision 0039): tickets (one after registration,
 * granted once per key, never below 0 under concurrent spins), a spin's prize recomputed from the revealed
 * seed and the published weights and credited once as bonus money capped by the VIP level, codes 1 and 3;
 * the faucet once per day under 20 concurrent claims, a deposit required (code 2), and a self-excluded
 * player refused both. The ledger's invariants hold after each.
 */
let t: TestServer;
const USDT = 100_000_000n;
const DEFAULT_PRIZES = [
  { usd: '0.10', weight: 40 },
  { usd: '0.25', weight: 25 },
  { usd: '0.50', weight: 17 },
  { usd: '1', weight: 10 },
  { usd: '2.50', weight: 6 },
  { usd: '5', weight: 2 },
];

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
  await putSetting(t, 'wheel.prizes', DEFAULT_PRIZES);
});

const post = (u: TestUser | null, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: u ? { authorization: `Bearer ${u.token}` } : {}, payload });
const codeOf = (res: { json(): unknown }) => (res.json() as { code?: unknown }).code;
const tickets = async (u: TestUser) =>
  ticketDataSchema.parse((await post(u, '/api/promocode/ticket/data')).json());
const bonusRows = (u: TestUser) =>
  t.server.database.query<{ amount: string; currency: string; source: string; status: string }>(
    "select amount::text as amount, currency, source, status from bonuses where user_id = $1 and source = 'wheel'",
    [u.id],
  );

describe('tickets', () => {
  it('a guest sees 0; a player gets one after registration, once; grants are once per key', async () => {
    const guest = ticketDataSchema.parse((await post(null, '/api/promocode/ticket/data')).json());
    expect(guest.model.tickets).toBe(0);
    expect(guest.maxReward).toBeNull();
    expect(guest.prizes.map((p) => [p.usd, p.weight])).toEqual(
      DEFAULT_PRIZES.map((p) => [String(Number(p.usd)), p.weight]),
    );

    const u = await createUser(t.server.database);
    expect((await tickets(u)).model.tickets).toBe(1);
    expect((await tickets(u)).model.tickets).toBe(1);
    // Level 0 caps each prize at its bonusWheelMaxReward ($1 by default).
    const data = await tickets(u);
    expect(data.maxReward).toBe('1');
    expect(data.prizes.map((p) => p.value)).toEqual(['0.1', '0.25', '0.5', '1', '1', '1']);

    expect(await grantTickets(t.server.database, u.id, 2, `test:${u.id}:a`)).toBe(true);
    expect(await grantTickets(t.server.database, u.id, 2, `test:${u.id}:a`)).toBe(false);
    expect((await tickets(u)).model.tickets).toBe(3);
  });

  it('a guest spinning must sign in', async () => {
    const res = await post(null, '/api/promocode/ticket/spin');
    expect(res.statusCode).toBe(401);
  });
});

describe('a spin', () => {
  it('draws from the seed pair: the prize recomputes from the revealed seed and the published weights', async () => {
    const u = await createUser(t.server.database);
    const seeds = (await post(u, '/api/fairness/seeds')).json() as {
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
    };
    const res = await post(u, '/api/promocode/ticket/spin');
    expect(res.statusCode, res.body).toBe(200);
    const spin = ticketSpinSchema.parse(res.json());
    expect(spin.tickets).toBe(0);
    expect([spin.serverSeedHash, spin.clientSeed, spin.nonce]).toEqual([
      seeds.serverSeedHash,
      seeds.clientSeed,
      seeds.nonce,
    ]);
    expect(spin.weights).toEqual(DEFAULT_PRIZES.map((p) => p.weight));

    // Reveal the seed and replay the draw as the fairness page does.
    const rotated = (await post(u, '/api/fairness/rotate', {})).json() as {
      previous: { serverSeed: string; serverSeedHash: string; nonce: number };
    };
    expect(rotated.previous.serverSeedHash).toBe(spin.serverSeedHash);
    const replay = bonusWheelDraw(rotated.previous.serverSeed, spin.clientSeed, spin.nonce, spin.weights);
    expect([replay.segment, replay.prize]).toEqual([spin.segment, spin.prize]);
    expect(rotated.previous.nonce).toBe(spin.nonce + 1);

    // Credited once as bonus money: the prize capped at level 0's $1, in USDT at $1.
    const capped = Math.min(Number(DEFAULT_PRIZES[spin.prize]!.usd), 1);
    expect(Number(spin.usd)).toBe(capped);
    expect(spin.currency).toBe('usdt');
    const rows = await bonusRows(u);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      currency: 'usdt',
      status: 'active',
      amount: String(BigInt(Math.round(capped * 100)) * (USDT / 100n)),
    });
    expect((await t.server.ledger.balances(u.id)).usdt?.bonus).toBe(BigInt(rows[0]!.amount));
  });

  it('no ticket: code 1 with the spec text; a ticket while a bonus is active: code 3', async () => {
    const u = await createUser(t.server.database);
    expect((await post(u, '/api/promocode/ticket/spin')).statusCode).toBe(200);
    const none = await post(u, '/api/promocode/ticket/spin');
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ code: WheelCodes.noTickets, message: WheelMessages.otherFailure });
    await grantTickets(t.server.database, u.id, 1, `test:${u.id}:b`);
    const busy = await post(u, '/api/promocode/ticket/spin');
    expect(busy.json()).toEqual({
      code: 3,
      message: 'Use available deposit bonus before spinning the wheel.',
    });
    expect((await tickets(u)).model.tickets).toBe(1);
  });

  it('tickets never go below 0: 12 concurrent spins with 3 tickets spin 3 times, on 3 nonces', async () => {
    // Prizes of $0 credit no bonus, so an active bonus does not stop the later spins.
    await putSetting(
      t,
      'wheel.prizes',
      DEFAULT_PRIZES.map((p) => ({ ...p, usd: '0' })),
    );
    const u = await createUser(t.server.database);
    await grantTickets(t.server.database, u.id, 2, `test:${u.id}:c`);
    expect((await tickets(u)).model.tickets).toBe(3);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(u, '/api/promocode/ticket/spin')),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => ticketSpinSchema.parse(r.json()));
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 200).map(codeOf)).toEqual(
      Array(9).fill(WheelCodes.noTickets),
    );
    expect(new Set(ok.map((s) => s.nonce)).size).toBe(3);
    expect(ok.map((s) => s.tickets).sort()).toEqual([0, 1, 2]);
    expect((await tickets(u)).model.tickets).toBe(0);
    expect(await bonusRows(u)).toEqual([]);
  });
});

describe('the faucet', () => {
  it('requires a deposit (code 2), pays once under 20 concurrent claims, then counts down', async () => {
    const u = await createUser(t.server.database);
    const first = await post(u, '/api/promocode/bonus');
    expect(first.statusCode).toBe(422);
    expect(first.json()).toEqual({
      code: FaucetCodes.depositRequired,
      message: FaucetMessages.depositRequired,
    });

    await creditedDeposit(t.server, u.id, 20n * USDT, 1);
    const before = (await t.server.ledger.balances(u.id)).usdt!.real;
    const results = await Promise.all(Array.from({ length: 20 }, () => post(u, '/api/promocode/bonus')));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json())).toEqual(
      Array(19).fill({ code: FaucetCodes.notYet, message: FaucetMessages.notYet }),
    );
    const claim = faucetClaimSchema.parse(ok[0]!.json());
    expect(claim.currency).toBe('usdt');
    expect(claim.next).toBeGreaterThan(23 * 3600);
    expect(claim.next).toBeLessThanOrEqual(24 * 3600);
    // Level 0: at most $0.02, at least 25 % of it.
    const paid = BigInt(Math.round(Number(claim.value) * 1e8));
    expect(paid).toBeGreaterThanOrEqual((2n * USDT) / 100n / 4n);
    expect(paid).toBeLessThanOrEqual((2n * USDT) / 100n);
    expect((await t.server.ledger.balances(u.id)).usdt!.real - before).toBe(paid);
    const transfers = await t.server.database.query<{ n: number }>(
      "select count(*)::int as n from ledger_transfers where idempotency_key like 'faucet:%' and metadata->>'claim' in (select id::text from faucet_claims where user_id = $1)",
      [u.id],
    );
    expect(transfers[0]!.n).toBe(1);

    // Me carries the next claim time (the dialog counts it down).
    const me = (await post(u, '/auth/update')).json() as { user: { bonus_claim: string | null } };
    expect(new Date(me.user.bonus_claim!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // A day later it pays again.
    await t.server.database.query(
      "update faucet_state set next_at = now() - interval '1 second' where user_id = $1",
      [u.id],
    );
    expect((await post(u, '/api/promocode/bonus')).statusCode).toBe(200);
  });
});

describe('player protection', () => {
  it('a self-excluded player can neither spin nor claim', async () => {
    const u = await createUser(t.server.database);
    await creditedDeposit(t.server, u.id, 20n * USDT, 1);
    await blockPlayer(t.server.database, u.id, '7 days');
    for (const url of ['/api/promocode/ticket/spin', '/api/promocode/bonus']) {
      const res = await post(u, url);
      expect([res.statusCode, codeOf(res)], res.body).toEqual([403, 'self_excluded']);
    }
    expect(await bonusRows(u)).toEqual([]);
    expect((await tickets(u)).model.tickets).toBe(1);
  });
});
