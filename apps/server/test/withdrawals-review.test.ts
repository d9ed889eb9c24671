import { WithdrawalService } from '../src/modules/withdrawals/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './helpers/factories.js';
import type { TestServer } from './helpers/test-server.js';
import { TRX, USDT, withdrawalsSuite } from './helpers/withdrawals.js';

/**
 * Withdrawals after the request (spec 3 sections 4, 5, 8, 9): cancel/decline refunding once, accept
 * not refunding, staff permission, history, limits, crash repair. The requests themselves are in
 * withdrawals.test.ts. The ledger invariants are checked after every test.
 */
const { s, post, player, real, withdraw, created, transferCount } = withdrawalsSuite();
let t: TestServer;
let staff: TestUser;
beforeAll(() => {
  ({ t, staff } = s);
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
    expect((await post(other, '/api/wallet/history/withdraws')).json()).toEqual({
      withdraws: [],
      cancelAllowed: true,
    });
  });

  it('limits per VIP level from the VIP level table (vip.levels)', async () => {
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
      cancelAllowed: true,
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
    services: t.server.services,
  };
}
