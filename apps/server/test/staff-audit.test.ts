import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StaffAuditEntry } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, listMigrations, runMigrations } from '../src/db/migrate.js';
import { recordStaffAction } from '../src/modules/audit/index.js';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { WithdrawalService } from '../src/modules/withdrawals/index.js';
import type { AuthUser } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, createTestDatabase, startTestServer, type TestServer } from './helpers/test-server.js';
import { fund } from './helpers/players.js';

/**
 * The staff audit log: withdrawal decisions and chat moderation write exactly one row each (actor,
 * action, target, before/after) in the action's transaction, a failed action none; the rows cannot
 * be changed; administrators read them with filters and paging, everybody else is refused; bad
 * filters get 422; the chat's old moderation log moves into it.
 */
let t: TestServer;
let admin: TestUser;
let finance: TestUser;
let mod: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  finance = await createUser(t.server.database, { roles: ['finance'] });
  mod = await createUser(t.server.database, { roles: ['chat_moderator'] });
});
afterAll(async () => {
  await t?.close();
});

const USDT = 100_000_000n;
const TRX = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });

interface LogPage {
  entries: StaffAuditEntry[];
  next: string | null;
}

async function readLog(filter: Record<string, unknown> = {}): Promise<LogPage> {
  const res = await post(admin, '/api/admin/audit', filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LogPage;
}

/** Every row about one target, straight from the table. */
const rowsFor = (targetId: string) =>
  t.server.database.query<{ action: string; actor_id: string }>(
    'select action, actor_id::text as actor_id from staff_audit_log where target_id = $1 order by id',
    [targetId],
  );
const total = async () =>
  (await t.server.database.query<{ n: number }>('select count(*)::int as n from staff_audit_log'))[0]?.n;

async function pendingWithdrawal(): Promise<{ player: TestUser; id: string }> {
  const player = await createUser(t.server.database);
  await fund(t.server, player.id, 500n * USDT, { kind: 'deposit' });
  const res = await post(player, '/api/wallet/withdraw', {
    sum: '100',
    currency: 'usdt',
    chain: 'trx',
    wallet: TRX,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { player, id: (res.json() as { withdraw: { _id: string } }).withdraw._id };
}

const withdrawal = async (id: string) =>
  (
    await t.server.database.query<{ status: number; decline_reason: string | null; refunded_at: unknown }>(
      'select status, decline_reason, refunded_at from withdrawals where id = $1',
      [id],
    )
  )[0];
const realBalance = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;

async function authUser(u: TestUser): Promise<AuthUser> {
  const user = await loadAuthUser(t.server.database, u.id);
  if (!user) throw new Error('test user not found');
  return user;
}

/** Makes the audit insert of `action` fail, to show the action itself then rolls back. */
async function failAuditOf(action: string): Promise<() => Promise<void>> {
  await t.server.database
    .query(`create or replace function audit_test_fail() returns trigger language plpgsql as $$
    begin
      if new.action = tg_argv[0] then raise exception 'injected audit failure'; end if;
      return new;
    end;
    $$`);
  await t.server.database.query(
    `create trigger audit_test_fail before insert on staff_audit_log
       for each row execute function audit_test_fail('${action}')`,
  );
  return async () => {
    await t.server.database.query('drop trigger audit_test_fail on staff_audit_log');
  };
}

describe('withdrawal decisions', () => {
  it('a decline writes exactly one row: actor, action, target, before/after, details', async () => {
    const { player, id } = await pendingWithdrawal();
    const res = await post(finance, '/api/admin/withdraws/decline', { id, reason: ' Wrong network ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsFor(id)).toEqual([{ action: 'withdrawal.decline', actor_id: finance.id }]);
    const [entry] = (await readLog({ targetType: 'withdrawal', targetId: id })).entries;
    expect(entry).toMatchObject({
      actor: { _id: finance.id, name: finance.name },
      action: 'withdrawal.decline',
      target: { type: 'withdrawal', id },
      before: { status: 0, declineReason: null },
      after: { status: 2, declineReason: 'Wrong network' },
      details: { userId: player.id, currency: 'usdt', chain: 'trx', address: TRX, sum: '100', fee: '2' },
    });
    expect(Date.now() - Date.parse(entry?.created_at ?? '')).toBeLessThan(60_000);
  });

  it('an accept writes exactly one row with the txid', async () => {
    const { id } = await pendingWithdrawal();
    const res = await post(finance, '/api/admin/withdraws/accept', { id, txid: '0xabc' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsFor(id)).toEqual([{ action: 'withdrawal.accept', actor_id: finance.id }]);
    const [entry] = (await readLog({ targetId: id })).entries;
    expect(entry).toMatchObject({
      action: 'withdrawal.accept',
      before: { status: 0, txid: null },
      after: { status: 1, txid: '0xabc' },
    });
  });

  it('failed decisions write nothing: already decided, unknown, not staff, bad input', async () => {
    const { player, id } = await pendingWithdrawal();
    expect((await post(finance, '/api/admin/withdraws/accept', { id, txid: 'tx1' })).statusCode).toBe(200);
    const before = await total();
    const again = await post(finance, '/api/admin/withdraws/decline', { id, reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect((await post(finance, '/api/admin/withdraws/accept', { id, txid: 'tx2' })).statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(finance, '/api/admin/withdraws/accept', { id: unknown, txid: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post(player, '/api/admin/withdraws/decline', { id, reason: 'me' })).statusCode).toBe(403);
    expect((await post(finance, '/api/admin/withdraws/decline', { id, reason: '' })).statusCode).toBe(422);
    expect(await total()).toBe(before);
    expect(await rowsFor(id)).toEqual([{ action: 'withdrawal.accept', actor_id: finance.id }]);
  });

  it('staff deciding at once: one decision, one row (the winner)', async () => {
    const { id } = await pendingWithdrawal();
    const other = await createUser(t.server.database, { roles: ['finance'] });
    const results = await Promise.all([
      post(finance, '/api/admin/withdraws/decline', { id, reason: 'no' }),
      post(other, '/api/admin/withdraws/accept', { id, txid: '0x1' }),
      post(other, '/api/admin/withdraws/decline', { id, reason: 'no' }),
      post(finance, '/api/admin/withdraws/accept', { id, txid: '0x2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await rowsFor(id);
    expect(rows).toHaveLength(1);
    const status = (await withdrawal(id))?.status;
    expect(rows[0]?.action).toBe(status === 2 ? 'withdrawal.decline' : 'withdrawal.accept');
  });

  it('the decision and its row are one transaction: no row, no decision (and no refund)', async () => {
    const { player, id } = await pendingWithdrawal();
    const balance = await realBalance(player);
    const service = new WithdrawalService(contextOf(t));
    const restore = await failAuditOf('withdrawal.decline');
    try {
      await expect(service.decline(await authUser(finance), id, 'nope')).rejects.toThrow(
        /injected audit failure/,
      );
    } finally {
      await restore();
    }
    expect(await withdrawal(id)).toMatchObject({ status: 0, decline_reason: null, refunded_at: null });
    expect(await realBalance(player)).toBe(balance);
    expect(await rowsFor(id)).toEqual([]);
    // Without the fault it goes through, once.
    await service.decline(await authUser(finance), id, 'now');
    expect(await withdrawal(id)).toMatchObject({ status: 2, decline_reason: 'now' });
    expect(await realBalance(player)).toBe(balance + 102n * USDT);
    expect(await rowsFor(id)).toEqual([{ action: 'withdrawal.decline', actor_id: finance.id }]);
  });
});

describe('chat moderation', () => {
  const mutedUntil = async (userId: string) =>
    (
      await t.server.database.query<{ until: Date | string | null }>(
        'select chat_muted_until as until from users where id = $1',
        [userId],
      )
    )[0]?.until ?? null;

  it('a mute writes exactly one row; a second mute and an unmute record the state they replaced', async () => {
    const player = await createUser(t.server.database);
    const res = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 60 });
    expect(res.statusCode, res.body).toBe(200);
    const { until } = res.json() as { until: string };
    expect(await rowsFor(player.id)).toEqual([{ action: 'chat.mute', actor_id: mod.id }]);
    const [mute] = (await readLog({ targetType: 'user', targetId: player.id })).entries;
    expect(mute).toMatchObject({
      actor: { _id: mod.id, name: mod.name },
      action: 'chat.mute',
      target: { type: 'user', id: player.id },
      before: { chatMutedUntil: null },
      after: { chatMutedUntil: until },
      details: { name: player.name, minutes: 60, until },
    });

    const longer = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 1440 });
    const later = (longer.json() as { until: string }).until;
    expect((await post(mod, '/api/chat/moderate/unmute', { name: player.name })).statusCode).toBe(200);
    const [unmute, second] = (await readLog({ targetId: player.id })).entries;
    expect(second).toMatchObject({ before: { chatMutedUntil: until }, after: { chatMutedUntil: later } });
    expect(unmute).toMatchObject({
      action: 'chat.unmute',
      before: { chatMutedUntil: later },
      after: { chatMutedUntil: null },
    });
    expect(await rowsFor(player.id)).toHaveLength(3);
  });

  it('failed moderation writes nothing: unknown player, bad duration, not a moderator', async () => {
    const player = await createUser(t.server.database);
    const before = await total();
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await post(mod, '/api/chat/moderate/mute', { id: unknown, minutes: 5 })).statusCode).toBe(404);
    expect((await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 7 })).statusCode).toBe(422);
    expect((await post(player, '/api/chat/moderate/mute', { id: player.id, minutes: 5 })).statusCode).toBe(
      403,
    );
    expect((await post(mod, '/api/chat/moderate/unmute', { name: 'nobody_by_that_name' })).statusCode).toBe(
      404,
    );
    expect((await post(mod, '/api/chat/moderate/removeMessage', { id: '999999999999' })).statusCode).toBe(
      404,
    );
    expect(await total()).toBe(before);
  });

  it('the mute and its row are one transaction: no row, no mute', async () => {
    const player = await createUser(t.server.database);
    const restore = await failAuditOf('chat.mute');
    try {
      const res = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 5 });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await mutedUntil(player.id)).toBeNull();
    expect(await rowsFor(player.id)).toEqual([]);
  });

  it('removing a message writes one row; the chat audit view shows the same rows', async () => {
    const player = await createUser(t.server.database);
    const sent = await post(player, '/api/whisper', {
      event: 'ChatMessage',
      data: { message: 'buy followers at example', channel: 'casino_en' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = (sent.json() as { _id: string })._id;
    expect((await post(mod, '/api/chat/moderate/removeMessage', { id: messageId })).statusCode).toBe(200);
    // Removing it again removes nothing and records nothing.
    expect((await post(mod, '/api/chat/moderate/removeMessage', { id: messageId })).statusCode).toBe(200);
    expect(await rowsFor(messageId)).toEqual([{ action: 'chat.remove_message', actor_id: mod.id }]);
    const [entry] = (await readLog({ targetType: 'chat_message', targetId: messageId })).entries;
    expect(entry).toMatchObject({
      before: { removed: false },
      after: { removed: true },
      details: { channel: 'casino_en', userId: player.id },
    });
    const chatView = (await post(admin, '/api/admin/chat/audit', { limit: 1 })).json() as {
      entries: { id: string; action: string; target: string }[];
    };
    expect(chatView.entries).toEqual([
      expect.objectContaining({ id: entry?.id, action: 'remove_message', target: messageId }),
    ]);
  });
});

describe('reading the log', () => {
  it('filters by actor, action or module, target and time range, newest first', async () => {
    const { id } = await pendingWithdrawal();
    await post(finance, '/api/admin/withdraws/decline', { id, reason: 'filter test' });
    const player = await createUser(t.server.database);
    await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 5 });

    const byFinance = (await readLog({ actor: finance.id, limit: 200 })).entries;
    expect(byFinance.length).toBeGreaterThan(0);
    expect(byFinance.every((e) => e.actor._id === finance.id)).toBe(true);
    const ids = byFinance.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

    const mutes = (await readLog({ action: 'chat.mute', limit: 200 })).entries;
    expect(mutes.length).toBeGreaterThan(0);
    expect(mutes.every((e) => e.action === 'chat.mute')).toBe(true);
    const withdrawals = (await readLog({ action: 'withdrawal', limit: 200 })).entries;
    expect(new Set(withdrawals.map((e) => e.action))).toEqual(
      new Set(['withdrawal.accept', 'withdrawal.decline']),
    );
    expect((await readLog({ action: 'withdraw' })).entries).toEqual([]);

    const [newest] = (await readLog({ limit: 1 })).entries;
    const at = Date.parse(newest?.created_at ?? '');
    const window = await readLog({
      from: new Date(at - 60_000).toISOString(),
      to: new Date(at + 1).toISOString(),
      limit: 1,
    });
    expect(window.entries[0]?.id).toBe(newest?.id);
    expect((await readLog({ from: new Date(at + 1).toISOString() })).entries).toEqual([]);
    expect((await readLog({ to: '2020-01-01T00:00:00+01:00' })).entries).toEqual([]);
    expect((await readLog({ targetType: 'user', targetId: player.id })).entries).toHaveLength(1);
  });

  it('pages with `next` through every entry once, in order', async () => {
    const all = (await readLog({ limit: 200 })).entries;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res: LogPage = await readLog({ limit: 2, ...(cursor ? { before: cursor } : {}) });
      seen.push(...res.entries.map((e) => e.id));
      cursor = res.next;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    expect((await readLog({ before: '1' })).entries).toEqual([]);
  });

  it('refuses everyone but administrators: 403 {code, message} for staff and players, 401 for guests', async () => {
    const player = await createUser(t.server.database);
    for (const u of [player, mod, finance]) {
      const res = await post(u, '/api/admin/audit', {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: expect.any(String) });
    }
    expect((await post(null, '/api/admin/audit', {})).statusCode).toBe(401);
  });

  it('bad filters get 422 {code, message}, never a 500', async () => {
    const bad: Record<string, unknown>[] = [
      { actor: 'not-a-user-id' },
      { actor: 42 },
      { action: 'Chat.Mute' },
      { action: 'chat..mute' },
      { action: 'chat.%' },
      { targetType: 'user list' },
      { targetId: '' },
      { targetId: 'a b' },
      { targetId: 'x'.repeat(129) },
      { targetId: 'a\u0000b' },
      { from: 'yesterday' },
      { from: '2026-01-01' },
      { from: '0000-01-01T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { limit: 0 },
      { limit: 201 },
      { limit: '5' },
      { limit: 1.5 },
      { before: 'abc' },
      { before: '-1' },
      { before: '1'.repeat(19) },
      { page: 2 },
    ];
    for (const body of bad) {
      const res = await post(admin, '/api/admin/audit', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toMatchObject({
        code: 'validation_failed',
        message: expect.any(String),
      });
    }
  });
});

describe('the table', () => {
  it('is append-only: updates, deletes and truncation are refused', async () => {
    const count = await total();
    const attempts = [
      "update staff_audit_log set actor_name = 'someone else'",
      'delete from staff_audit_log',
      'truncate staff_audit_log',
    ];
    for (const sql of attempts) {
      await expect(t.server.database.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await total()).toBe(count);
  });

  it('recordStaffAction refuses an action name that is not {module}.{verb}, writing nothing', async () => {
    const count = await total();
    const actor = await authUser(admin);
    for (const action of ['mute', 'Chat.mute', 'chat.', 'chat mute']) {
      await expect(
        t.server.database.transaction((tx) => recordStaffAction(tx, { actor, action, target: null })),
      ).rejects.toThrow(/module/);
    }
    expect(await total()).toBe(count);
  });

  it('a row written in a transaction that rolls back is gone with it', async () => {
    const count = await total();
    const actor = await authUser(admin);
    await expect(
      t.server.database.transaction(async (tx) => {
        await recordStaffAction(tx, {
          actor,
          action: 'settings.update',
          target: { type: 'setting', id: 'tips' },
          before: { enabled: true },
          after: { enabled: false },
        });
        throw new Error('the action failed after its audit row');
      }),
    ).rejects.toThrow(/after its audit row/);
    expect(await total()).toBe(count);
  });
});

describe('migration 0020', () => {
  it("moves the chat's moderation log into the staff log and drops it", async () => {
    const db = await createTestDatabase();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-migrations-'));
    try {
      const files = await listMigrations();
      const until = files.indexOf('0020_staff_audit.sql');
      expect(until).toBeGreaterThan(0);
      for (const f of files.slice(0, until))
        await fs.copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await runMigrations(db.database, dir);
      await db.database.query(
        `insert into chat_audit_log (actor_id, actor_name, action, target, details) values
           (null, 'old_mod', 'mute', '11111111-1111-4111-8111-111111111111', '{"minutes": 5}'),
           (null, 'old_mod', 'remove_message', '42', '{"channel": "casino_en"}'),
           (null, 'old_mod', 'quiz', null, '{"quizId": "7", "answer": "x"}')`,
      );
      for (const f of files.slice(until)) await fs.copyFile(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
      await runMigrations(db.database, dir);
      const rows = await db.database.query(
        `select actor_name, action, target_type, target_id, details from staff_audit_log order by id`,
      );
      expect(rows).toEqual([
        {
          actor_name: 'old_mod',
          action: 'chat.mute',
          target_type: 'user',
          target_id: '11111111-1111-4111-8111-111111111111',
          details: { minutes: 5 },
        },
        {
          actor_name: 'old_mod',
          action: 'chat.remove_message',
          target_type: 'chat_message',
          target_id: '42',
          details: { channel: 'casino_en' },
        },
        {
          actor_name: 'old_mod',
          action: 'chat.quiz',
          target_type: 'chat_quiz',
          target_id: '7',
          details: { quizId: '7', answer: 'x' },
        },
      ]);
      const left = await db.database.query<{ t: string | null }>(
        "select to_regclass('chat_audit_log')::text as t",
      );
      expect(left[0]?.t).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  });
});
