import type { Protection, ProtectionWrite } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectionClock } from '../src/modules/protection/index.js';
import { replaceService } from '../src/platform/services.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { TestClock } from './helpers/protection.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The protection record (decision 0025): decreases at once, increases and removals after 24 h and the
 * player's confirmation, replacement of a pending change, idempotent retries, blocks that cannot be
 * shortened, the staff lift of an indefinite exclusion, the session, bad input. Time moves with the
 * module's clock (a test clock), never by sleeping.
 */
let t: TestServer;
const clock = new TestClock();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestServer({}, { services: [replaceService(protectionClock, () => clock)] });
});
afterAll(async () => {
  await t?.close();
});

async function call(u: TestUser, url: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
}

async function write(u: TestUser, url: string, payload: Record<string, unknown>): Promise<ProtectionWrite> {
  const res = await call(u, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProtectionWrite;
}

const lossDay = (p: Protection) => p.limits.find((l) => l.kind === 'loss' && l.period === 'day');

describe('limits', () => {
  it('applies a new limit and a decrease at once; an increase waits 24 h and a confirmation', async () => {
    const u = await createUser(t.server.database);
    const empty = (await call(u, '/api/protection')).json() as Protection;
    expect(empty.limits).toEqual([]);
    expect(empty.block).toBeNull();
    expect(empty.realityCheckSeconds).toBe(3600);

    const set = await write(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '100',
      currency: 'usd',
    });
    expect(set.outcome).toBe('applied');
    expect(lossDay(set.protection)).toMatchObject({
      amount: '100',
      currency: 'usd',
      used: '0',
      remaining: '100',
    });

    const lower = await write(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '50',
      currency: 'usd',
    });
    expect(lower.outcome).toBe('applied');
    expect(lossDay(lower.protection)?.amount).toBe('50');

    const higher = await write(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '80',
      currency: 'USD',
    });
    expect(higher.outcome).toBe('pending');
    expect(lossDay(higher.protection)?.amount).toBe('50');
    const pending = higher.protection.pending[0]!;
    expect(pending).toMatchObject({
      type: 'limit',
      kind: 'loss',
      period: 'day',
      from: { amount: '50', currency: 'usd' },
      to: { amount: '80', currency: 'usd' },
      confirmable: false,
    });
    expect(new Date(pending.appliesAt).getTime() - new Date(pending.requestedAt).getTime()).toBe(24 * HOUR);

    // The same request again is a retry.
    const again = await write(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '80',
      currency: 'usd',
    });
    expect(again.outcome).toBe('unchanged');
    expect(again.protection.pending).toHaveLength(1);

    const early = await call(u, '/api/protection/confirm', { id: pending.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'pending_not_due' });

    clock.advance(24 * HOUR + 1000);
    const view = (await call(u, '/api/protection')).json() as Protection;
    // Never on its own: still 50 until confirmed.
    expect(lossDay(view)?.amount).toBe('50');
    expect(view.pending[0]?.confirmable).toBe(true);
    const confirmed = await write(u, '/api/protection/confirm', { id: pending.id });
    expect(confirmed.outcome).toBe('applied');
    expect(lossDay(confirmed.protection)?.amount).toBe('80');
    expect(confirmed.protection.pending).toEqual([]);
    const retry = await write(u, '/api/protection/confirm', { id: pending.id });
    expect(retry.outcome).toBe('unchanged');
    const actions = confirmed.protection.history.map((h) => h.action).reverse();
    expect(actions).toEqual(['limit_set', 'limit_lowered', 'change_requested', 'change_confirmed']);
  });

  it('replaces a pending change with a new request, drops it on a decrease, cancels, removes after 24 h', async () => {
    const u = await createUser(t.server.database);
    const body = (amount: string | null, currency = 'usdt') => ({
      kind: 'wager',
      period: 'week',
      amount,
      currency,
    });
    await write(u, '/api/protection/limit', body('10'));
    const first = await write(u, '/api/protection/limit', body('20'));
    const second = await write(u, '/api/protection/limit', body('30'));
    expect(second.protection.pending).toHaveLength(1);
    expect(second.protection.pending[0]!.id).not.toBe(first.protection.pending[0]!.id);
    expect(second.protection.history[0]).toMatchObject({ action: 'change_requested', to: '30 USDT' });
    expect(second.protection.history[1]).toMatchObject({ action: 'change_replaced', from: '20 USDT' });
    // The replaced one cannot be confirmed.
    clock.advance(25 * HOUR);
    const stale = await call(u, '/api/protection/confirm', { id: first.protection.pending[0]!.id });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ code: 'no_pending_change' });

    // Another currency is not a decrease: it waits.
    const other = await write(u, '/api/protection/limit', body('1', 'usd'));
    expect(other.outcome).toBe('pending');
    const cancelled = await write(u, '/api/protection/cancel', { id: other.protection.pending[0]!.id });
    expect(cancelled.outcome).toBe('applied');
    expect(cancelled.protection.pending).toEqual([]);

    // A decrease applies and drops a pending increase.
    await write(u, '/api/protection/limit', body('40'));
    const lower = await write(u, '/api/protection/limit', body('5'));
    expect(lower.outcome).toBe('applied');
    expect(lower.protection.pending).toEqual([]);

    const removal = await write(u, '/api/protection/limit', body(null));
    expect(removal.outcome).toBe('pending');
    expect(removal.protection.pending[0]).toMatchObject({ to: null });
    clock.advance(24 * HOUR);
    const removed = await write(u, '/api/protection/confirm', { id: removal.protection.pending[0]!.id });
    expect(removed.protection.limits).toEqual([]);
  });

  it('serialises concurrent identical requests: one change, one history row', async () => {
    const u = await createUser(t.server.database);
    await write(u, '/api/protection/limit', {
      kind: 'deposit',
      period: 'month',
      amount: '10',
      currency: 'usd',
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(u, '/api/protection/limit', { kind: 'deposit', period: 'month', amount: '25', currency: 'usd' }),
      ),
    );
    const outcomes = answers.map((a) => (a.json() as ProtectionWrite).outcome).sort();
    expect(outcomes).toEqual(['pending', ...Array(7).fill('unchanged')]);
    const view = (await call(u, '/api/protection')).json() as Protection;
    expect(view.pending).toHaveLength(1);
    expect(view.history.filter((h) => h.action === 'change_requested')).toHaveLength(1);
  });

  it('session limit and reality check: shorter at once, longer or off waits', async () => {
    const u = await createUser(t.server.database);
    expect((await write(u, '/api/protection/session-limit', { minutes: 120 })).outcome).toBe('applied');
    expect((await write(u, '/api/protection/session-limit', { minutes: 60 })).outcome).toBe('applied');
    expect((await write(u, '/api/protection/session-limit', { minutes: 90 })).outcome).toBe('pending');
    expect((await write(u, '/api/protection/reality-check', { seconds: 1800 })).outcome).toBe('applied');
    const off = await write(u, '/api/protection/reality-check', { seconds: null });
    expect(off.outcome).toBe('pending');
    expect(off.protection.realityCheckSeconds).toBe(1800);
    expect(off.protection.pending.find((p) => p.type === 'reality_check')).toMatchObject({
      from: 1800,
      to: null,
    });
    expect(off.protection.sessionLimitMinutes).toBe(60);
  });
});

describe('bad input', () => {
  it('answers 422 {code, message} and changes nothing', async () => {
    const u = await createUser(t.server.database);
    for (const amount of [
      '0',
      '0.00',
      '-1',
      'abc',
      '1e5',
      ' 5',
      '1,5',
      '',
      '.5',
      '1000000000.01',
      '9'.repeat(60),
    ]) {
      const res = await call(u, '/api/protection/limit', {
        kind: 'loss',
        period: 'day',
        amount,
        currency: 'usd',
      });
      expect(res.statusCode, amount).toBe(422);
      const body = res.json() as { code: string; message: string };
      expect(typeof body.message).toBe('string');
      expect(['invalid_limit', 'validation_failed']).toContain(body.code);
    }
    const tooPrecise = await call(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '1.001',
      currency: 'usd',
    });
    expect(tooPrecise.json()).toMatchObject({ code: 'invalid_limit' });
    const currency = await call(u, '/api/protection/limit', {
      kind: 'loss',
      period: 'day',
      amount: '5',
      currency: 'nope',
    });
    expect(currency.statusCode).toBe(422);
    expect(currency.json()).toMatchObject({ code: 'invalid_currency' });
    for (const minutes of [0, 5, 14, 1441, -3])
      expect((await call(u, '/api/protection/session-limit', { minutes })).json()).toMatchObject({
        code: 'invalid_limit',
      });
    expect((await call(u, '/api/protection/session-limit', { minutes: 1.5 })).statusCode).toBe(422);
    expect((await call(u, '/api/protection/reality-check', { seconds: 7 })).json()).toMatchObject({
      code: 'invalid_limit',
    });
    expect(
      (await call(u, '/api/protection/limit', { kind: 'bonus', period: 'day', amount: '5', currency: 'usd' }))
        .statusCode,
    ).toBe(422);
    expect((await call(u, '/api/protection/confirm', { id: 'x; drop' })).statusCode).toBe(404);
    expect(
      (await call(u, '/api/protection/time-out', { duration: '2h', requestId: 'abcdefgh1' })).statusCode,
    ).toBe(422);
    const view = (await call(u, '/api/protection')).json() as Protection;
    expect(view.limits).toEqual([]);
    expect(view.history).toEqual([]);
  });
});

describe('time-out and self-exclusion', () => {
  it('blocks at once, cannot be shortened, is idempotent per request id, can be extended', async () => {
    const u = await createUser(t.server.database);
    const out = await write(u, '/api/protection/time-out', { duration: '1w', requestId: 'timeout-0001' });
    expect(out.outcome).toBe('applied');
    expect(out.protection.block).toMatchObject({ type: 'time_out', duration: '1w', indefinite: false });
    const me = await t.app.inject({
      method: 'POST',
      url: '/auth/update',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect((me.json() as { user: { self_excluded: boolean } }).user.self_excluded).toBe(true);

    const retry = await write(u, '/api/protection/time-out', { duration: '1w', requestId: 'timeout-0001' });
    expect(retry.outcome).toBe('unchanged');
    const shorter = await call(u, '/api/protection/time-out', { duration: '24h', requestId: 'timeout-0002' });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json()).toMatchObject({ code: 'cannot_shorten' });

    const longer = await write(u, '/api/protection/self-exclude', {
      duration: '6m',
      requestId: 'exclude-0001',
    });
    expect(longer.protection.block).toMatchObject({ type: 'self_exclusion', duration: '6m' });
    expect(longer.protection.block?.since).toBe(out.protection.block?.since);
    const indefinite = await write(u, '/api/protection/self-exclude', {
      duration: 'indefinite',
      requestId: 'exclude-0002',
    });
    expect(indefinite.protection.block).toMatchObject({ until: null, indefinite: true });
    const after = await call(u, '/api/protection/self-exclude', {
      duration: '5y',
      requestId: 'exclude-0003',
    });
    expect(after.json()).toMatchObject({ code: 'cannot_shorten' });
    expect(indefinite.protection.history.filter((h) => h.target === 'block')).toHaveLength(3);
  });

  it('staff lift an indefinite exclusion with a reason: 24 h cooling-off, audited; players cannot', async () => {
    const u = await createUser(t.server.database);
    const staff = await createUser(t.server.database, { roles: ['*'] });
    const other = await createUser(t.server.database);
    const notYet = await call(staff, '/api/admin/protection/lift', {
      userId: u.id,
      reason: 'asked by the player',
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'not_indefinite' });
    await write(u, '/api/protection/self-exclude', { duration: 'indefinite', requestId: 'exclude-lift1' });
    expect(
      (await call(other, '/api/admin/protection/lift', { userId: u.id, reason: 'please' })).statusCode,
    ).toBe(403);
    expect((await call(staff, '/api/admin/protection/lift', { userId: u.id, reason: '' })).statusCode).toBe(
      422,
    );

    const lifted = await call(staff, '/api/admin/protection/lift', {
      userId: u.id,
      reason: 'counselling completed',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const view = lifted.json() as Protection;
    expect(view.block).toMatchObject({ type: 'self_exclusion', indefinite: false });
    expect(new Date(view.block!.until!).getTime() - new Date(view.block!.liftedAt!).getTime()).toBe(
      24 * HOUR,
    );
    expect(view.history[0]).toMatchObject({ action: 'exclusion_lifted', by: 'staff' });
    const audit = await t.server.database.query<{ action: string; details: { reason: string } }>(
      "select action, details from staff_audit_log where target_type = 'user' and target_id = $1",
      [u.id],
    );
    expect(audit).toEqual([
      { action: 'protection.lift_exclusion', details: { reason: 'counselling completed' } },
    ]);
    // Lifting again: no longer indefinite.
    expect(
      (await call(staff, '/api/admin/protection/lift', { userId: u.id, reason: 'again' })).statusCode,
    ).toBe(409);
    // The player's own record as staff see it.
    const seen = await call(staff, '/api/admin/protection', { userId: u.id });
    expect((seen.json() as Protection).block?.type).toBe('self_exclusion');
  });

  it('refuses changes to history rows', async () => {
    await expect(t.server.database.query('update protection_history set action = action')).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('session', () => {
  it('starts at the first activity, runs on server time, restarts after the break', async () => {
    const u = await createUser(t.server.database);
    const first = (await call(u, '/api/protection/session')).json() as {
      startedAt: string;
      elapsedSeconds: number;
    };
    expect(first.elapsedSeconds).toBe(0);
    clock.advance(10 * 60_000);
    const later = (await call(u, '/api/protection/session')).json() as {
      startedAt: string;
      elapsedSeconds: number;
      nextCheckAt: string;
    };
    expect(later.startedAt).toBe(first.startedAt);
    expect(later.elapsedSeconds).toBeGreaterThanOrEqual(600);
    expect(new Date(later.nextCheckAt).getTime() - new Date(first.startedAt).getTime()).toBe(3600_000);
    clock.advance(31 * 60_000);
    const next = (await call(u, '/api/protection/session')).json() as { startedAt: string };
    expect(next.startedAt).not.toBe(first.startedAt);
  });

  it('lists the help organisations for anyone', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/protection/help', payload: {} });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { organisations: unknown[] }).organisations.length).toBeGreaterThan(0);
    // The operator's support e-mail (legal.operator), for the block page's Contact support.
    expect(res.json()).toMatchObject({ supportEmail: null });
    await putSetting(t, 'legal.operator', {
      company: null,
      supportEmail: 'help@casino.test',
      privacyEmail: null,
    });
    const set = await t.app.inject({ method: 'POST', url: '/api/protection/help', payload: {} });
    expect(set.json()).toMatchObject({ supportEmail: 'help@casino.test' });
    await putSetting(t, 'legal.operator', { company: null, supportEmail: null, privacyEmail: null });
  });
});
