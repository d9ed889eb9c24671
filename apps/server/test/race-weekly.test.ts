import { RACE_PRIZE_SHARES_PERMILLE, type RaceLeaderboard } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { readLicenseSettings } from '../src/modules/platform/index.js';
import {
  raceConsumer,
  isRaceWeek,
  previousRaceWeek,
  racePrizes,
  raceStandings,
  raceWeekBounds,
  raceWeekOf,
  settleRaceWeek,
} from '../src/modules/race/index.js';
import { deliverWagers } from '../src/modules/wagers/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { catchUp } from './helpers/wagers.js';
import { seedPairs } from './helpers/bets.js';

/**
 * The weekly race: weeks in UTC, the spec's prize shares, the ranking by USD wagered in real bets,
 * and the payout of a closed week through the ledger, exactly once.
 */
let t: TestServer;
let ctx: AppContext;
const USDT = 100_000_000n;

beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
  await setRace({ reward: '1000', currency: 'usdt' });
});
afterAll(async () => {
  await t?.close();
});

async function setRace(settings: Record<string, unknown>, enabled = true) {
  const license = await readLicenseSettings(t.server.settings);
  await putSetting(t, 'license', { ...license, plugins: { ...license.plugins, race: enabled } });
  await putSetting(t, 'race.prize_pool', settings);
}

const seedPairOf = seedPairs();
/** Inserts a settled real (or demo) dice bet of `wagerUsd` USD at `at`. */
async function bet(u: TestUser, at: Date, wagerUsd: string, demo = false): Promise<string> {
  const db = t.server.database;
  const pair = await seedPairOf(db, u.id);
  const rows = await db.query<{ id: string }>(
    `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
       profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, created_at)
     values ($1, 'dice', 'usdt', $2, 100000000, 0, 0, 1, 0, -100000000, $3::bigint, $4, '{}'::jsonb, '{}'::jsonb,
       100, $5::numeric, $6::timestamptz)
     returning id::text as id`,
    [u.id, demo, pair.id, pair.nonce++, demo ? null : wagerUsd, at.toISOString()],
  );
  return rows[0]?.id as string;
}

const post = (u: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/leaderboard',
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
async function board(u: TestUser | null, week?: string): Promise<RaceLeaderboard> {
  const res = await post(u, { type: 'week', ...(week ? { week } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RaceLeaderboard;
}
const balance = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;
const raceTransfers = async (week: string) =>
  Number(
    (
      await t.server.database.query<{ n: string }>(
        'select count(*)::text as n from ledger_transfers where idempotency_key like $1',
        [`race:${week}:%`],
      )
    )[0]?.n,
  );
const hour = (week: string, h: number) => new Date(raceWeekBounds(week).start.getTime() + h * 3_600_000);

describe('weeks (UTC)', () => {
  it('run from Monday 00:00 to Sunday 24:00 UTC and are named by their Monday', () => {
    expect(raceWeekOf(new Date('2024-01-01T00:00:00.000Z'))).toBe('2024-01-01');
    expect(raceWeekOf(new Date('2024-01-07T23:59:59.999Z'))).toBe('2024-01-01');
    expect(raceWeekOf(new Date('2024-01-08T00:00:00.000Z'))).toBe('2024-01-08');
    expect(raceWeekOf(new Date('2024-03-03T12:00:00.000Z'))).toBe('2024-02-26');
    expect(raceWeekBounds('2024-01-01').end.toISOString()).toBe('2024-01-08T00:00:00.000Z');
    expect(previousRaceWeek('2024-01-01')).toBe('2023-12-25');
    expect(isRaceWeek('2024-01-01')).toBe(true);
    expect(isRaceWeek('2024-01-02')).toBe(false);
    expect(isRaceWeek('2024-02-30')).toBe(false);
  });
});

describe('prize shares (spec 3 section 9)', () => {
  it('are 40, 18, 11, 8, 6, 5, 4, 3, 2, 1, then 0.2 percent for places 11 to 20, 100 percent in all', () => {
    const percent = RACE_PRIZE_SHARES_PERMILLE.map((s) => s / 10);
    expect(percent).toEqual([
      40, 18, 11, 8, 6, 5, 4, 3, 2, 1, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2,
    ]);
    expect(RACE_PRIZE_SHARES_PERMILLE.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('split the pool exactly, rounding each prize down', () => {
    expect(racePrizes(1000n * USDT)).toEqual(
      [400, 180, 110, 80, 60, 50, 40, 30, 20, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2].map((p) => BigInt(p) * USDT),
    );
    const odd = racePrizes(999n);
    expect(odd).toEqual([399n, 179n, 109n, 79n, 59n, 49n, 39n, 29n, 19n, 9n, ...Array(10).fill(1n)]);
    expect(odd.reduce((a, b) => a + b, 0n)).toBeLessThanOrEqual(999n);
  });
});

describe('standings and payout of a closed week', () => {
  const WEEK = '2024-01-01';
  let users: TestUser[];

  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 23 }, () => createUser(t.server.database)));
    // users[i] wagers 100 * (23 - i) USD in two real bets: users[0] leads.
    for (const [i, u] of users.entries()) {
      const total = 100 * (23 - i);
      await bet(u, hour(WEEK, 1 + i), String(total / 2));
      await bet(u, hour(WEEK, 100 + i), String(total / 2));
    }
    // Never counted: demo bets, bets just before the week and at the next Monday 00:00.
    const last = users[22] as TestUser;
    await bet(last, hour(WEEK, 5), '1000000', true);
    await bet(last, new Date(raceWeekBounds(WEEK).start.getTime() - 1), '1000000');
    await bet(last, raceWeekBounds(WEEK).end, '1000000');
    // A tie: users[20] reaches users[19]'s total (400) later, so ranks after it.
    await bet(users[20] as TestUser, hour(WEEK, 150), '100');
  });

  it('ranks by USD wagered in real bets, ties to whoever got there first', async () => {
    const b = await board(null, WEEK);
    expect(b).toMatchObject({
      type: 'week',
      week: WEEK,
      startsAt: '2024-01-01T00:00:00.000Z',
      endsAt: '2024-01-08T00:00:00.000Z',
      status: 'closed',
      prizePool: { reward: '1000', currency: 'usdt' },
      me: null,
    });
    expect(b.prizes).toEqual([
      '400',
      '180',
      '110',
      '80',
      '60',
      '50',
      '40',
      '30',
      '20',
      '10',
      ...Array(10).fill('2'),
    ]);
    expect(b.entries).toHaveLength(20);
    expect(b.entries.map((e) => e.user._id)).toEqual(users.slice(0, 20).map((u) => u.id));
    expect(b.entries.map((e) => Number(e.wager_usd))).toEqual(
      Array.from({ length: 20 }, (_, i) => 100 * (23 - i)),
    );
    expect(b.entries.map((e) => e.prize)).toEqual(b.prizes);
    expect(b.entries[0]).toMatchObject({ place: 1, entry: { wager_usd: b.entries[0]?.wager_usd } });
    // The bet at the next Monday 00:00 UTC belongs to the next week.
    const next = await board(null, '2024-01-08');
    expect(next.entries.map((e) => [e.user._id, e.wager_usd])).toEqual([[users[22]?.id, '1000000']]);
  });

  it('gives the same standings whatever part is folded into race_wagers', async () => {
    const before = await raceStandings(t.server.database, WEEK, 25);
    expect(before).toHaveLength(23);
    await deliverWagers(t.server.database, raceConsumer, 17);
    expect(await raceStandings(t.server.database, WEEK, 25)).toEqual(before);
    // Until every record is folded: on PostgreSQL the stream's horizon is the cluster's oldest running
    // transaction, which another test file's database can hold back for a moment (seen in CI).
    await catchUp(t.server.database, raceConsumer);
    expect(await raceStandings(t.server.database, WEEK, 25)).toEqual(before);
    const folded = await t.server.database.query<{ n: string }>(
      "select count(*)::text as n from race_wagers where week = '2024-01-01'",
    );
    expect(folded[0]?.n).toBe('23');
  });

  it('shows the caller’s own standing and hides private players', async () => {
    const [first, , third] = users as [TestUser, TestUser, TestUser];
    await t.server.database.query('update users set private_bets = true where id = $1', [first.id]);
    const seenByThird = await board(third, WEEK);
    expect(seenByThird.me).toEqual({ place: 3, wager_usd: seenByThird.entries[2]?.wager_usd });
    expect(seenByThird.entries[0]?.user).toEqual({
      _id: '',
      name: 'Hidden',
      avatar: null,
      private_bets: true,
    });
    expect((await board(first, WEEK)).entries[0]?.user).toMatchObject({ _id: first.id, name: first.name });
    const mod = await createUser(t.server.database, { roles: ['player', 'chat_moderator'] });
    expect((await board(mod, WEEK)).entries[0]?.user._id).toBe(first.id);
    expect((await board(mod, WEEK)).me).toEqual({ place: null, wager_usd: '0' });
  });

  it('is not paid before the week is over plus the settle delay', async () => {
    const inside = new Date(raceWeekBounds(WEEK).end.getTime() + 60_000);
    expect(await settleRaceWeek(ctx, WEEK, { now: inside })).toEqual({
      week: WEEK,
      status: 'open',
      paid: [],
    });
    expect(await raceTransfers(WEEK)).toBe(0);
  });

  it('pays the top 20 from promotions once, however often it runs', async () => {
    const before = await Promise.all(users.map(balance));
    const first = await settleRaceWeek(ctx, WEEK);
    expect(first).toEqual({ week: WEEK, status: 'paid', paid: Array.from({ length: 20 }, (_, i) => i + 1) });
    const after = await Promise.all(users.map(balance));
    const prizes = racePrizes(1000n * USDT);
    expect(after.map((b, i) => b - (before[i] ?? 0n))).toEqual([...prizes, 0n, 0n, 0n]);
    expect(await raceTransfers(WEEK)).toBe(20);

    // Run again (and with another pool configured meanwhile): nothing moves.
    await setRace({ reward: '5000', currency: 'usdt' });
    expect(await settleRaceWeek(ctx, WEEK)).toEqual({ week: WEEK, status: 'paid', paid: [] });
    await setRace({ reward: '1000', currency: 'usdt' });
    expect(await Promise.all(users.map(balance))).toEqual(after);
    expect(await raceTransfers(WEEK)).toBe(20);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);

    const promotions = await t.server.database.query<{ total: string }>(
      `select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
         join ledger_accounts a on a.id = p.account_id where a.kind = 'promotions' and a.currency = 'usdt'`,
    );
    expect(BigInt(promotions[0]?.total ?? '0')).toBe(-1000n * USDT);

    const b = await board(users[1] as TestUser, WEEK);
    expect(b.status).toBe('paid');
    expect(b.entries.every((e) => e.paid === true)).toBe(true);
    expect(b.entries.map((e) => e.prize)).toEqual(b.prizes);
    expect(b.me).toMatchObject({ place: 2 });
  });

  it('pays once when two runs overlap', async () => {
    const week = '2024-02-05';
    const players = await Promise.all(Array.from({ length: 3 }, () => createUser(t.server.database)));
    for (const [i, u] of players.entries()) await bet(u, hour(week, 10 + i), String(300 - 100 * i));
    const runs = await Promise.all([
      settleRaceWeek(ctx, week),
      settleRaceWeek(ctx, week),
      settleRaceWeek(ctx, week),
    ]);
    expect(runs.flatMap((r) => r.paid).sort()).toEqual([1, 2, 3]);
    expect(await raceTransfers(week)).toBe(3);
    expect(await Promise.all(players.map(balance))).toEqual(racePrizes(1000n * USDT).slice(0, 3));
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });

  it('rounds each prize down and leaves the rest with promotions', async () => {
    const week = '2024-01-15';
    await setRace({ reward: '0.00000999', currency: 'usdt' });
    const [u] = await Promise.all([createUser(t.server.database)]);
    await bet(u as TestUser, hour(week, 3), '5');
    expect(await settleRaceWeek(ctx, week)).toMatchObject({ status: 'paid', paid: [1] });
    expect(await balance(u as TestUser)).toBe(399n);
    await setRace({ reward: '1000', currency: 'usdt' });
  });
});

describe('race plugin and bad input', () => {
  it('answers 404 race_disabled and pays nothing while the plugin is off', async () => {
    await setRace({ reward: '1000', currency: 'usdt' }, false);
    const res = await post(null, { type: 'week' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'race_disabled' });
    expect(await settleRaceWeek(ctx, '2024-01-22')).toMatchObject({ status: 'disabled' });
    await setRace({ reward: '1000', currency: 'usdt' });
  });

  it('the current week is running, with the countdown to Sunday 24:00 UTC', async () => {
    const b = await board(null);
    expect(b.status).toBe('running');
    expect(b.week).toBe(raceWeekOf(new Date(b.now)));
    expect(new Date(b.endsAt).getUTCDay()).toBe(1);
    expect(b.endsAt.endsWith('T00:00:00.000Z')).toBe(true);
  });

  it.each([
    { type: 'month' },
    {},
    { type: 'week', week: '2024-01-02' },
    { type: 'week', week: '2024-13-01' },
    { type: 'week', week: '2999-01-07' },
    { type: 'week', extra: 1 },
  ])('refuses %j with 422', async (bad) => {
    const res = await post(null, bad);
    expect(res.statusCode).toBe(422);
  });
});
