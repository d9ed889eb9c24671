import { WITHDRAW_CANCEL_FORBIDDEN } from '@nebula/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { putSetting, type TestServer } from './helpers/test-server.js';
import { USDT, withdrawalsSuite } from './helpers/withdrawals.js';

/**
 * The jurisdiction's rule on reversing withdrawals (issue G5 item 5): with `legal.jurisdiction`
 * `reverseWithdrawals: false` a player's cancel of a pending withdrawal is refused with a typed 403
 * and moves nothing; the history and the limits tell the wallet so it hides the button; the legal
 * texts say so. Staff decline is unaffected. The ledger invariants are checked after every test.
 */
const { s, post, player, real, created, transferCount } = withdrawalsSuite();
let t: TestServer;
beforeAll(() => {
  ({ t } = s);
});

async function forbidReversal<T>(run: () => Promise<T>): Promise<T> {
  await putSetting(t, 'legal.jurisdiction', { reverseWithdrawals: false });
  try {
    return await run();
  } finally {
    await putSetting(t, 'legal.jurisdiction', {});
  }
}

const status = async (id: string) =>
  (await t.server.database.query<{ status: number }>('select status from withdrawals where id = $1', [id]))[0]
    ?.status;

describe('withdrawal cancel under the jurisdiction switch', () => {
  it('refuses the cancel with 403 {code, message}; nothing moves, the withdrawal stays in moderation', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    await forbidReversal(async () => {
      const res = await post(u, '/api/wallet/cancel_withdraw', { id: w._id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: WITHDRAW_CANCEL_FORBIDDEN.code,
        message: WITHDRAW_CANCEL_FORBIDDEN.message,
      });
      // Concurrent attempts are refused alike.
      const many = await Promise.all(
        Array.from({ length: 5 }, () => post(u, '/api/wallet/cancel_withdraw', { id: w._id })),
      );
      expect(many.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
      // Whatever the id: the rule is checked before the withdrawal is looked up.
      expect((await post(u, '/api/wallet/cancel_withdraw', { id: 'not-a-uuid' })).statusCode).toBe(403);
    });
    expect(await status(w._id)).toBe(0);
    expect(await real(u)).toBe(398n * USDT);
    expect(await transferCount(`withdraw:${w._id}:refund-%`)).toBe(0);
  });

  it('tells the wallet through the history and the limits, and the texts through the documents', async () => {
    const u = await player();
    await created(u, '50');
    const before = await post(u, '/api/wallet/history/withdraws');
    expect(before.json()).toMatchObject({ cancelAllowed: true });
    await forbidReversal(async () => {
      const history = await post(u, '/api/wallet/history/withdraws');
      expect(history.json()).toMatchObject({ cancelAllowed: false, withdraws: [{ status: 0 }] });
      const limits = await post(u, '/api/wallet/withdrawLimits', { currency: 'usdt' });
      expect(limits.json()).toMatchObject({ cancelAllowed: false });
      const legal = await t.app.inject({ method: 'GET', url: '/api/legal/documents' });
      const body = legal.json() as {
        playerCancelsWithdrawals: boolean;
        documents: { faq: { sections: { id: string; blocks: unknown[] }[] } };
      };
      expect(body.playerCancelsWithdrawals).toBe(false);
      const answer = body.documents.faq.sections.find((x) => x.id === 'withdrawal-cancel');
      expect(answer?.blocks[0]).toContain('cannot be cancelled or reversed');
    });
  });

  it('allows the cancel again once the switch is back on (default), refunding once', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    await forbidReversal(async () => {
      expect((await post(u, '/api/wallet/cancel_withdraw', { id: w._id })).statusCode).toBe(403);
    });
    const res = await post(u, '/api/wallet/cancel_withdraw', { id: w._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(w._id)).toBe(4);
    expect(await real(u)).toBe(500n * USDT);
    expect(await transferCount(`withdraw:${w._id}:refund-%`)).toBe(2);
  });

  it('leaves staff decline unaffected: a declined withdrawal is refunded under the switch', async () => {
    const u = await player();
    const { withdraw: w } = await created(u, '100');
    await forbidReversal(async () => {
      const res = await post(s.staff, '/api/admin/withdraws/decline', {
        id: w._id,
        reason: 'Address check failed',
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(await status(w._id)).toBe(2);
    expect(await real(u)).toBe(500n * USDT);
  });
});
