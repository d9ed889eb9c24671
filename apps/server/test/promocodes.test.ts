import {
  PROMOCODE_BALANCE_TOO_HIGH,
  PromocodeErrorCode,
  PromocodeMessages,
  type AdminPromocode,
  type AdminPromocodeCreate,
  type PromocodeActivation,
  type PromotionBanner,
  type PublicPromocode,
  bonusBalanceSchema,
} from '@nebula/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { ticketsOf } from '../src/modules/wheel/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { fund } from './helpers/players.js';
import { blockPlayer } from './helpers/protection.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Promo codes (issue G7 item 1, decision 0038): each numbered refusal with its text and no write, the
 * low-balance rule and the daily limit, real money and bonus money from promotions once per player
 * (ledger key promocode:{code}:{player}), a self-excluded player refused, 100 concurrent activations of
 * a code with 10 uses giving exactly 10, the public list, the banners and their activation, and the
 * staff screens' endpoints (create, disable, list; audited); tickets codes (G7 item 2, migration 0041)
 * granting wheel tickets once. The ledger's invariants hold after each.
 */
let t: TestServer;
let admin: TestUser;
const USDT = 100_000_000n;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
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

async function createCode(opts: Partial<AdminPromocodeCreate> = {}): Promise<AdminPromocode> {
  const res = await post(admin, '/api/admin/promocodes/create', {
    code: `T${Date.now().toString(36)}${++seq}`.toUpperCase(),
    type: 'real',
    currency: 'usdt',
    value: '10',
    ...opts,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPromocode;
}

const activate = (u: TestUser | null, code: string) => post(u, '/api/promocode/activate', { code });

async function expectRefused(u: TestUser, code: string, number: PromocodeErrorCode) {
  const before = await balances(u);
  const res = await activate(u, code);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json()).toEqual({ code: number, message: PromocodeMessages[number] });
  expect(await balances(u)).toEqual(before);
}

async function balances(u: TestUser) {
  const b = (await t.server.ledger.balances(u.id)).usdt;
  return { real: b?.real ?? 0n, bonus: b?.bonus ?? 0n };
}

const player = () => createUser(t.server.database);
const activations = async (code: AdminPromocode) =>
  (
    await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from promocode_activations where code_id = $1',
      [code.id],
    )
  )[0]?.n;

describe('activating a code', () => {
  it('credits real money from promotions once per player (ledger key per code and player); again is code 4', async () => {
    const code = await createCode({ value: '10' });
    const u = await player();
    const res = await activate(u, code.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PromocodeActivation).bonus).toEqual({
      code: code.code,
      type: 'real',
      currency: 'usdt',
      value: '10',
      bonusId: null,
      wagering: null,
      tickets: null,
    });
    expect(await balances(u)).toEqual({ real: 10n * USDT, bonus: 0n });
    const transfer = await t.server.database.query<{ amount: string }>(
      `select t.amount::text as amount from ledger_transfers t where t.idempotency_key = $1`,
      [`promocode:${code.id}:${u.id}`],
    );
    expect(transfer.map((r) => r.amount)).toEqual([(10n * USDT).toString()]);
    await expectRefused(u, code.code, PromocodeErrorCode.AlreadyUsed);
    expect(await activations(code)).toBe(1);
  });

  it('credits a bonus with its wagering requirement through the bonus module', async () => {
    const code = await createCode({ type: 'bonus', value: '50', multiplier: 10, bonusExpiryDays: 7 });
    const u = await player();
    const res = await activate(u, code.code);
    expect(res.statusCode, res.body).toBe(200);
    const { bonus } = res.json() as PromocodeActivation;
    expect(bonus).toMatchObject({ type: 'bonus', value: '50', wagering: '500' });
    expect(bonus.bonusId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balances(u)).toEqual({ real: 0n, bonus: 50n * USDT });
    const list = bonusBalanceSchema.parse((await post(u, '/api/bonusBalance')).json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: bonus.bonusId,
      source: 'promocode',
      amount: '50',
      wagering: { required: '500', done: '0' },
    });
    const key = await t.server.database.query('select 1 from ledger_transfers where idempotency_key = $1', [
      `promocode:${code.id}:${u.id}`,
    ]);
    expect(key).toHaveLength(1);
    // A second bonus code in the same currency while this bonus is active: refused, nothing written.
    const other = await createCode({ type: 'bonus', value: '5', multiplier: 1 });
    const again = await activate(u, other.code);
    expect(again.statusCode).toBe(409);
    expect(await activations(other)).toBe(0);
    expect(
      (
        await t.server.database.query<{ uses: number }>('select uses from promocodes where id = $1', [
          other.id,
        ])
      )[0]?.uses,
    ).toBe(0);
  });

  it('code 1: unknown or disabled', async () => {
    const u = await player();
    await expectRefused(u, 'NO-SUCH-CODE', PromocodeErrorCode.Invalid);
    const code = await createCode();
    const off = await post(admin, '/api/admin/promocodes/disable', { id: code.id });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as AdminPromocode).disabled).toBe(true);
    await expectRefused(u, code.code, PromocodeErrorCode.Invalid);
  });

  it('code 2: expired by time', async () => {
    const code = await createCode({ expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t.server.database.query(
      "update promocodes set expires_at = now() - interval '1 second' where id = $1",
      [code.id],
    );
    await expectRefused(await player(), code.code, PromocodeErrorCode.Expired);
  });

  it('code 3: usages exhausted', async () => {
    const code = await createCode({ maxUses: 1 });
    expect((await activate(await player(), code.code)).statusCode).toBe(200);
    await expectRefused(await player(), code.code, PromocodeErrorCode.Exhausted);
  });

  it('code 5: the promo limit per day', async () => {
    await putSetting(t, 'promocodes.daily_limit', 2);
    try {
      const u = await player();
      for (const _ of [1, 2])
        expect((await activate(u, (await createCode({ value: '0.1' })).code)).statusCode).toBe(200);
      await expectRefused(u, (await createCode()).code, PromocodeErrorCode.PromoLimit);
    } finally {
      await putSetting(t, 'promocodes.daily_limit', 3);
    }
  });

  it('code 6: referral-only (and non-affiliated-only) codes', async () => {
    const referred = await createCode({ affiliation: 'referred' });
    const unaffiliated = await createCode({ affiliation: 'unaffiliated' });
    const plain = await player();
    const invited = await player();
    await t.server.database.query('update users set invited_by = $2 where id = $1', [invited.id, admin.id]);
    await expectRefused(plain, referred.code, PromocodeErrorCode.ReferralOnly);
    await expectRefused(invited, unaffiliated.code, PromocodeErrorCode.ReferralOnly);
    expect((await activate(invited, referred.code)).statusCode).toBe(200);
    expect((await activate(plain, unaffiliated.code)).statusCode).toBe(200);
  });

  it('code 7: VIP-only', async () => {
    const code = await createCode({ vipLevel: 2 });
    const u = await player();
    await expectRefused(u, code.code, PromocodeErrorCode.VipOnly);
    await t.server.database.query('update users set vip_level = 2 where id = $1', [u.id]);
    expect((await activate(u, code.code)).statusCode).toBe(200);
  });

  it("code 8: 'You cannot activate your own promocode!'", async () => {
    const owner = await player();
    const code = await createCode({ owner: owner.name });
    expect(code.owner).toBe(owner.name);
    await expectRefused(owner, code.code, PromocodeErrorCode.OwnCode);
    expect((await activate(await player(), code.code)).statusCode).toBe(200);
  });

  it("code 9: 'This promocode is private and cannot be activated with your account'", async () => {
    const chosen = await player();
    const code = await createCode({ privateTo: [chosen.name], public: true });
    expect(code.privateTo).toEqual([chosen.name]);
    expect(code.public).toBe(false);
    await expectRefused(await player(), code.code, PromocodeErrorCode.Private);
    expect((await activate(chosen, code.code)).statusCode).toBe(200);
  });

  it('the low-balance rule: a player holding the setting’s USD value or more is refused', async () => {
    const code = await createCode();
    const rich = await player();
    await fund(t.server, rich.id, 5n * USDT);
    const res = await activate(rich, code.code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: PROMOCODE_BALANCE_TOO_HIGH,
      message: 'Your balance must be below $5 to activate a promocode.',
    });
    const poor = await player();
    await fund(t.server, poor.id, 4n * USDT);
    expect((await activate(poor, code.code)).statusCode).toBe(200);
  });

  it('a self-excluded player cannot activate; a guest is asked to sign in', async () => {
    const code = await createCode();
    const u = await player();
    await blockPlayer(t.server.database, u.id, '7 days', 'self_exclusion');
    const res = await activate(u, code.code);
    expect([res.statusCode, (res.json() as { code: string }).code]).toEqual([403, 'self_excluded']);
    expect(await activations(code)).toBe(0);
    expect((await activate(null, code.code)).statusCode).toBe(401);
  });

  it('100 concurrent activations of a code with 10 uses give exactly 10', async () => {
    const code = await createCode({ maxUses: 10, value: '1' });
    const players = await Promise.all(Array.from({ length: 100 }, () => player()));
    const answers = await Promise.all(players.map((u) => activate(u, code.code)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json()).toEqual({
        code: PromocodeErrorCode.Exhausted,
        message: PromocodeMessages[PromocodeErrorCode.Exhausted],
      });
    expect(await activations(code)).toBe(10);
    const paid = await t.server.database.query<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::text as total from ledger_transfers
        where idempotency_key like $1`,
      [`promocode:${code.id}:%`],
    );
    expect(paid[0]).toEqual({ n: 10, total: (10n * USDT).toString() });
    const row = await t.server.database.query<{ uses: number }>('select uses from promocodes where id = $1', [
      code.id,
    ]);
    expect(row[0]?.uses).toBe(10);
  });
});

describe('public codes and banners', () => {
  it('listPublic shows the public codes that can still be activated', async () => {
    const open = await createCode({ public: true, description: 'For all', type: 'bonus', multiplier: 5 });
    const hidden = await createCode({ public: false });
    const off = await createCode({ public: true });
    await post(admin, '/api/admin/promocodes/disable', { id: off.id });
    const res = await post(null, '/api/promocode/listPublic');
    expect(res.statusCode).toBe(200);
    const list = res.json() as PublicPromocode[];
    const codes = list.map((c) => c.code);
    expect(codes).toContain(open.code);
    expect(codes).not.toContain(hidden.code);
    expect(codes).not.toContain(off.code);
    expect(list.find((c) => c.code === open.code)).toMatchObject({
      description: 'For all',
      type: 'bonus',
      multiplier: 5,
      value: '10',
      usesLeft: null,
    });
  });

  it('banners: filtered by the sport flag, Poker hidden from guests; a banner activates only its code', async () => {
    const code = await createCode({ value: '3' });
    const notBanner = await createCode();
    await putSetting(t, 'promocodes.banners', [
      { id: 'casino', code: code.code, type: 'Deposit', sport: false, title: 'Casino gift' },
      { id: 'poker', type: 'Poker', sport: false, title: 'Poker night' },
      { id: 'sport', type: 'Sport', sport: true, title: 'Sport gift' },
      { id: 'off', type: 'Deposit', title: 'Off', enabled: false },
    ]);
    const u = await player();
    const ids = async (who: TestUser | null, payload: object) =>
      ((await post(who, '/api/promotionBanners', payload)).json() as PromotionBanner[]).map((b) => b._id);
    expect(await ids(null, {})).toEqual(['casino', 'sport']);
    expect(await ids(u, {})).toEqual(['casino', 'poker', 'sport']);
    expect(await ids(u, { sport: false })).toEqual(['casino', 'poker']);
    expect(await ids(null, { sport: true })).toEqual(['sport']);

    const wrong = await post(u, '/api/promocode/promotion-banner-activate', { code: notBanner.code });
    expect(wrong.json()).toEqual({ code: 1, message: PromocodeMessages[1] });
    const res = await post(u, '/api/promocode/promotion-banner-activate', { code: code.code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balances(u)).toEqual({ real: 3n * USDT, bonus: 0n });
    const twice = await post(u, '/api/promocode/promotion-banner-activate', { code: code.code });
    expect((twice.json() as { code: number }).code).toBe(PromocodeErrorCode.AlreadyUsed);
  });
});

describe('back office', () => {
  it('creates (audited), refuses bad input without a write, lists with search and pages, disables (audited)', async () => {
    const code = await createCode({ code: `AUDIT${++seq}X`, description: 'Audited code' });
    const audit = await t.server.database.query<{ action: string; actor_id: string }>(
      'select action, actor_id::text as actor_id from staff_audit_log where target_type = $1 and target_id = $2 order by id',
      ['promocode', code.id],
    );
    expect(audit).toEqual([{ action: 'promocodes.create', actor_id: admin.id }]);
    expect(code.createdBy).toBe(admin.name);

    const dup = await post(admin, '/api/admin/promocodes/create', {
      code: code.code.toLowerCase(),
      type: 'real',
      currency: 'usdt',
      value: '1',
    });
    expect(dup.statusCode).toBe(409);
    for (const bad of [
      { currency: 'nope' },
      { value: '0' },
      { value: '1.123456789' },
      { owner: 'nobody-here' },
      { expiresAt: '2001-01-01T00:00:00Z' },
    ]) {
      const res = await post(admin, '/api/admin/promocodes/create', {
        code: `BAD${++seq}`,
        type: 'real',
        currency: 'usdt',
        value: '1',
        ...bad,
      });
      expect([400, 409, 422], `${JSON.stringify(bad)}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await t.server.database.query("select 1 from promocodes where code like 'BAD%'")).length).toBe(0);

    const found = (await post(admin, '/api/admin/promocodes', { search: 'audited code' })).json() as {
      codes: AdminPromocode[];
    };
    expect(found.codes.map((c) => c.id)).toEqual([code.id]);
    const first = (await post(admin, '/api/admin/promocodes', { limit: 2 })).json() as {
      codes: AdminPromocode[];
      next: string;
    };
    expect(first.codes).toHaveLength(2);
    const second = (await post(admin, '/api/admin/promocodes', { limit: 2, before: first.next })).json() as {
      codes: AdminPromocode[];
    };
    expect(Number(second.codes[0]?.id)).toBeLessThan(Number(first.codes[1]?.id));

    await post(admin, '/api/admin/promocodes/disable', { id: code.id });
    const disabled = (
      await post(admin, '/api/admin/promocodes', { status: 'disabled', search: code.code })
    ).json() as {
      codes: AdminPromocode[];
    };
    expect(disabled.codes.map((c) => c.code)).toEqual([code.code]);
    const actions = await t.server.database.query<{ action: string }>(
      'select action from staff_audit_log where target_type = $1 and target_id = $2 order by id',
      ['promocode', code.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['promocodes.create', 'promocodes.disable']);
    // A player and support staff hold no `promocodes` permission; marketing staff do.
    expect((await post(await player(), '/api/admin/promocodes', {})).statusCode).toBe(403);
    const support = await createUser(t.server.database, { roles: ['support'] });
    expect((await post(support, '/api/admin/promocodes', {})).statusCode).toBe(403);
    const marketing = await createUser(t.server.database, { roles: ['marketing'] });
    expect((await post(marketing, '/api/admin/promocodes', {})).statusCode).toBe(200);
  });
});

describe('tickets codes (G7 item 2)', () => {
  const tickets = (u: TestUser) => ticketsOf(t.server.database, u.id);
  const ticketsCode = (opts: Partial<AdminPromocodeCreate>) =>
    createCode({ type: 'tickets', value: undefined, ...opts });

  it('grants exactly n wheel tickets once (grant key promocode:{code}:{player}), no money', async () => {
    const code = await ticketsCode({ tickets: 3 });
    expect(code).toMatchObject({ type: 'tickets', tickets: 3, value: '0' });
    const u = await player();
    const before = await tickets(u);
    const res = await activate(u, code.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      bonus: { type: 'tickets', tickets: 3, bonusId: null, wagering: null },
    });
    expect(await tickets(u)).toBe(before + 3);
    expect(await balances(u)).toEqual({ real: 0n, bonus: 0n });
    const grants = await t.server.database.query<{ key: string; tickets: number }>(
      'select key, tickets from wheel_ticket_grants where user_id = $1 and key like $2',
      [u.id, 'promocode:%'],
    );
    expect(grants).toEqual([{ key: `promocode:${code.id}:${u.id}`, tickets: 3 }]);
    await expectRefused(u, code.code, PromocodeErrorCode.AlreadyUsed);
    expect(await tickets(u)).toBe(before + 3);
  });

  it('the rules hold: private, VIP minimum, disabled', async () => {
    const other = await player();
    const priv = await ticketsCode({ tickets: 2, privateTo: [other.name] });
    const vip = await ticketsCode({ tickets: 2, vipLevel: 5 });
    const off = await ticketsCode({ tickets: 2 });
    await post(admin, '/api/admin/promocodes/disable', { id: off.id });
    const u = await player();
    await expectRefused(u, priv.code, PromocodeErrorCode.Private);
    await expectRefused(u, vip.code, PromocodeErrorCode.VipOnly);
    await expectRefused(u, off.code, PromocodeErrorCode.Invalid);
    expect(await tickets(u)).toBe(0);
    expect((await activate(other, priv.code)).statusCode).toBe(200);
    expect(await tickets(other)).toBe(2);
  });

  it('50 concurrent activations of a tickets code with 10 uses give exactly 10 and 10 * n tickets', async () => {
    const code = await ticketsCode({ tickets: 4, maxUses: 10 });
    const players = await Promise.all(Array.from({ length: 50 }, () => player()));
    const answers = await Promise.all(players.map((u) => activate(u, code.code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json()).toEqual({
        code: PromocodeErrorCode.Exhausted,
        message: PromocodeMessages[PromocodeErrorCode.Exhausted],
      });
    expect(await activations(code)).toBe(10);
    const granted = await t.server.database.query<{ n: number; total: number }>(
      `select count(*)::int as n, coalesce(sum(tickets), 0)::int as total from wheel_ticket_grants
        where key like $1`,
      [`promocode:${code.id}:%`],
    );
    expect(granted[0]).toEqual({ n: 10, total: 40 });
    const held = await Promise.all(players.map((u) => tickets(u)));
    expect(held.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('refuses bad tickets input with a 4xx and no write', async () => {
    for (const bad of [
      { type: 'tickets' },
      { type: 'tickets', tickets: 0 },
      { type: 'tickets', tickets: 101 },
      { type: 'tickets', tickets: 1.5 },
      { type: 'tickets', tickets: 3, value: '5' },
      { type: 'real', value: '1', tickets: 3 },
      { type: 'spins', tickets: 3 },
    ]) {
      const res = await post(admin, '/api/admin/promocodes/create', {
        code: `BADT${++seq}`,
        currency: 'usdt',
        ...bad,
      });
      expect([400, 422], `${JSON.stringify(bad)}: ${res.body}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ code: expect.anything(), message: expect.any(String) });
    }
    expect((await t.server.database.query("select 1 from promocodes where code like 'BADT%'")).length).toBe(
      0,
    );
  });
});
