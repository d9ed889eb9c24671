/**
 * The player page's staff notes and the account ban (issue G8 item 2, decision 0047): notes are listed
 * newest first with author and time, paged without gap or repeat, added (1-2000 characters) and deleted
 * by their author only, each write audited; bad input is a 4xx with nothing written. A ban ends every
 * live session (their tokens answer 419), refuses every sign-in with 403 `account_banned` and the
 * banned account's text, and is audited; the unban lets the account sign in again. Callers without the
 * `users` permission are refused, and only administrators ban staff accounts.
 */
import { AuthMessages } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/auth/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { solvedCaptcha } from './helpers/solve-captcha.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let admin: TestUser;
let finance: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createUser(t.server.database, { roles: ['*'] });
  finance = await createUser(t.server.database, { roles: ['finance'] });
  moderator = await createUser(t.server.database, { roles: ['chat_moderator'] });
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

interface Note {
  _id: string;
  body: string;
  author: { _id: string; name: string };
  created_at: string;
  own: boolean;
}

async function notes(userId: string, token = admin.token, extra: Record<string, unknown> = {}) {
  const res = await post('/api/admin/user/notes', { userId, ...extra }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notes: Note[]; next: string | null };
}
async function add(userId: string, body: string, token = admin.token) {
  const res = await post('/api/admin/user/notes/add', { userId, body }, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { note: Note }).note;
}
async function audit(userId: string) {
  return t.server.database.query<{ action: string; actor_id: string; details: Record<string, unknown> }>(
    `select action, actor_id::text as actor_id, details from staff_audit_log
      where target_type = 'user' and target_id = $1 order by id`,
    [userId],
  );
}
async function noteCount(userId: string): Promise<number> {
  const rows = await t.server.database.query<{ n: number }>(
    'select count(*)::int as n from player_notes where user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? -1;
}
async function login(name: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: '10.9.8.7',
    payload: { login: name, password, captcha: await solvedCaptcha(t.app) },
  });
}
const me = (token: string) => post('/auth/update', {}, token);

describe('staff notes on a player', () => {
  it('adds notes, lists them newest first with author and time, and pages without gap or repeat', async () => {
    const player = await createUser(t.server.database);
    const first = await add(player.id, '  Asked about the withdrawal limits.  ');
    expect(first.body).toBe('Asked about the withdrawal limits.');
    expect(first.author).toEqual({ _id: admin.id, name: admin.name });
    expect(first.own).toBe(true);
    const second = await add(player.id, 'Verified by phone.', finance.token);
    const third = await add(player.id, 'x'.repeat(2000));

    const all = await notes(player.id);
    expect(all.notes.map((n) => n._id)).toEqual([third._id, second._id, first._id]);
    expect(all.next).toBeNull();
    // Ownership is the caller's: the finance member's note is theirs, not the administrator's.
    expect(all.notes.map((n) => n.own)).toEqual([true, false, true]);
    expect((await notes(player.id, finance.token)).notes.map((n) => n.own)).toEqual([false, true, false]);
    expect(all.notes[1]?.author.name).toBe(finance.name);
    expect(Date.parse(all.notes[0]?.created_at ?? '')).not.toBeNaN();

    const page1 = await notes(player.id, admin.token, { limit: 2 });
    expect(page1.notes.map((n) => n._id)).toEqual([third._id, second._id]);
    expect(page1.next).toBe(second._id);
    const page2 = await notes(player.id, admin.token, { limit: 2, before: page1.next });
    expect(page2.notes.map((n) => n._id)).toEqual([first._id]);
    expect(page2.next).toBeNull();

    const rows = await audit(player.id);
    expect(rows.map((r) => r.action)).toEqual(['players.note_add', 'players.note_add', 'players.note_add']);
    expect(rows[1]?.actor_id).toBe(finance.id);
    expect(rows[0]?.details).toMatchObject({ noteId: first._id });
    // Another player's notes are not this one's.
    expect((await notes(admin.id)).notes.some((n) => n._id === first._id)).toBe(false);
  });

  it('deletes only the author’s own note, audited', async () => {
    const player = await createUser(t.server.database);
    const mine = await add(player.id, 'Mine to delete.');
    const theirs = await add(player.id, 'Written by finance.', finance.token);

    const refused = await post('/api/admin/user/notes/delete', { noteId: theirs._id }, admin.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_own_note' });
    expect(await noteCount(player.id)).toBe(2);

    const done = await post('/api/admin/user/notes/delete', { noteId: mine._id }, admin.token);
    expect(done.statusCode, done.body).toBe(200);
    expect((await notes(player.id)).notes.map((n) => n._id)).toEqual([theirs._id]);
    const again = await post('/api/admin/user/notes/delete', { noteId: mine._id }, admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'unknown_note' });

    const rows = await audit(player.id);
    expect(rows.map((r) => r.action)).toEqual([
      'players.note_add',
      'players.note_add',
      'players.note_delete',
    ]);
    expect(rows[2]?.details).toMatchObject({ noteId: mine._id });
  });

  it('refuses bad input with a 4xx and nothing written', async () => {
    const player = await createUser(t.server.database);
    const cases: [string, Record<string, unknown>, number][] = [
      ['/api/admin/user/notes/add', { userId: player.id, body: '' }, 422],
      ['/api/admin/user/notes/add', { userId: player.id, body: '   ' }, 422],
      ['/api/admin/user/notes/add', { userId: player.id, body: 'x'.repeat(2001) }, 422],
      ['/api/admin/user/notes/add', { userId: player.id, body: 42 }, 422],
      ['/api/admin/user/notes/add', { userId: player.id }, 422],
      ['/api/admin/user/notes/add', { userId: 'not-a-uuid', body: 'hello' }, 422],
      ['/api/admin/user/notes/add', { userId: player.id, body: 'hi', extra: 1 }, 422],
      ['/api/admin/user/notes/add', { userId: '00000000-0000-4000-8000-000000000000', body: 'hi' }, 404],
      ['/api/admin/user/notes', { userId: '00000000-0000-4000-8000-000000000000' }, 404],
      ['/api/admin/user/notes', { userId: player.id, limit: 0 }, 422],
      ['/api/admin/user/notes', { userId: player.id, before: 'x' }, 422],
      ['/api/admin/user/notes/delete', { noteId: 'x' }, 422],
      ['/api/admin/user/notes/delete', { noteId: '00000000-0000-4000-8000-000000000000' }, 404],
    ];
    for (const [url, body, status] of cases) {
      const res = await post(url, body, admin.token);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
      const answer = res.json() as { code?: unknown; message?: unknown };
      expect(typeof answer.code).toBe('string');
      expect(typeof answer.message).toBe('string');
    }
    expect(await noteCount(player.id)).toBe(0);
    expect(await audit(player.id)).toEqual([]);
  });

  it('refuses guests and staff without the users permission', async () => {
    const player = await createUser(t.server.database);
    const note = await add(player.id, 'Staff only.');
    for (const [url, body] of [
      ['/api/admin/user/notes', { userId: player.id }],
      ['/api/admin/user/notes/add', { userId: player.id, body: 'nope' }],
      ['/api/admin/user/notes/delete', { noteId: note._id }],
    ] as const) {
      expect((await post(url, body)).statusCode).toBe(401);
      expect((await post(url, body, moderator.token)).statusCode).toBe(403);
      expect((await post(url, body, player.token)).statusCode).toBe(403);
    }
    expect(await noteCount(player.id)).toBe(1);
  });
});

describe('ban and unban', () => {
  it('ends every session, refuses every sign-in, and the unban restores sign-in', async () => {
    const password = 'banned-pass-1';
    const player = await createUser(t.server.database, { password });
    const second = await createSession(t.server.database, player.id);
    expect((await me(player.token)).statusCode).toBe(200);

    const res = await post(
      '/api/admin/user/ban',
      { userId: player.id, reason: 'Chargeback fraud' },
      finance.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, revoked: 2 });
    // The open sessions are over: their tokens answer 419, so the player neither bets, withdraws nor chats.
    expect((await me(player.token)).statusCode).toBe(419);
    expect((await me(second.token)).statusCode).toBe(419);
    expect((await post('/api/chat/send', { message: 'hello' }, player.token)).statusCode).toBe(419);

    // Sign-in with the right password is refused with the ban's code and text; no session is made.
    const refused = await login(player.name, password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_banned', message: AuthMessages.banned });
    // A wrong password still says only that: the ban is not revealed to someone without the password.
    expect((await login(player.name, 'not-the-password')).json()).toMatchObject({
      code: 'wrong_credentials',
    });
    await expect(createSession(t.server.database, player.id)).rejects.toMatchObject({
      code: 'account_banned',
    });
    const live = await t.server.database.query(
      'select 1 from sessions where user_id = $1 and revoked_at is null',
      [player.id],
    );
    expect(live).toHaveLength(0);

    // The player page and the list say so.
    const page = await post('/api/admin/user', { userId: player.id }, admin.token);
    expect(page.json()).toMatchObject({
      profile: { bannedReason: 'Chargeback fraud', bannedAt: expect.any(String) },
      sessions: [],
    });
    const list = await post('/api/admin/users', { search: player.id }, admin.token);
    expect((list.json() as { users: { bannedAt: string | null }[] }).users[0]?.bannedAt).toEqual(
      expect.any(String),
    );

    const twice = await post('/api/admin/user/ban', { userId: player.id, reason: 'Again' }, admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_banned' });

    const unban = await post(
      '/api/admin/user/unban',
      { userId: player.id, reason: 'Cleared by review' },
      admin.token,
    );
    expect(unban.statusCode, unban.body).toBe(200);
    const back = await login(player.name, password);
    expect(back.statusCode, back.body).toBe(200);
    const token = (back.json() as { user: { token: string } }).user.token;
    expect((await me(token)).statusCode).toBe(200);
    // The sessions the ban ended stay ended.
    expect((await me(player.token)).statusCode).toBe(419);
    const cleared = await post('/api/admin/user', { userId: player.id }, admin.token);
    expect(cleared.json()).toMatchObject({ profile: { bannedAt: null, bannedReason: null } });

    const notBanned = await post(
      '/api/admin/user/unban',
      { userId: player.id, reason: 'Again' },
      admin.token,
    );
    expect(notBanned.statusCode).toBe(409);
    expect(notBanned.json()).toMatchObject({ code: 'not_banned' });

    const rows = await audit(player.id);
    expect(rows.map((r) => r.action)).toEqual(['players.ban', 'players.unban']);
    expect(rows[0]).toMatchObject({
      actor_id: finance.id,
      details: { reason: 'Chargeback fraud', sessions: 2 },
    });
    expect(rows[1]?.details).toMatchObject({ reason: 'Cleared by review' });
  });

  it('refuses bad input, oneself, staff accounts to non-administrators, and callers without permission', async () => {
    const player = await createUser(t.server.database);
    const staffer = await createUser(t.server.database, { roles: ['support'] });
    const cases: [string, Record<string, unknown>, string, number][] = [
      ['/api/admin/user/ban', { userId: player.id, reason: 'no' }, admin.token, 422],
      ['/api/admin/user/ban', { userId: player.id }, admin.token, 422],
      ['/api/admin/user/ban', { userId: player.id, reason: 'x'.repeat(501) }, admin.token, 422],
      ['/api/admin/user/ban', { userId: 'nope', reason: 'Because' }, admin.token, 422],
      [
        '/api/admin/user/ban',
        { userId: '00000000-0000-4000-8000-000000000000', reason: 'Because' },
        admin.token,
        404,
      ],
      ['/api/admin/user/ban', { userId: admin.id, reason: 'Myself' }, admin.token, 403],
      ['/api/admin/user/ban', { userId: staffer.id, reason: 'A staff account' }, finance.token, 403],
      ['/api/admin/user/ban', { userId: player.id, reason: 'Because' }, moderator.token, 403],
      ['/api/admin/user/ban', { userId: player.id, reason: 'Because' }, player.token, 403],
      ['/api/admin/user/unban', { userId: player.id, reason: 'Because' }, moderator.token, 403],
      ['/api/admin/user/unban', { userId: player.id, reason: 'no' }, admin.token, 422],
    ];
    for (const [url, body, token, status] of cases) {
      const res = await post(url, body, token);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(status);
      expect(typeof (res.json() as { message?: unknown }).message).toBe('string');
    }
    expect((await post('/api/admin/user/ban', { userId: player.id, reason: 'Because' })).statusCode).toBe(
      401,
    );
    // Nothing happened: both accounts still signed in, nothing audited.
    expect((await me(player.token)).statusCode).toBe(200);
    expect((await me(staffer.token)).statusCode).toBe(200);
    expect((await me(admin.token)).statusCode).toBe(200);
    expect(await audit(player.id)).toEqual([]);
    expect(await audit(staffer.id)).toEqual([]);

    // An administrator bans the staff account.
    const res = await post(
      '/api/admin/user/ban',
      { userId: staffer.id, reason: 'Left the company' },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(staffer.token)).statusCode).toBe(419);
  });
});
