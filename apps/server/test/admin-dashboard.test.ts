import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RecentLedgerCheck, dailyWagersConsumer } from '../src/modules/dashboard/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { type WagerRecord, recordWager } from '../src/modules/wagers/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit, fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { catchUp } from './helpers/wagers.js';

/**
 * The back-office dashboard (issue G8 item 1): GGR per product and day from the wager stream's daily
 * table (exact to the cent), deposits, withdrawals, new and active players, pending withdrawals, the
 * ledger's health; bad input and permissions.
 */
let t: TestServer;
let admin: TestUser;
let player: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  player = await createUser(t.server.database);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const USDT = 100_000_000n;
const post = (who: TestUser | null, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/dashboard',
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
interface Day {
  day: string;
  ggrByProduct: Record<string, string>;
  wageredUsd: string;
  ggrUsd: string;
  bets: number;
  depositsUsd: string;
  withdrawalsUsd: string;
  newPlayers: number;
  activePlayers: number;
}
interface Dashboard {
  days: number;
  from: string;
  to: string;
  products: string[];
  series: Day[];
  totals: Record<string, string | number>;
  pendingWithdrawals: { count: number; usd: string };
  ledger: { ok: boolean; problems: number; transfers: number; checkedAt: string };
}
const read = async (payload: unknown = {}) => {
  const res = await post(admin, payload);
  expect(res.statusCode).toBe(200);
  return res.json() as Dashboard;
};
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

const bet = (
  userId: string,
  product: 'slots' | 'external-sports',
  wager: bigint,
  payout: bigint,
  wagerUsd: string,
  placedAt: Date,
  demo = false,
): WagerRecord => ({
  product,
  reference: `ref-${Math.random().toString(36).slice(2)}`,
  game: product === 'slots' ? 'test-slot' : 'external-sports',
  userId,
  currency: 'usdt',
  demo,
  wager,
  payout,
  multiplier: { num: payout, den: wager },
  params: {},
  outcome: {},
  houseEdgeBps: 0,
  wagerUsd: demo ? null : wagerUsd,
  placedAt: placedAt.toISOString(),
});

describe('admin dashboard', () => {
  it('refuses a guest (401) and a player (403), and bad input (422)', async () => {
    expect((await post(null)).statusCode).toBe(401);
    expect((await post(player)).statusCode).toBe(403);
    for (const days of [0, 91, 1.5, '30']) {
      const res = await post(admin, { days });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toHaveProperty('code');
    }
    expect((await post(admin, { days: 7, extra: 1 })).statusCode).toBe(422);
  });

  it('answers an empty window with zeros, 30 days by default, the ledger healthy', async () => {
    const d = await read();
    expect(d.days).toBe(30);
    expect(d.series).toHaveLength(30);
    expect(d.to).toBe(today());
    expect(d.series.at(-1)?.day).toBe(today());
    expect(d.totals.ggrUsd).toBe('0.00');
    expect(d.ledger).toMatchObject({ ok: true, problems: 0 });
    expect((await read({ days: 7 })).series).toHaveLength(7);
  });

  it('checks the ledger at most once a minute per server, and says when it did', async () => {
    const first = (await read()).ledger;
    expect(Date.parse(first.checkedAt)).toBeLessThanOrEqual(Date.now());
    await fund(t.server, player.id, 1_000_000n);
    // A refresh right after shows the same check (it reads every posting: not on every refresh).
    const second = (await read({ days: 7 })).ledger;
    expect(second).toEqual(first);
    // A check older than its maximum age runs again and sees the new transfer.
    const [cached, fresh] = [
      new RecentLedgerCheck(t.server.database),
      new RecentLedgerCheck(t.server.database, 0),
    ];
    const one = await cached.get();
    await fund(t.server, player.id, 1_000_000n);
    expect(await cached.get()).toBe(one);
    const again = await fresh.get();
    expect(again.check.transfers).toBe(one.check.transfers + 1);
    expect(again.checkedAt.getTime()).toBeGreaterThanOrEqual(one.checkedAt.getTime());
    expect((await fresh.get()).check.transfers).toBe(again.check.transfers);
  });

  it('gives the exact GGR per product and day of the settled real bets', async () => {
    const a = await createUser(t.server.database);
    const b = await createUser(t.server.database);
    const now = new Date();
    const before = daysAgo(2);
    await t.server.database.transaction(async (tx) => {
      // Slots today: 10.00 lost, 5.00 won 9.90 -> 10 + 5 - 9.90 = 5.10.
      await recordWager(tx, bet(a.id, 'slots', 10n * USDT, 0n, '10', now));
      await recordWager(tx, bet(b.id, 'slots', 5n * USDT, 990_000_000n, '5', now));
      // External sports today: 2.50 paying 1.25 -> 1.25.
      await recordWager(tx, bet(a.id, 'external-sports', 250_000_000n, 125_000_000n, '2.5', now));
      // Two days ago: slots 1.00 paying 3.00 (the house lost 2.00).
      await recordWager(tx, bet(a.id, 'slots', USDT, 3n * USDT, '1', before));
      // Demo: never counted.
      await recordWager(tx, bet(b.id, 'slots', 50n * USDT, 0n, '50', now, true));
    });
    await catchUp(t.server.database, dailyWagersConsumer);
    const d = await read({ days: 7 });
    expect(d.products).toEqual(['slots', 'external-sports']);
    const day = d.series.find((s) => s.day === today())!;
    expect(day.ggrByProduct).toEqual({ slots: '5.10', 'external-sports': '1.25' });
    expect(day).toMatchObject({ wageredUsd: '17.50', ggrUsd: '6.35', bets: 3, activePlayers: 2 });
    const earlier = d.series.find((s) => s.day === before.toISOString().slice(0, 10))!;
    expect(earlier).toMatchObject({
      ggrByProduct: { slots: '-2.00' },
      ggrUsd: '-2.00',
      wageredUsd: '1.00',
      bets: 1,
      activePlayers: 1,
    });
    expect(d.totals).toMatchObject({ wageredUsd: '18.50', ggrUsd: '4.35', bets: 4, activePlayers: 2 });
    // A one-day window holds only today's.
    const one = await read({ days: 1 });
    expect(one.series).toHaveLength(1);
    expect(one.totals).toMatchObject({ ggrUsd: '6.35', bets: 3 });

    // A second catch-up adds nothing: each record is applied once.
    await catchUp(t.server.database, dailyWagersConsumer);
    expect((await read({ days: 7 })).totals.ggrUsd).toBe('4.35');
  });

  it('counts deposits, withdrawals, pending withdrawals and new players', async () => {
    const first = await read({ days: 3 });
    const fresh = await createUser(t.server.database);
    await createUser(t.server.database);
    await creditedDeposit(t.server, fresh.id, 25n * USDT, 0);
    await creditedDeposit(t.server, fresh.id, (125n * USDT) / 10n, 0);
    await t.server.database.query(
      `insert into withdrawals (user_id, currency, chain, address, amount, fee, status, held, decided_at)
       values ($1, 'usdt', 'trx', 'TPaid', $2, 0, 1, true, now()),
              ($1, 'usdt', 'trx', 'TPending', $3, 0, 0, true, null)`,
      [fresh.id, (7n * USDT).toString(), (4n * USDT).toString()],
    );
    const d = await read({ days: 3 });
    const day = d.series.find((s) => s.day === today())!;
    const before = first.series.find((s) => s.day === today())!;
    expect(day.depositsUsd).toBe('37.50');
    expect(d.totals.deposits).toBe(2);
    expect(day.withdrawalsUsd).toBe('7.00');
    expect(d.totals.withdrawals).toBe(1);
    expect(d.pendingWithdrawals).toEqual({ count: 1, usd: '4.00' });
    expect(day.newPlayers - before.newPlayers).toBe(2);
    expect(Number(d.totals.players) - Number(first.totals.players)).toBe(2);
  });
});
