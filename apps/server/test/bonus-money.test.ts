import { BonusMessages, ErrorCode, WithdrawCodes, bonusBalanceSchema } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WAGERING_WEIGHTS,
  bonusWageringConsumer,
  countedStake,
  depositBonusAmount,
  sweepBonuses,
  weightOf,
} from '../src/modules/bonus/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit, fund } from './helpers/players.js';
import { catchUp } from './helpers/wagers.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { loadAuthUser } from '../src/modules/auth/index.js';

/**
 * Bonus money (issue G6 items 2-3): a deposit promotion opted in to, its bonus credited once from
 * promotions when the deposit is credited, wagered (weighted) through to one transfer to the real
 * balance, excluded games, the $10 reset, cancel and expiry forfeiting exactly what is left, one bonus
 * per person across linked accounts, withdrawals refused while a bonus is active, and 50 concurrent
 * bets around the moment the requirement is met. The ledger's invariants hold after each.
 */
let t: TestServer;
let ctx: AppContext;
const USDT = 100_000_000n;
const PROMO = {
  id: 'welcome',
  name: 'First deposit bonus',
  description: 'Matched 100% up to $500.',
  percent: 100,
  max: '500',
  minDeposit: '10',
  multiplier: 2,
  expiryDays: 30,
};

beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
  await putSetting(t, 'bonus.deposit_promotions', [PROMO]);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

const post = (u: TestUser | null, url: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload,
  });
const balances = async (u: TestUser) =>
  (await t.server.ledger.balances(u.id)).usdt ?? { real: 0n, bonus: 0n, demo: 0n, rakeback: 0n, held: 0n };
const transfers = async (like: string) =>
  (
    await t.server.database.query<{ n: number; sum: string | null }>(
      'select count(*)::int as n, sum(amount)::text as sum from ledger_transfers where idempotency_key like $1',
      [like],
    )
  )[0]!;
const bonusRow = async (u: TestUser) =>
  (
    await t.server.database.query<{
      id: string;
      status: string;
      amount: string;
      wagering_required: string;
      wagering_done: string;
      closed_amount: string | null;
    }>(
      `select id::text as id, status, amount::text as amount, wagering_required::text as wagering_required,
              wagering_done::text as wagering_done, closed_amount::text as closed_amount
         from bonuses where user_id = $1 order by created_at desc limit 1`,
      [u.id],
    )
  )[0];
const consumer = () => bonusWageringConsumer(ctx);
const optInStatus = async (u: TestUser) =>
  (
    await t.server.database.query<{ status: string }>('select status from bonus_opt_ins where user_id = $1', [
      u.id,
    ])
  )[0]?.status;
/** What the player's real bets paid out less what they staked (atomic units). */
const netOfBets = async (u: TestUser) =>
  BigInt(
    (
      await t.server.database.query<{ net: string }>(
        'select coalesce(sum(payout - wager), 0)::text as net from bets where user_id = $1 and not demo',
        [u.id],
      )
    )[0]!.net,
  );
const dice = (bet: string) => ({
  api_id: 'dice',
  bet,
  demo: false,
  currency: 'usdt',
  quick: true,
  data: { target: 200, condition: 'over' },
});

/** A player opted in to the promotion, with `deposit` USDT credited after the opt-in and the bonus awarded. */
async function bonusPlayer(deposit = 100n * USDT, extraReal = 0n): Promise<TestUser> {
  const u = await createUser(t.server.database);
  const opt = await post(u, '/api/data/promotions/depositOptIn', { id: PROMO.id });
  expect(opt.statusCode, opt.body).toBe(200);
  await t.server.database.query(
    "update bonus_opt_ins set opted_at = now() - interval '1 minute' where user_id = $1",
    [u.id],
  );
  await creditedDeposit(t.server, u.id, deposit, 0);
  if (extraReal > 0n) await fund(t.server, u.id, extraReal);
  await sweepBonuses(ctx);
  return u;
}

describe('deposit promotions', () => {
  it('show the offer, require login to opt in, and credit the bonus once from promotions', async () => {
    const guestView = await post(null, '/api/data/promotions/depositBonus');
    expect(guestView.statusCode).toBe(200);
    expect(guestView.json()).toMatchObject({ model: { _id: 'welcome', max: '500', multiplier: 2 } });
    const guest = await post(null, '/api/data/promotions/depositOptIn', { id: 'welcome' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: ErrorCode.Unauthenticated, message: BonusMessages.login });

    const u = await createUser(t.server.database);
    expect((await post(u, '/api/data/promotions/depositBonus')).json()).toMatchObject({
      state: { checkedIn: false },
    });
    expect((await post(u, '/api/data/promotions/depositOptIn', { id: 'nope' })).statusCode).toBe(404);
    expect((await post(u, '/api/data/promotions/depositOptIn', { id: 'welcome' })).statusCode).toBe(200);
    // Opting in again while waiting is no error.
    expect((await post(u, '/api/data/promotions/depositOptIn', { id: 'welcome' })).statusCode).toBe(200);
    expect((await post(u, '/api/data/promotions/depositBonus')).json()).toMatchObject({
      model: { _id: 'welcome' },
      state: { checkedIn: true },
    });
    await t.server.database.query(
      "update bonus_opt_ins set opted_at = now() - interval '1 minute' where user_id = $1",
      [u.id],
    );
    // A deposit below the $10 minimum does not qualify; the next one does. (The server's own sweep job
    // runs too: the tests check states and transfers, never which run did the work.)
    await creditedDeposit(t.server, u.id, 5n * USDT, 0);
    await sweepBonuses(ctx);
    expect(await optInStatus(u)).toBe('waiting');
    expect(await bonusRow(u)).toBeUndefined();
    await creditedDeposit(t.server, u.id, 40n * USDT, 0);
    await sweepBonuses(ctx);
    await sweepBonuses(ctx);
    expect(await optInStatus(u)).toBe('credited');

    const list = (await post(u, '/api/bonusBalance')).json();
    expect(bonusBalanceSchema.parse(list)).toEqual([
      expect.objectContaining({
        currency: 'usdt',
        value: '40',
        frozenValue: '0',
        source: 'deposit',
        wagering: { required: '80', done: '0' },
      }),
    ]);
    expect((await balances(u)).bonus).toBe(40n * USDT);
    const id = list[0]._id as string;
    expect(await transfers(`bonus:${id}:credit`)).toEqual({ n: 1, sum: (40n * USDT).toString() });
    // Received: the offer is gone and cannot be taken again.
    expect((await post(u, '/api/data/promotions/depositBonus')).json()).toEqual({
      model: null,
      state: { checkedIn: false },
    });
    const again = await post(u, '/api/data/promotions/depositOptIn', { id: 'welcome' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BonusMessages.alreadyUsed);
  });

  it('caps the bonus at the max in USD and pays one bonus per person across linked accounts', async () => {
    expect(depositBonusAmount(2_000n * USDT, PROMO, '1', 8)).toBe(500n * USDT);
    expect(depositBonusAmount(20n * USDT, { ...PROMO, percent: 50 }, '1', 8)).toBe(10n * USDT);
    await putSetting(t, 'security', { maxAccountsPerIp: 3 });
    try {
      const a = await createUser(t.server.database);
      const b = await createUser(t.server.database);
      await t.server.database.query("update users set registration_ip = '203.0.113.9' where id = any($1)", [
        [a.id, b.id],
      ]);
      for (const u of [a, b])
        expect((await post(u, '/api/data/promotions/depositOptIn', { id: 'welcome' })).statusCode).toBe(200);
      await t.server.database.query(
        "update bonus_opt_ins set opted_at = now() - interval '1 minute' where user_id = any($1)",
        [[a.id, b.id]],
      );
      await creditedDeposit(t.server, a.id, 50n * USDT, 0);
      await creditedDeposit(t.server, b.id, 50n * USDT, 0);
      await sweepBonuses(ctx);
      const states = await t.server.database.query<{ user_id: string; status: string; note: string | null }>(
        'select user_id::text as user_id, status, note from bonus_opt_ins where user_id = any($1)',
        [[a.id, b.id]],
      );
      expect(states.map((s) => s.status).sort()).toEqual(['credited', 'refused']);
      const c = await createUser(t.server.database);
      await t.server.database.query("update users set registration_ip = '203.0.113.9' where id = $1", [c.id]);
      const third = await post(c, '/api/data/promotions/depositOptIn', { id: 'welcome' });
      expect(third.statusCode).toBe(409);
      expect((await post(c, '/api/data/promotions/depositBonus')).json().model).toBeNull();
    } finally {
      await putSetting(t, 'security', {});
    }
  });
});

describe('wagering a bonus through', () => {
  it('counts weighted real stakes and transfers what is left to the real balance exactly once', async () => {
    const u = await bonusPlayer(20n * USDT, 1_000n * USDT);
    const row = await bonusRow(u);
    expect(row).toMatchObject({ status: 'active', amount: (20n * USDT).toString() });
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    const engine = new GameEngine(ctx);
    // 40 USDT to wager: 7 bets of 6.
    for (let i = 0; i < 6; i++) await engine.play(auth, dice('6'));
    await catchUp(t.server.database, consumer());
    expect((await bonusRow(u))!.wagering_done).toBe((36n * USDT).toString());
    await sweepBonuses(ctx);
    expect((await bonusRow(u))!.status).toBe('active');
    await engine.play(auth, dice('6'));
    await catchUp(t.server.database, consumer());
    await sweepBonuses(ctx);
    await sweepBonuses(ctx);
    const after = await balances(u);
    expect(after.bonus).toBe(0n);
    // The deposit, the extra funds, the bets' net result and the bonus, exactly.
    expect(after.real).toBe(20n * USDT + 1_000n * USDT + (await netOfBets(u)) + 20n * USDT);
    expect(await transfers(`bonus:${row!.id}:transfer`)).toEqual({ n: 1, sum: (20n * USDT).toString() });
    expect(await bonusRow(u)).toMatchObject({ status: 'converted', closed_amount: (20n * USDT).toString() });
    expect((await post(u, '/api/bonusBalance')).json()).toEqual([]);
  });

  it('does not count excluded games (operator weights; card and live games count 0 by default)', async () => {
    expect(weightOf(DEFAULT_WAGERING_WEIGHTS, { product: 'extended', game: 'blackjack' })).toBe(0);
    expect(weightOf(DEFAULT_WAGERING_WEIGHTS, { product: 'originals', game: 'videopoker' })).toBe(0);
    expect(weightOf(DEFAULT_WAGERING_WEIGHTS, { product: 'slots', game: 'x-roulette' }, 'live')).toBe(0);
    expect(weightOf(DEFAULT_WAGERING_WEIGHTS, { product: 'originals', game: 'dice' })).toBe(100);
    expect(weightOf(DEFAULT_WAGERING_WEIGHTS, { product: 'poker' as never, game: 'holdem' })).toBe(0);
    expect(countedStake(999n, 50)).toBe(499n);

    const u = await bonusPlayer(20n * USDT, 100n * USDT);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    await putSetting(t, 'bonus.wagering_weights', { ...DEFAULT_WAGERING_WEIGHTS, games: { dice: 0 } });
    try {
      await new GameEngine(ctx).play(auth, dice('5'));
      await catchUp(t.server.database, consumer());
      expect((await bonusRow(u))!.wagering_done).toBe('0');
      await putSetting(t, 'bonus.wagering_weights', { ...DEFAULT_WAGERING_WEIGHTS, games: { dice: 50 } });
      await new GameEngine(ctx).play(auth, dice('5'));
      await catchUp(t.server.database, consumer());
      expect((await bonusRow(u))!.wagering_done).toBe((250n * USDT) / 100n + '');
    } finally {
      await putSetting(t, 'bonus.wagering_weights', DEFAULT_WAGERING_WEIGHTS);
    }
  });

  it('stakes placed before the bonus existed do not count', async () => {
    const u = await createUser(t.server.database);
    await fund(t.server, u.id, 100n * USDT);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    await new GameEngine(ctx).play(auth, dice('5'));
    await post(u, '/api/data/promotions/depositOptIn', { id: 'welcome' });
    await t.server.database.query(
      "update bonus_opt_ins set opted_at = now() - interval '1 minute' where user_id = $1",
      [u.id],
    );
    await creditedDeposit(t.server, u.id, 20n * USDT, 0);
    await sweepBonuses(ctx);
    await catchUp(t.server.database, consumer());
    expect((await bonusRow(u))!.wagering_done).toBe('0');
  });
});

describe('ending a bonus without its wagering', () => {
  it('resets below $10 once played down: what is left is forfeited exactly', async () => {
    const u = await bonusPlayer(20n * USDT);
    const row = (await bonusRow(u))!;
    // A bonus of $20 is not below $10; nothing happens.
    await sweepBonuses(ctx);
    expect((await bonusRow(u))!.status).toBe('active');
    // Bonus-funded losses take it down to $9.5 (the stake's transfer: bonus account to the house).
    await t.server.ledger.transfer({
      key: `test-bonus-stake:${row.id}`,
      kind: 'bet',
      currency: 'usdt',
      amount: 1_050_000_000n,
      from: { user: u.id, kind: 'bonus' },
      to: { system: 'house' },
    });
    await sweepBonuses(ctx);
    expect(await transfers(`bonus:${row.id}:forfeit`)).toEqual({ n: 1, sum: '950000000' });
    expect(await bonusRow(u)).toMatchObject({ status: 'reset', closed_amount: '950000000' });
    expect((await balances(u)).bonus).toBe(0n);
  });

  it('cancel forfeits exactly what is left, once, and only the owner can', async () => {
    const u = await bonusPlayer(30n * USDT);
    const other = await createUser(t.server.database);
    const row = (await bonusRow(u))!;
    expect((await post(other, '/api/cancelBonus', { id: row.id })).statusCode).toBe(404);
    expect((await post(u, '/api/cancelBonus', { id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await post(null, '/api/cancelBonus', { id: row.id })).statusCode).toBe(401);
    const [first, second] = await Promise.all([
      post(u, '/api/cancelBonus', { id: row.id }),
      post(u, '/api/cancelBonus', { id: row.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    expect(await transfers(`bonus:${row.id}:forfeit`)).toEqual({ n: 1, sum: (30n * USDT).toString() });
    expect(await bonusRow(u)).toMatchObject({ status: 'cancelled' });
    expect((await balances(u)).bonus).toBe(0n);
    expect((await balances(u)).real).toBe(30n * USDT); // the deposit itself stays
  });

  it('expiry forfeits exactly what is left', async () => {
    const u = await bonusPlayer(25n * USDT);
    const row = (await bonusRow(u))!;
    await t.server.database.query(
      "update bonuses set expires_at = now() - interval '1 second' where id = $1",
      [row.id],
    );
    await sweepBonuses(ctx);
    await sweepBonuses(ctx);
    expect(await transfers(`bonus:${row.id}:forfeit`)).toEqual({ n: 1, sum: (25n * USDT).toString() });
    expect(await bonusRow(u)).toMatchObject({ status: 'expired' });
  });

  it('refuses a withdrawal while a bonus is active, with a clear message', async () => {
    const u = await bonusPlayer(50n * USDT);
    const res = await post(u, '/api/wallet/withdraw', {
      sum: '20',
      currency: 'usdt',
      chain: 'trx',
      wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: WithdrawCodes.wager, message: BonusMessages.withdrawal });
  });
});

describe('50 concurrent bets around the moment the requirement is met', () => {
  it('transfer once and every bet is funded', async () => {
    const u = await bonusPlayer(20n * USDT, 500n * USDT);
    const row = (await bonusRow(u))!;
    // 1 USDT short of the 40 USDT requirement.
    await t.server.database.query(
      'update bonuses set wagering_done = wagering_required - $2::numeric where id = $1',
      [row.id, USDT.toString()],
    );
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    const engine = new GameEngine(ctx);
    const start = await balances(u);
    const sweeps: Promise<unknown>[] = [];
    const bets = Array.from({ length: 50 }, async (_, i) => {
      if (i % 10 === 5) {
        sweeps.push(catchUp(t.server.database, consumer()).then(() => sweepBonuses(ctx)));
      }
      return engine.play(auth, dice('1'));
    });
    const settled = await Promise.allSettled(bets);
    await Promise.all(sweeps);
    await catchUp(t.server.database, consumer());
    await sweepBonuses(ctx);
    await sweepBonuses(ctx);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(await transfers(`bonus:${row.id}:transfer`)).toEqual({ n: 1, sum: (20n * USDT).toString() });
    const end = await balances(u);
    const net = await t.server.database.query<{ net: string }>(
      'select coalesce(sum(payout - wager), 0)::text as net from bets where user_id = $1 and not demo',
      [u.id],
    );
    expect(end.real).toBe(start.real + start.bonus + BigInt(net[0]!.net));
    expect(end.bonus).toBe(0n);
    expect(await bonusRow(u)).toMatchObject({ status: 'converted' });
  });
});

/** The bonus player's real balance brought down to `left` (a test transfer to the house). */
async function spendRealDownTo(u: TestUser, left: bigint): Promise<void> {
  const real = (await balances(u)).real;
  if (real > left)
    await t.server.ledger.transfer({
      key: `test-spend:${u.id}:${real}`,
      kind: 'bet',
      currency: 'usdt',
      amount: real - left,
      from: { user: u.id, kind: 'real' },
      to: { system: 'house' },
    });
}
const betRows = async (u: TestUser) =>
  t.server.database.query<{ id: string; wager: string; payout: string; bonus_wager: string }>(
    `select id::text as id, wager::text as wager, payout::text as payout, bonus_wager::text as bonus_wager
       from bets where user_id = $1 and not demo order by id`,
    [u.id],
  );
const transferOf = async (key: string) =>
  (
    await t.server.database.query<{ amount: string; debit: string; credit: string }>(
      `select t.amount::text as amount,
              (select a.kind from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where p.transfer_id = t.id and p.amount < 0) as debit,
              (select a.kind from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where p.transfer_id = t.id and p.amount > 0) as credit
         from ledger_transfers t where t.idempotency_key = $1`,
      [key],
    )
  )[0];
/**
 * Each bet's money is what its record says: the real part `bet:{id}:wager`, the bonus part
 * `bet:{id}:wager:bonus` (= bonus_wager), the payout's bonus share floor(payout * bonus_wager / wager)
 * `bet:{id}:payout:bonus` and the rest `bet:{id}:payout`, exactly.
 */
async function expectFundedExactly(u: TestUser): Promise<{ bonusWagered: bigint }> {
  let bonusWagered = 0n;
  for (const b of await betRows(u)) {
    const wager = BigInt(b.wager);
    const payout = BigInt(b.payout);
    const bw = BigInt(b.bonus_wager);
    bonusWagered += bw;
    const share = bw > 0n ? (payout * bw) / wager : 0n;
    const amount = async (step: string) => BigInt((await transferOf(`bet:${b.id}:${step}`))?.amount ?? '0');
    expect(await amount('wager')).toBe(wager - bw);
    expect(await amount('wager:bonus')).toBe(bw);
    expect(await amount('payout:bonus')).toBe(share);
    expect(await amount('payout')).toBe(payout - share);
    if (bw > 0n) expect(await transferOf(`bet:${b.id}:wager:bonus`)).toMatchObject({ debit: 'bonus' });
    if (share > 0n) expect(await transferOf(`bet:${b.id}:payout:bonus`)).toMatchObject({ credit: 'bonus' });
  }
  return { bonusWagered };
}

describe('stakes funded by bonus money (decision 0036)', () => {
  it('take real money first, then bonus money, and return the payout shares exactly', async () => {
    const u = await bonusPlayer(20n * USDT);
    await spendRealDownTo(u, 5n * USDT);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    for (const groupCommit of [false, true]) {
      const engine = new GameEngine(ctx, { groupCommit });
      // 5 real + 2.5 bonus; then (after the payout) whatever real is left and the rest from bonus.
      await engine.play(auth, dice('7.5'));
    }
    const rows = await betRows(u);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.bonus_wager).toBe((25n * USDT) / 10n + '');
    expect(BigInt(rows[1]!.bonus_wager)).toBeGreaterThan(0n);
    await expectFundedExactly(u);
    // Where the money is: real = 5 - real parts + real shares; bonus = 20 - bonus parts + bonus shares.
    const net = { real: 0n, bonus: 0n };
    for (const b of rows) {
      const bw = BigInt(b.bonus_wager);
      const share = (BigInt(b.payout) * bw) / BigInt(b.wager);
      net.bonus += share - bw;
      net.real += BigInt(b.payout) - share - (BigInt(b.wager) - bw);
    }
    const after = await balances(u);
    expect(after.real).toBe(5n * USDT + net.real);
    expect(after.bonus).toBe(20n * USDT + net.bonus);
    // The stream carries the bonus-funded part; wagering counts every stake (weighted), bonus-funded too.
    await catchUp(t.server.database, consumer());
    expect((await bonusRow(u))!.wagering_done).toBe((15n * USDT).toString());
  });

  it('a player with only bonus money plays from it; real money only when it covers the stake', async () => {
    const u = await bonusPlayer(20n * USDT);
    await spendRealDownTo(u, 0n);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    const res = await new GameEngine(ctx, { groupCommit: true }).play(auth, dice('3'));
    expect(res).toMatchObject({ type: 'single' });
    const [row] = await betRows(u);
    expect(row!.bonus_wager).toBe((3n * USDT).toString());
    await expectFundedExactly(u);
    // A winning dice bet pays its whole payout back to bonus money (nothing of it was real).
    expect((await balances(u)).real).toBe(0n);
    expect((await balances(u)).bonus).toBe(17n * USDT + BigInt(row!.payout));
  });

  it('answers Not enough money only when real + bonus cannot cover it, and moves nothing then', async () => {
    const u = await bonusPlayer(20n * USDT);
    await spendRealDownTo(u, 1n * USDT);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    const before = await balances(u);
    await expect(new GameEngine(ctx).play(auth, dice('21.00000001'))).rejects.toMatchObject({
      code: -4,
      message: 'Not enough money',
    });
    expect(await balances(u)).toEqual(before);
    expect(await betRows(u)).toEqual([]);
    // Exactly real + bonus is covered.
    await new GameEngine(ctx).play(auth, dice('21'));
    expect((await betRows(u))[0]!.bonus_wager).toBe((20n * USDT).toString());
    await expectFundedExactly(u);
  });

  it('bonus money never plays a game whose wagering weight is 0', async () => {
    const u = await bonusPlayer(20n * USDT);
    await spendRealDownTo(u, 1n * USDT);
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    await putSetting(t, 'bonus.wagering_weights', { ...DEFAULT_WAGERING_WEIGHTS, games: { dice: 0 } });
    try {
      await expect(new GameEngine(ctx).play(auth, dice('2'))).rejects.toMatchObject({ code: -4 });
      await new GameEngine(ctx).play(auth, dice('1'));
      expect((await betRows(u))[0]!.bonus_wager).toBe('0');
      expect((await balances(u)).bonus).toBe(20n * USDT);
    } finally {
      await putSetting(t, 'bonus.wagering_weights', DEFAULT_WAGERING_WEIGHTS);
    }
  });

  it('cancel and expiry forfeit exactly what bonus-funded bets left of the bonus', async () => {
    for (const ending of ['cancel', 'expiry'] as const) {
      const u = await bonusPlayer(20n * USDT);
      await spendRealDownTo(u, 2n * USDT);
      const auth = (await loadAuthUser(t.server.database, u.id))!;
      const engine = new GameEngine(ctx);
      for (let i = 0; i < 3; i++) await engine.play(auth, dice('3'));
      await expectFundedExactly(u);
      const left = (await balances(u)).bonus;
      expect(left).not.toBe(20n * USDT);
      const row = (await bonusRow(u))!;
      if (ending === 'cancel')
        expect((await post(u, '/api/cancelBonus', { id: row.id })).statusCode).toBe(200);
      else {
        await t.server.database.query(
          "update bonuses set expires_at = now() - interval '1 second' where id = $1",
          [row.id],
        );
        await sweepBonuses(ctx);
      }
      expect(await transfers(`bonus:${row.id}:forfeit`)).toEqual({ n: 1, sum: left.toString() });
      expect(await bonusRow(u)).toMatchObject({
        status: ending === 'cancel' ? 'cancelled' : 'expired',
        closed_amount: left.toString(),
      });
      expect((await balances(u)).bonus).toBe(0n);
      // With the bonus gone, a bet the real balance does not cover is refused.
      const real = (await balances(u)).real;
      await expect(engine.play(auth, dice(toUsdt(real + 1n)))).rejects.toMatchObject({ code: -4 });
    }
  });

  it('50 concurrent bonus-funded bets around the conversion: one transfer, every bet funded', async () => {
    const u = await bonusPlayer(20n * USDT);
    // A quarter of the first stake is real: the bets take bonus money until the bonus converts.
    await spendRealDownTo(u, USDT / 8n);
    const row = (await bonusRow(u))!;
    await t.server.database.query(
      'update bonuses set wagering_done = wagering_required - $2::numeric where id = $1',
      [row.id, USDT.toString()],
    );
    const auth = (await loadAuthUser(t.server.database, u.id))!;
    const engine = new GameEngine(ctx);
    const start = await balances(u);
    const sweeps: Promise<unknown>[] = [];
    // 50 x 0.5 = 25 USDT at a 98% win chance: the bonus (20) and the real money it converts to cover them.
    const bets = Array.from({ length: 50 }, async (_, i) => {
      if (i % 10 === 5) sweeps.push(catchUp(t.server.database, consumer()).then(() => sweepBonuses(ctx)));
      return engine.play(auth, dice('0.5'));
    });
    const settled = await Promise.allSettled(bets);
    await Promise.all(sweeps);
    await catchUp(t.server.database, consumer());
    await sweepBonuses(ctx);
    await sweepBonuses(ctx);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(await betRows(u)).toHaveLength(50);
    const { bonusWagered } = await expectFundedExactly(u);
    expect(bonusWagered).toBeGreaterThan(0n);
    const closed = await bonusRow(u);
    expect(closed).toMatchObject({ status: 'converted' });
    expect(await transfers(`bonus:${row.id}:transfer`)).toEqual({ n: 1, sum: closed!.closed_amount });
    const end = await balances(u);
    expect(end.bonus).toBe(0n);
    expect(end.real).toBe(start.real + start.bonus + (await netOfBets(u)));
  });
});

const toUsdt = (atomic: bigint) => `${atomic / USDT}.${(atomic % USDT).toString().padStart(8, '0')}`;
