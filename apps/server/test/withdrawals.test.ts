import { TWO_FACTOR_REQUIRED, WithdrawCodes, WithdrawMessages } from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crashKey, crashWagerRecord } from '../src/modules/crash/index.js';
import { ExtendedEngine, GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { recordWagers } from '../src/modules/wagers/index.js';
import { WithdrawalService } from '../src/modules/withdrawals/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Withdrawals (spec 3 sections 4, 5, 8, 9): codes 1/2/3/5 with their texts, 2FA, debit at request
 * with the fee, one in moderation at a time (also under concurrency), cancel/decline refunding once,
 * accept not refunding, staff permission, history, limits, crash repair. The ledger invariants are
 * checked after every test.
 */
let t: TestServer;
let staff: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  staff = await createUser(t.server.database, { roles: ['finance'] });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  const check = await checkLedger(t.server.database);
  expect(check.problems).toEqual([]);
});

// USDT: price 1 USD (static), 8 decimals. Level 0: fee 2 %, min $10, max $2000, 3 per day.
const USDT = 100_000_000n;
const TRX = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let seq = 0;

function post(user: TestUser | null, url: string, payload: object = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    payload,
  });
}

async function fund(u: TestUser, amount: bigint, currency = 'usdt') {
  await t.server.ledger.transfer({
    key: `test-deposit:${u.id}:${++seq}`,
    kind: 'deposit',
    currency,
    amount,
    from: { system: 'chain' },
    to: { user: u.id, kind: 'real' },
  });
}

async function player(balance = 500n * USDT) {
  const u = await createUser(t.server.database);
  if (balance > 0n) await fund(u, balance);
  return u;
}

const real = async (u: TestUser, currency = 'usdt') =>
  (await t.server.ledger.balances(u.id))[currency]?.real ?? 0n;

const withdraw = (u: TestUser, sum: string, extra: Record<string, string> = {}) =>
  post(u, '/api/wallet/withdraw', { sum, currency: 'usdt', chain: 'trx', wallet: TRX, ...extra });

async function created(u: TestUser, sum = '100') {
  const res = await withdraw(u, sum);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: true; message: string; withdraw: { _id: string; status: number } };
}

const transferCount = async (like: string) =>
  (
    await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfers where idempotency_key like $1',
      [like],
    )
  )[0]?.n;

describe('withdraw request', () => {
  it('debits amount + fee at request and answers the created message', async () => {
    const u = await player();
    const body = await created(u, '100');
    expect(body.message).toBe(WithdrawMessages.created);
    expect(body.withdraw).toMatchObject({
      currency: 'usdt',
      chain: 'trx',
      address: TRX,
      sum: '100',
      fee: '2',
      status: 0,
      auto: false,
      decline_reason: null,
      txid: null,
    });
    expect(await real(u)).toBe(398n * USDT);
    const id = body.withdraw._id;
    const rows = await t.server.database.query<{ idempotency_key: string; amount: string }>(
      `select idempotency_key, amount::text as amount from ledger_transfers
        where idempotency_key like $1 order by idempotency_key`,
      [`withdraw:${id}:%`],
    );
    expect(rows).toEqual([
      { idempotency_key: `withdraw:${id}:amount`, amount: (100n * USDT).toString() },
      { idempotency_key: `withdraw:${id}:fee`, amount: (2n * USDT).toString() },
    ]);
  });

  it('code 1: an amount that is not digits and a dot, zero, or too precise', async () => {
    const u = await player();
    for (const sum of ['abc', '1,5', '-5', '1e3', '0', '0.000000001', '']) {
      const res = await withdraw(u, sum);
      expect(res.statusCode, sum).toBe(422);
      const err = res.json() as { code: number; message: string };
      expect(err.code).toBe(WithdrawCodes.invalid);
      expect(err.message.startsWith(WithdrawMessages.invalid)).toBe(true);
    }
    expect(await real(u)).toBe(500n * USDT);
  });

  it('a wallet under 4 characters gives the enter-wallet error; a malformed one code 1', async () => {
    const u = await player();
    const short = await withdraw(u, '100', { wallet: ' abc ' });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(WithdrawMessages.walletShort);
    const bad = await withdraw(u, '100', { wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: WithdrawCodes.invalid });
    expect(bad.json().message).toBe(`${WithdrawMessages.invalid} This is not a valid Tron (TRC20) address.`);
    const evmOnTron = await withdraw(u, '100', { wallet: '0x52908400098527886e0f7030069857d2e4169ee7' });
    expect(evmOnTron.json()).toMatchObject({ code: WithdrawCodes.invalid });
  });

  it('code 1: a currency/chain pair that does not exist', async () => {
    const u = await player();
    const res = await withdraw(u, '100', { chain: 'btc', wallet: BTC });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: WithdrawCodes.invalid });
    const unknown = await withdraw(u, '100', { currency: 'nope' });
    expect(unknown.json()).toMatchObject({ code: WithdrawCodes.invalid });
  });

  it('code 1 below the minimum and above the maximum, naming the limit', async () => {
    const u = await player(5000n * USDT);
    const low = await withdraw(u, '9.99');
    expect(low.statusCode).toBe(422);
    expect(low.json()).toEqual({
      code: WithdrawCodes.invalid,
      message: `${WithdrawMessages.invalid} The minimum withdrawal is 10 USDT.`,
      fields: [{ path: 'sum', message: 'The minimum withdrawal is 10 USDT.' }],
    });
    const high = await withdraw(u, '2000.01');
    expect(high.json().message).toBe(`${WithdrawMessages.invalid} The maximum withdrawal is 2000 USDT.`);
    const edge = await withdraw(u, '2000');
    expect(edge.statusCode).toBe(200);
  });

  it('converts the USD limits with the price (BTC), exactly', async () => {
    const u = await createUser(t.server.database);
    await fund(u, 100_000_000n, 'btc');
    // $10 / 97000 = 0.000103092...: the minimum rounds up to 0.0001031.
    const low = await post(u, '/api/wallet/withdraw', {
      sum: '0.000103',
      currency: 'btc',
      chain: 'btc',
      wallet: BTC,
    });
    expect(low.json().message).toBe(`${WithdrawMessages.invalid} The minimum withdrawal is 0.0001031 BTC.`);
    const ok = await post(u, '/api/wallet/withdraw', {
      sum: '0.0001031',
      currency: 'btc',
      chain: 'btc',
      wallet: BTC,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // 2 % of 10310 sats = 206.2, rounded up: 207 sats.
    expect(ok.json().withdraw.fee).toBe('0.00000207');
    expect(await real(u, 'btc')).toBe(100_000_000n - 10_310n - 207n);
  });

  it('insufficient balance: 422 with a clear message, nothing written', async () => {
    const u = await player(101n * USDT);
    const before = await transferCount('withdraw:%');
    const res = await withdraw(u, '100');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'insufficient_balance',
      message: 'Insufficient balance: this withdrawal needs 102 USDT including the fee.',
    });
    expect(await transferCount('withdraw:%')).toBe(before);
    const rows = await t.server.database.query('select 1 from withdrawals where user_id = $1', [u.id]);
    expect(rows).toHaveLength(0);
    expect(await real(u)).toBe(101n * USDT);
  });

  it('code 3: only one withdrawal pending at a time', async () => {
    const u = await player();
    await created(u, '50');
    const res = await withdraw(u, '50');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: WithdrawCodes.onePending, message: WithdrawMessages.onePending });
    expect(await real(u)).toBe(500n * USDT - 51n * USDT);
  });

  it('code 3 under 10 concurrent requests: exactly one succeeds, debited once', async () => {
    const u = await player();
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(u, '100')));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused)
      expect(r.json()).toEqual({ code: WithdrawCodes.onePending, message: WithdrawMessages.onePending });
    expect(await real(u)).toBe(398n * USDT);
    const rows = await t.server.database.query('select 1 from withdrawals where user_id = $1', [u.id]);
    expect(rows).toHaveLength(1);
  });

  it('code 5: the 24 h count limit of the VIP level (3 at level 0), cancelled ones not counted', async () => {
    const u = await player(5000n * USDT);
    const cancelled = await created(u, '20');
    expect((await post(u, '/api/wallet/cancel_withdraw', { id: cancelled.withdraw._id })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 3; i++) {
      const w = await created(u, '20');
      const acc = await post(staff, '/api/admin/withdraws/accept', { id: w.withdraw._id, txid: `0xtx${i}` });
      expect(acc.statusCode).toBe(200);
    }
    const res = await withdraw(u, '20');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: WithdrawCodes.dailyLimit, message: WithdrawMessages.dailyLimit });
    expect(WithdrawMessages.dailyLimit).toBe(
      'Your withdrawal limit per 24 hours is exceeded. Try again later.',
    );
    const limits = await post(u, '/api/wallet/withdrawLimits', { currency: 'usdt' });
    expect(limits.json()).toMatchObject({ perDay: 3, usedToday: 3 });
  });

  it('code 2: the wagering rule when switched on counts the wager records of every product', async () => {
    const u = await player(60n * USDT);
    const me = { id: u.id, name: u.name, roles: ['player'], permissions: {} };
    const ctx = contextOf(t);
    const single = new GameEngine(ctx);
    const extended = new ExtendedEngine(ctx);
    single.useExtended(extended);
    // Half the deposits (60 USDT) must be staked: 30 USDT.
    await putSetting(t, 'withdraw_wager_multiplier', '0.5');
    try {
      const res = await withdraw(u, '10');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: WithdrawCodes.wager, message: WithdrawMessages.wager });
      // A single-round bet: 10.
      const dice = await single.play(me, {
        api_id: 'dice',
        bet: '10',
        demo: false,
        currency: 'usdt',
        quick: true,
        data: { target: 5000, condition: 'over' },
      });
      expect(dice.type).toBe('single');
      // A crash bet taken and cancelled (refunded): no stake, although 20 was debited for a while.
      const round = String(++seq);
      const crashStake = (step: 'wager' | 'refund', amount: bigint) =>
        t.server.ledger.transfer({
          key: crashKey(round, u.id, step),
          kind: step === 'wager' ? 'bet' : 'bet_refund',
          currency: 'usdt',
          amount,
          from: step === 'wager' ? { user: u.id, kind: 'real' } : { system: 'house' },
          to: step === 'wager' ? { system: 'house' } : { user: u.id, kind: 'real' },
          metadata: { game: 'crash', round },
        });
      await crashStake('wager', 20n * USDT);
      await crashStake('refund', 20n * USDT);
      expect((await withdraw(u, '10')).json()).toMatchObject({ code: WithdrawCodes.wager });
      // An extended round counts once it is settled: 10 staked in an open mines round is not yet wagered.
      const opened = await single.play(me, {
        api_id: 'mines',
        bet: '10',
        demo: false,
        currency: 'usdt',
        quick: true,
        data: { mines: 3 },
      });
      expect(opened.type).toBe('extended');
      expect((await withdraw(u, '10')).json()).toMatchObject({ code: WithdrawCodes.wager });
      const step = await extended.turn(me, { api_id: 'mines', id: opened.id, data: { random: true } });
      if (step.game.extendedState !== 'finished')
        await extended.finish(me, { api_id: 'mines', id: opened.id });
      expect((await withdraw(u, '10')).json()).toMatchObject({ code: WithdrawCodes.wager });
      // A settled crash bet of 10 (its wager debited, its record written as crash settles it): 30.
      const settled = String(++seq);
      await t.server.ledger.transfer({
        key: crashKey(settled, u.id, 'wager'),
        kind: 'bet',
        currency: 'usdt',
        amount: 10n * USDT,
        from: { user: u.id, kind: 'real' },
        to: { system: 'house' },
        metadata: { game: 'crash', round: settled },
      });
      await t.server.database.transaction((tx) =>
        recordWagers(tx, [
          crashWagerRecord(
            {
              round_id: settled,
              user_id: u.id,
              currency: 'usdt',
              wager: (10n * USDT).toString(),
              wager_usd: '10',
              auto_cash_out: null,
              cashout_ms: null,
              cashout_kind: null,
              placed_at: new Date().toISOString(),
            },
            { crash_point: '150', house_edge_bps: 100 },
            { status: 'lost', multiplier: 0n, payout: 0n },
          ),
        ]),
      );
      const paid = await created(u, '10');
      expect(
        (await post(staff, '/api/admin/withdraws/accept', { id: paid.withdraw._id, txid: '0xwager' }))
          .statusCode,
      ).toBe(200);
      // The paid withdrawal is the new starting point: the stakes before it count no more.
      await fund(u, 20n * USDT);
      expect((await withdraw(u, '10')).json()).toMatchObject({ code: WithdrawCodes.wager });
    } finally {
      await putSetting(t, 'withdraw_wager_multiplier', '0');
    }
  });

  it('asks for 2FA (-1024) when it is on and the session is not fresh, before anything else', async () => {
    const u = await player();
    await t.server.database.query('update users set two_factor_enabled_at = now() where id = $1', [u.id]);
    const res = await withdraw(u, 'abc');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(TWO_FACTOR_REQUIRED);
    expect(await real(u)).toBe(500n * USDT);
    await t.server.database.query('update sessions set two_factor_verified_at = now() where id = $1', [
      u.sessionId,
    ]);
    expect((await withdraw(u, '100')).statusCode).toBe(200);
  });

  it('refuses guests', async () => {
    const res = await post(null, '/api/wallet/withdraw', {
      sum: '1',
      currency: 'usdt',
      chain: 'trx',
      wallet: TRX,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('cancel, accept, decline', () => {
  it('cancel refunds amount and fee once; a second cancel is refused and moves nothing', async () => {
    const u = await player();
    const w = await created(u, '100');
    const id = w.withdraw._id;
    const first = await post(u, '/api/wallet/cancel_withdraw', { id });
    expect(first.statusCode).toBe(200);
    expect(await real(u)).toBe(500n * USDT);
    const second = await post(u, '/api/wallet/cancel_withdraw', { id });
    expect(second.statusCode).toBe(409);
    expect(await real(u)).toBe(500n * USDT);
    expect(await transferCount(`withdraw:${id}:refund-%`)).toBe(2);
    // A new request is possible again.
    await created(u, '10');
  });

  it('concurrent cancels refund exactly once', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(u, '/api/wallet/cancel_withdraw', { id: w._id })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await real(u)).toBe(500n * USDT);
  });

  it("a player cannot cancel someone else's, an unknown, or an automatic withdrawal", async () => {
    const u = await player();
    const other = await player();
    const { withdraw: w } = await created(u, '100');
    expect((await post(other, '/api/wallet/cancel_withdraw', { id: w._id })).statusCode).toBe(404);
    expect((await post(other, '/api/wallet/cancel_withdraw', { id: 'not-a-uuid' })).statusCode).toBe(404);
    await t.server.database.query('update withdrawals set auto = true where id = $1', [w._id]);
    expect((await post(u, '/api/wallet/cancel_withdraw', { id: w._id })).statusCode).toBe(409);
    await t.server.database.query('update withdrawals set auto = false where id = $1', [w._id]);
    expect(await real(u)).toBe(398n * USDT);
  });

  it('decline refunds once with the reason; accept or decline afterwards is refused', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    const res = await post(staff, '/api/admin/withdraws/decline', {
      id: w._id,
      reason: 'Address is sanctioned.',
    });
    expect(res.statusCode).toBe(200);
    expect(await real(u)).toBe(500n * USDT);
    const again = await post(staff, '/api/admin/withdraws/decline', { id: w._id, reason: 'again' });
    expect(again.statusCode).toBe(409);
    const accept = await post(staff, '/api/admin/withdraws/accept', { id: w._id, txid: '0xabc' });
    expect(accept.statusCode).toBe(409);
    expect((await post(u, '/api/wallet/cancel_withdraw', { id: w._id })).statusCode).toBe(409);
    expect(await real(u)).toBe(500n * USDT);
    const audit = await t.server.database.query<{ decided_by: string; status: number }>(
      'select decided_by::text as decided_by, status from withdrawals where id = $1',
      [w._id],
    );
    expect(audit[0]).toEqual({ decided_by: staff.id, status: 2 });
  });

  it('two staff deciding at once: one wins, the refund happens at most once', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    const results = await Promise.all([
      post(staff, '/api/admin/withdraws/decline', { id: w._id, reason: 'no' }),
      post(staff, '/api/admin/withdraws/accept', { id: w._id, txid: '0x1' }),
      post(staff, '/api/admin/withdraws/decline', { id: w._id, reason: 'no' }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const status = (
      await t.server.database.query<{ status: number }>('select status from withdrawals where id = $1', [
        w._id,
      ])
    )[0]?.status;
    expect(await real(u)).toBe(status === 2 ? 500n * USDT : 398n * USDT);
  });

  it('accept records the txid and does not refund', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    const res = await post(staff, '/api/admin/withdraws/accept', { id: w._id, txid: '0xfeed' });
    expect(res.statusCode).toBe(200);
    expect(await real(u)).toBe(398n * USDT);
    expect((await post(u, '/api/wallet/cancel_withdraw', { id: w._id })).statusCode).toBe(409);
    expect(await transferCount(`withdraw:${w._id}:refund-%`)).toBe(0);
  });

  it('staff endpoints are 403 for players', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    expect((await post(u, '/api/admin/withdraws')).statusCode).toBe(403);
    expect((await post(u, '/api/admin/withdraws/accept', { id: w._id, txid: '0x1' })).statusCode).toBe(403);
    expect((await post(u, '/api/admin/withdraws/decline', { id: w._id, reason: 'x' })).statusCode).toBe(403);
    expect(await real(u)).toBe(398n * USDT);
  });

  it('the staff queue lists moderation with the player, VIP first', async () => {
    const low = await player();
    const vip = await player();
    await t.server.database.query('update users set vip_level = 7 where id = $1', [vip.id]);
    const a = await created(low, '100');
    const b = await created(vip, '100');
    const res = await post(staff, '/api/admin/withdraws', {});
    expect(res.statusCode).toBe(200);
    const list = res.json().withdraws as {
      _id: string;
      user: { _id: string; name: string };
      status: number;
    }[];
    const ia = list.findIndex((x) => x._id === a.withdraw._id);
    const ib = list.findIndex((x) => x._id === b.withdraw._id);
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ib).toBeGreaterThanOrEqual(0);
    expect(ib).toBeLessThan(ia);
    expect(list[ia]?.user).toEqual({ _id: low.id, name: low.name });
    expect(list.every((x) => x.status === 0 || x.status === 3)).toBe(true);
  });
});

describe('history and limits', () => {
  it('history shows each state with the spec fields, newest first', async () => {
    const u = await player(5000n * USDT);
    const ids: string[] = [];
    const accepted = await created(u, '10');
    await post(staff, '/api/admin/withdraws/accept', { id: accepted.withdraw._id, txid: '0xpaid' });
    ids.push(accepted.withdraw._id);
    const declined = await created(u, '11');
    await post(staff, '/api/admin/withdraws/decline', { id: declined.withdraw._id, reason: 'KYC needed.' });
    ids.push(declined.withdraw._id);
    const cancelled = await created(u, '12');
    await post(u, '/api/wallet/cancel_withdraw', { id: cancelled.withdraw._id });
    ids.push(cancelled.withdraw._id);
    const pending = await created(u, '13');
    ids.push(pending.withdraw._id);

    const res = await post(u, '/api/wallet/history/withdraws');
    expect(res.statusCode).toBe(200);
    const list = res.json().withdraws as Record<string, unknown>[];
    expect(list.map((x) => x._id)).toEqual([...ids].reverse());
    const byId = new Map(list.map((x) => [x._id, x]));
    expect(byId.get(accepted.withdraw._id)).toMatchObject({
      status: 1,
      txid: '0xpaid',
      sum: '10',
      fee: '0.2',
    });
    expect(byId.get(declined.withdraw._id)).toMatchObject({
      status: 2,
      decline_reason: 'KYC needed.',
      sum: '11',
    });
    expect(byId.get(cancelled.withdraw._id)).toMatchObject({ status: 4, sum: '12' });
    expect(byId.get(pending.withdraw._id)).toMatchObject({
      status: 0,
      auto: false,
      currency: 'usdt',
      chain: 'trx',
      address: TRX,
      sum: '13',
      fee: '0.26',
      decline_reason: null,
      txid: null,
    });
    for (const item of list) expect(typeof item.created_at).toBe('string');
    // Paid out: 10.2 (accepted) + 13.26 (pending); the declined and cancelled ones came back.
    expect(await real(u)).toBe(5000n * USDT - 2346n * (USDT / 100n));
    // Another player sees none of them.
    const other = await player(0n);
    expect((await post(other, '/api/wallet/history/withdraws')).json()).toEqual({ withdraws: [] });
  });

  it('limits per VIP level from the vip_withdraw setting', async () => {
    const u = await player(0n);
    const res = await post(u, '/api/wallet/withdrawLimits', { currency: 'usdt' });
    expect(res.json()).toEqual({
      currency: 'usdt',
      vipLevel: 0,
      feePercent: '2',
      minimum: '10',
      maximum: '2000',
      perDay: 3,
      usedToday: 0,
    });
    await t.server.database.query('update users set vip_level = 10 where id = $1', [u.id]);
    const vip = await post(u, '/api/wallet/withdrawLimits', { currency: 'btc' });
    expect(vip.json()).toMatchObject({ vipLevel: 10, feePercent: '0', perDay: 20, minimum: '0.00005155' });
    expect((await post(u, '/api/wallet/withdrawLimits', { currency: 'nope' })).statusCode).toBe(404);
  });

  it('a zero fee (VIP 10) debits only the amount', async () => {
    const u = await player();
    await t.server.database.query('update users set vip_level = 10 where id = $1', [u.id]);
    const body = await created(u, '100');
    expect(body.withdraw.status).toBe(0);
    expect(await real(u)).toBe(400n * USDT);
    expect(await transferCount(`withdraw:${body.withdraw._id}:fee`)).toBe(0);
    expect((await post(u, '/api/wallet/cancel_withdraw', { id: body.withdraw._id })).statusCode).toBe(200);
    expect(await real(u)).toBe(500n * USDT);
  });
});

describe('crash repair', () => {
  it('closes a request cut off after its debit and refunds it; finishes an interrupted refund', async () => {
    const service = new WithdrawalService(ctxOf());
    const u = await player();
    // A request that crashed after debiting the amount, before the fee and before being marked held.
    const rows = await t.server.database.query<{ id: string }>(
      `insert into withdrawals (user_id, currency, chain, address, amount, fee, created_at)
       values ($1, 'usdt', 'trx', $2, $3, $4, now() - interval '5 minutes') returning id::text as id`,
      [u.id, TRX, (100n * USDT).toString(), (2n * USDT).toString()],
    );
    const id = rows[0]?.id as string;
    await t.server.ledger.transfer({
      key: `withdraw:${id}:amount`,
      kind: 'withdrawal',
      currency: 'usdt',
      amount: 100n * USDT,
      from: { user: u.id, kind: 'real' },
      to: { system: 'chain' },
    });
    expect(await real(u)).toBe(400n * USDT);
    // It blocks the player until repaired; the player's next request repairs it first.
    const next = await withdraw(u, '50');
    expect(next.statusCode, next.body).toBe(200);
    const repaired = await t.server.database.query<{ status: number; refunded: boolean }>(
      'select status, refunded_at is not null as refunded from withdrawals where id = $1',
      [id],
    );
    expect(repaired[0]).toEqual({ status: 4, refunded: true });
    expect(await real(u)).toBe(500n * USDT - 51n * USDT);

    // A cancel whose refund never ran (crash between the status change and the ledger).
    const pendingId = (next.json() as { withdraw: { _id: string } }).withdraw._id;
    await t.server.database.query(
      `update withdrawals set status = 4, updated_at = now() - interval '5 minutes' where id = $1`,
      [pendingId],
    );
    const result = await service.reconcile();
    expect(result.refunded).toBeGreaterThanOrEqual(1);
    expect(await real(u)).toBe(500n * USDT);
    // Running it again changes nothing.
    await service.reconcile({ staleMs: 0 });
    expect(await real(u)).toBe(500n * USDT);
  });
});

function ctxOf() {
  return {
    database: t.server.database,
    ledger: t.server.ledger,
    log: t.server.log,
    config: t.config,
    settings: t.server.settings,
  };
}
