import { TWO_FACTOR_REQUIRED, WithdrawCodes, WithdrawMessages } from '@nebula/contracts';
import { crashKey, crashWagerRecord } from '../src/modules/crash/index.js';
import { ExtendedEngine, GameEngine } from '../src/modules/games/index.js';
import { recordWagers } from '../src/modules/wagers/index.js';
import { contextOf, putSetting } from './helpers/test-server.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import type { TestServer } from './helpers/test-server.js';
import { BTC, TRX, USDT, withdrawalsSuite } from './helpers/withdrawals.js';

/**
 * Withdrawal requests (spec 3 sections 4, 5, 8, 9): codes 1/2/3/5 with their texts, 2FA, debit at
 * request with the fee, one in moderation at a time (also under concurrency). Cancel, decline,
 * accept, history, limits and crash repair are in withdrawals-review.test.ts. The ledger invariants
 * are checked after every test.
 */
const { s, nextSeq, post, fund, player, real, withdraw, created, transferCount } = withdrawalsSuite();
let t: TestServer;
let staff: TestUser;
beforeAll(() => {
  ({ t, staff } = s);
});

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
      const round = String(nextSeq());
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
      const settled = String(nextSeq());
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
