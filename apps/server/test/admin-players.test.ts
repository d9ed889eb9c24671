/**
 * The back office's players (issue G8 item 2): the search by each key with paging, the player page,
 * the permission of every call (guest 401, player and moderator 403, finance reads but does not move
 * money), and the balance adjustment: exactly the amount, audited, never below zero, once per request
 * id, 2FA when the staff member has it, bad input refused with nothing written; ledger invariants hold.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { creditedDeposit, fund } from './helpers/players.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const USDT = 100_000_000n;
let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

interface Row {
  _id: string;
  name: string;
  email: string | null;
  vipLevel: number;
  roles: string[];
  chatMutedUntil: string | null;
  blocked: string | null;
}
async function search(body: Record<string, unknown>, token = admin.token) {
  const res = await post('/api/admin/users', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { users: Row[]; next: string | null };
}
const names = (page: { users: Row[] }) => page.users.map((u) => u.name);

async function realBalance(userId: string, currency = 'usdt'): Promise<bigint> {
  const rows = await t.server.database.query<{ balance: string }>(
    "select balance::text as balance from ledger_accounts where owner_id = $1 and kind = 'real' and currency = $2",
    [userId, currency],
  );
  return BigInt(rows[0]?.balance ?? '0');
}
async function auditRows(userId: string) {
  return t.server.database.query<{
    action: string;
    actor_id: string;
    before: unknown;
    after: unknown;
    details: Record<string, unknown>;
  }>(
    `select action, actor_id::text as actor_id, before, after, details from staff_audit_log
      where target_type = 'user' and target_id = $1 order by id`,
    [userId],
  );
}

describe('POST /api/admin/users', () => {
  it('finds a player by part of the name or e-mail, the id, a deposit address and a wallet address', async () => {
    const mark = `find${Date.now().toString(36)}`;
    const p = await createUser(t.server.database, { name: `${mark}_Alice` });
    const other = await createUser(t.server.database, { name: `${mark}_bob` });
    await t.server.database.query(
      "update users set email = $2, wallet_address = $3, chat_muted_until = now() + interval '1 hour' where id = $1",
      [p.id, `Alice.${mark}@Mail.test`, `0x${mark}abcdef`.toLowerCase()],
    );
    await t.server.database.query('insert into deposit_derivation_indexes (user_id) values ($1)', [other.id]);
    await t.server.database.query(
      "insert into deposit_addresses (user_id, chain, address, derivation_index) values ($1, 'btc', $2, 99999)",
      [other.id, `bc1q${mark}deposit`],
    );

    expect(names(await search({ search: mark.toUpperCase() }))).toEqual([`${mark}_bob`, `${mark}_Alice`]);
    expect(names(await search({ search: `alice.${mark}@mail` }))).toEqual([`${mark}_Alice`]);
    expect(names(await search({ search: p.id.toUpperCase() }))).toEqual([`${mark}_Alice`]);
    expect(names(await search({ search: `bc1q${mark}DEPOSIT` }))).toEqual([`${mark}_bob`]);
    expect(names(await search({ search: `0x${mark}ABCDEF` }))).toEqual([`${mark}_Alice`]);
    // LIKE's wildcards are taken literally.
    expect(names(await search({ search: `${mark}%` }))).toEqual([]);
    const [row] = (await search({ search: `${mark}_alice` })).users;
    expect(row).toMatchObject({
      _id: p.id,
      email: `Alice.${mark}@Mail.test`,
      vipLevel: 0,
      roles: ['player'],
      blocked: null,
    });
    expect(row?.chatMutedUntil).not.toBeNull();
  });

  it('pages newest first without a gap or a repeat', async () => {
    const mark = `page${Date.now().toString(36)}`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createUser(t.server.database, { name: `${mark}_${i}` })).name);
    const seen: string[] = [];
    let page = await search({ search: mark, limit: 2 });
    for (;;) {
      seen.push(...names(page));
      if (!page.next) break;
      page = await search({ search: mark, limit: 2, before: page.next });
    }
    expect(seen).toEqual([...made].reverse());
    expect((await search({})).users.length).toBeGreaterThan(5);
  });

  it('refuses bad input with a 422 and callers without the users permission', async () => {
    for (const body of [
      { limit: 0 },
      { limit: 51 },
      { before: 'x' },
      { search: 'a'.repeat(121) },
      { extra: 1 },
    ])
      expect((await post('/api/admin/users', body, admin.token)).statusCode, JSON.stringify(body)).toBe(422);
    const player = await createUser(t.server.database);
    const moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    expect((await post('/api/admin/users', {})).statusCode).toBe(401);
    expect((await post('/api/admin/users', {}, player.token)).statusCode).toBe(403);
    expect((await post('/api/admin/users', {}, moderator.token)).statusCode).toBe(403);
    expect((await post('/api/admin/users', {}, finance.token)).statusCode).toBe(200);
    expect((await post('/api/admin/user', { userId: player.id }, moderator.token)).statusCode).toBe(403);
    expect((await post('/api/admin/user', { userId: player.id }, finance.token)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/user', () => {
  it("shows the player's profile, balances, ledger, bets, deposits, sessions and linked accounts", async () => {
    const p = await createUser(t.server.database);
    const twin = await createUser(t.server.database);
    await t.server.database.query(
      "update users set registration_ip = '203.0.113.9' where id = any($1::uuid[])",
      [[p.id, twin.id]],
    );
    await fund(t.server, p.id, 25n * USDT);
    await fund(t.server, p.id, 3n * USDT, { balance: 'demo' });
    await creditedDeposit(t.server, p.id, 5n * USDT, 1);
    const res = await post('/api/admin/user', { userId: p.id }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as {
      profile: { _id: string; name: string; roles: string[]; registrationIp: string };
      balances: { currency: string; kind: string; balance: string }[];
      ledger: { kind: string; account: string; amount: string }[];
      deposits: { sum: string; status: number }[];
      sessions: { _id: string }[];
      linked: { _id: string; name: string }[];
      vip: { level: number; next: { level: number } | null };
    };
    expect(detail.profile).toMatchObject({
      _id: p.id,
      name: p.name,
      roles: ['player'],
      registrationIp: '203.0.113.9',
    });
    expect(detail.balances).toEqual([
      { currency: 'usdt', kind: 'demo', balance: '3' },
      { currency: 'usdt', kind: 'real', balance: '30' },
    ]);
    expect(detail.ledger.map((l) => [l.kind, l.account, l.amount])).toEqual([
      ['deposit', 'real', '5'],
      ['test', 'demo', '3'],
      ['test', 'real', '25'],
    ]);
    expect(detail.deposits).toMatchObject([{ sum: '5', status: 1 }]);
    expect(detail.sessions.map((s) => s._id)).toEqual([p.sessionId]);
    expect(detail.linked).toEqual([expect.objectContaining({ _id: twin.id, name: twin.name })]);
    expect(detail.vip).toMatchObject({ level: 0, next: { level: 1 } });

    const unknown = await post('/api/admin/user', { userId: randomUUID() }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_user' });
    expect((await post('/api/admin/user', { userId: 'nope' }, admin.token)).statusCode).toBe(422);
    expect((await post('/api/admin/user', { userId: p.id })).statusCode).toBe(401);
    expect((await post('/api/admin/user', { userId: p.id }, p.token)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/user/balance', () => {
  const adjust = (body: Record<string, unknown>, token = admin.token) =>
    post('/api/admin/user/balance', body, token);

  it('moves exactly the amount, is audited, replays once and never goes below zero', async () => {
    const p = await createUser(t.server.database);
    await fund(t.server, p.id, 10n * USDT);
    const requestId = randomUUID();
    const credit = {
      userId: p.id,
      currency: 'usdt',
      direction: 'credit',
      amount: '1.23456789',
      reason: 'Goodwill',
      requestId,
    };
    const first = await adjust(credit);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, balance: '11.23456789', replayed: false });
    expect(await realBalance(p.id)).toBe(10n * USDT + 123_456_789n);
    // The same request again moves nothing and writes no second audit row.
    const again = await adjust(credit);
    expect(again.json()).toEqual({ ok: true, balance: '11.23456789', replayed: true });
    expect(await realBalance(p.id)).toBe(10n * USDT + 123_456_789n);
    // The same id with other details is a conflict, not a second movement.
    expect((await adjust({ ...credit, amount: '2' })).statusCode).toBe(409);

    const audit = await auditRows(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'players.adjust_balance',
      actor_id: admin.id,
      before: { balance: '10', currency: 'usdt' },
      after: { balance: '11.23456789', currency: 'usdt' },
      details: { direction: 'credit', amount: '1.23456789', reason: 'Goodwill', requestId },
    });

    // A debit larger than the balance is refused whole.
    const over = await adjust({
      ...credit,
      direction: 'debit',
      amount: '11.2345679',
      requestId: randomUUID(),
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'insufficient_balance' });
    expect(await realBalance(p.id)).toBe(10n * USDT + 123_456_789n);
    // A debit of all of it leaves exactly zero.
    const all = await adjust({
      ...credit,
      direction: 'debit',
      amount: '11.23456789',
      requestId: randomUUID(),
    });
    expect(all.json()).toEqual({ ok: true, balance: '0', replayed: false });
    expect(await realBalance(p.id)).toBe(0n);
    expect(await auditRows(p.id)).toHaveLength(2);

    const check = await checkLedger(t.server.database);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('refuses bad input, unknown players, the own balance and callers without the wallet permission, writing nothing', async () => {
    const p = await createUser(t.server.database);
    const base = {
      userId: p.id,
      currency: 'usdt',
      direction: 'credit',
      amount: '1',
      reason: 'Because',
      requestId: randomUUID(),
    };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...base, amount: '-1' }, 422],
      [{ ...base, amount: '0' }, 422],
      [{ ...base, amount: '1e3' }, 422],
      [{ ...base, amount: '1,5' }, 422],
      [{ ...base, amount: '0.000000001' }, 422],
      [{ ...base, amount: '' }, 422],
      [{ ...base, currency: 'nope' }, 422],
      [{ ...base, direction: 'both' }, 422],
      [{ ...base, reason: 'x' }, 422],
      [{ ...base, requestId: 'r1' }, 422],
      [{ ...base, extra: 1 }, 422],
      [{ ...base, userId: randomUUID() }, 404],
      [{ ...base, userId: admin.id }, 403],
    ];
    for (const [body, status] of cases) {
      const res = await adjust(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toHaveProperty('code');
      expect(res.json()).toHaveProperty('message');
    }
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    const moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
    expect((await adjust(base)).statusCode === 200).toBe(true);
    const fresh = { ...base, requestId: randomUUID() };
    expect((await post('/api/admin/user/balance', fresh)).statusCode).toBe(401);
    expect((await adjust(fresh, p.token)).statusCode).toBe(403);
    expect((await adjust(fresh, moderator.token)).statusCode).toBe(403);
    expect((await adjust(fresh, finance.token)).statusCode).toBe(403);
    expect(await realBalance(p.id)).toBe(USDT);
    expect(await realBalance(admin.id)).toBe(0n);
    expect(await auditRows(p.id)).toHaveLength(1);
  });

  it('asks for a fresh 2FA check when the staff member has 2FA on', async () => {
    const staff = await createUser(t.server.database, { roles: ['*'] });
    const p = await createUser(t.server.database);
    await t.server.database.query('update users set two_factor_enabled_at = now() where id = $1', [staff.id]);
    const body = {
      userId: p.id,
      currency: 'usdt',
      direction: 'credit',
      amount: '2',
      reason: 'Refund',
      requestId: randomUUID(),
    };
    const held = await adjust(body, staff.token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: -1024 });
    expect(await realBalance(p.id)).toBe(0n);
    await t.server.database.query('update sessions set two_factor_verified_at = now() where id = $1', [
      staff.sessionId,
    ]);
    expect((await adjust(body, staff.token)).statusCode).toBe(200);
    expect(await realBalance(p.id)).toBe(2n * USDT);
  });
});

describe('POST /api/admin/user/signOut', () => {
  it('ends every session of the player and is audited; players and moderators are refused', async () => {
    const p = await createUser(t.server.database);
    const moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
    expect((await post('/api/admin/user/signOut', { userId: p.id }, moderator.token)).statusCode).toBe(403);
    expect((await post('/api/admin/user/signOut', { userId: p.id }, p.token)).statusCode).toBe(403);
    expect((await post('/api/user/sessions', {}, p.token)).statusCode).toBe(200);
    const res = await post('/api/admin/user/signOut', { userId: p.id }, admin.token);
    expect(res.json()).toEqual({ ok: true, revoked: 1 });
    // The revoked bearer token is refused as expired.
    expect((await post('/api/user/sessions', {}, p.token)).statusCode).toBe(419);
    expect((await auditRows(p.id)).map((r) => [r.action, r.details.sessions])).toEqual([
      ['players.sign_out', 1],
    ]);
    expect((await post('/api/admin/user/signOut', { userId: randomUUID() }, admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/admin/user/roles', () => {
  const setRoles = (body: Record<string, unknown>, token = admin.token) =>
    post('/api/admin/user/roles', body, token);
  const rolesOf = async (id: string) =>
    (
      await t.server.database.query<{ role_id: string }>(
        'select role_id from user_roles where user_id = $1 order by role_id',
        [id],
      )
    ).map((r) => r.role_id);

  it('replaces the roles, audited; nobody changes their own; only administrators; unknown roles refused', async () => {
    const p = await createUser(t.server.database);
    const res = await setRoles({ userId: p.id, roles: ['player', 'finance'] });
    expect(res.json()).toEqual({ ok: true, roles: ['finance', 'player'] });
    expect(await rolesOf(p.id)).toEqual(['finance', 'player']);
    // The new role counts from the next request: finance reads the players now.
    expect((await post('/api/admin/users', {}, p.token)).statusCode).toBe(200);
    expect((await auditRows(p.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['players.roles', { roles: ['player'] }, { roles: ['finance', 'player'] }],
    ]);

    // Finance staff (users permission) cannot change roles, not even their own.
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    expect((await setRoles({ userId: finance.id, roles: ['*'] }, finance.token)).statusCode).toBe(403);
    expect((await setRoles({ userId: p.id, roles: ['*'] }, finance.token)).statusCode).toBe(403);
    // An administrator does not change their own roles.
    const own = await setRoles({ userId: admin.id, roles: ['player'] });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'own_roles' });
    expect(await rolesOf(admin.id)).toEqual(['*']);
    expect(await rolesOf(finance.id)).toEqual(['finance']);

    for (const [body, status] of [
      [{ userId: p.id, roles: ['nope'] }, 422],
      [{ userId: p.id, roles: [] }, 422],
      [{ userId: p.id, roles: ['player', 'player'] }, 422],
      [{ userId: p.id }, 422],
      [{ userId: randomUUID(), roles: ['player'] }, 404],
    ] as const)
      expect((await setRoles(body)).statusCode, JSON.stringify(body)).toBe(status);
    expect(await rolesOf(p.id)).toEqual(['finance', 'player']);
    expect(await auditRows(p.id)).toHaveLength(1);

    const catalogue = await post('/api/admin/roles', {}, admin.token);
    expect((catalogue.json() as { roles: { id: string }[] }).roles.map((r) => r.id)).toEqual(
      expect.arrayContaining(['*', 'chat_moderator', 'finance', 'player', 'support']),
    );
    expect((await post('/api/admin/roles', {}, p.token)).statusCode).toBe(200);
  });
});
