import {
  ChatErrorCode,
  type AdminChatMessage,
  type AdminChatMute,
  type AdminChatRoom,
  type ChatAuditEntry,
  type ChatMessage,
  type StaffAuditEntry,
} from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * The back office's chat moderation (issue 21 item 6, decision 0045): the message list with search,
 * filters and paging; removing a message and muting / unmuting a player from the back office, each
 * audited and published to the room (or the player) as the in-chat command is; the mutes in force;
 * slow mode per room; quizzes started and stopped; bad input and permission refusals.
 */
let t: TestServer;
let base: string;
let mod: TestUser;
let admin: TestUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  await putSetting(t, 'chat.quiz_prize', { reward: '1', currency: 'usdt' });
  await t.server.listen();
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  mod = await createUser(t.server.database, { roles: ['chat_moderator'] });
  admin = await createUser(t.server.database, { roles: ['*'] });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
const say = async (u: TestUser, message: string, channel = 'casino_en', clearSlowMode = true) => {
  if (clearSlowMode) await t.server.database.query('delete from chat_slow_mode where user_id = $1', [u.id]);
  return post(u, '/api/chat/send', { message, channel });
};
const list = async (who: TestUser, filter: Record<string, unknown>) =>
  (await post(who, '/api/admin/chat/messages', filter)).json() as {
    messages: AdminChatMessage[];
    next: string | null;
  };
async function open(query = ''): Promise<TestSocket> {
  const s = await connectSocket(`${base}/ws${query}`);
  sockets.push(s);
  await s.next((f) => f.event === 'Connected');
  return s;
}
const chatAudit = async () =>
  ((await post(admin, '/api/admin/chat/audit', {})).json() as { entries: ChatAuditEntry[] }).entries;

describe('the message list', () => {
  it('searches by text and player, filters by room and state, and pages without gaps', async () => {
    const alice = await createUser(t.server.database, { name: `alice_${Date.now().toString(36)}` });
    const bob = await createUser(t.server.database);
    const tag = `zq${Date.now().toString(36)}`;
    const sent: ChatMessage[] = [];
    for (let i = 0; i < 5; i += 1)
      sent.push(
        (await say(alice, `${tag} hello ${i}`, i % 2 ? 'casino_de' : 'casino_en')).json() as ChatMessage,
      );
    await say(bob, `${tag} from bob`);
    await say(bob, 'nothing to see 100%_');

    const byText = await list(mod, { search: tag });
    expect(byText.messages.map((m) => m.text)).toEqual([
      `${tag} from bob`,
      ...[4, 3, 2, 1, 0].map((i) => `${tag} hello ${i}`),
    ]);
    expect(byText.messages[1]).toMatchObject({
      id: sent[4]?._id,
      channel: 'casino_en',
      type: 'message',
      user: { id: alice.id, name: alice.name, access: 'user' },
      removedAt: null,
      senderMutedUntil: null,
    });
    // LIKE's own characters are taken literally.
    expect((await list(mod, { search: '100%_' })).messages.map((m) => m.text)).toEqual([
      'nothing to see 100%_',
    ]);
    expect((await list(mod, { search: '%' })).messages.every((m) => m.text.includes('%'))).toBe(true);

    const byPlayer = await list(mod, { player: alice.name.toUpperCase(), search: tag });
    expect(byPlayer.messages).toHaveLength(5);
    const inRoom = await list(mod, { player: alice.name, channel: 'casino_de' });
    expect(inRoom.messages.map((m) => m.id)).toEqual([sent[3]?._id, sent[1]?._id]);

    const first = await list(mod, { search: tag, limit: 4 });
    expect(first.messages).toHaveLength(4);
    expect(first.next).toBe(first.messages[3]?.id);
    const second = await list(mod, { search: tag, limit: 4, before: first.next });
    expect(second.next).toBeNull();
    expect([...first.messages, ...second.messages].map((m) => m.id)).toEqual(
      byText.messages.map((m) => m.id),
    );
  });
});

describe('moderation actions', () => {
  it('removes a message: gone from the room (event published), listed as removed, audited', async () => {
    const player = await createUser(t.server.database);
    const msg = (await say(player, 'buy cheap coins here', 'sport_en')).json() as ChatMessage;
    const room = await open();
    await room.request({ type: 'subscribe', channel: 'sport_en' });

    const res = await post(mod, '/api/admin/chat/remove', { id: msg._id });
    expect(res.json()).toEqual({ ids: [msg._id] });
    expect(await room.next((f) => f.event === 'ChatRemoveMessages')).toMatchObject({
      data: { ids: [msg._id], channel: 'sport_en' },
    });
    const history = (await post(null, '/api/chat/history', { channel: 'sport_en' })).json() as ChatMessage[];
    expect(history.map((m) => m._id)).not.toContain(msg._id);
    const removed = await list(mod, { player: player.name, state: 'removed' });
    expect(removed.messages).toMatchObject([{ id: msg._id, removedBy: mod.name }]);
    expect(removed.messages[0]?.removedAt).not.toBeNull();
    expect((await list(mod, { player: player.name, state: 'live' })).messages).toEqual([]);
    expect((await chatAudit())[0]).toMatchObject({
      actor: { _id: mod.id },
      action: 'remove_message',
      target: msg._id,
    });
    // Again: nothing more to remove; an unknown id is a 404.
    expect((await post(mod, '/api/admin/chat/remove', { id: msg._id })).json()).toEqual({ ids: [] });
    const unknown = await post(mod, '/api/admin/chat/remove', { id: '999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ChatErrorCode.UnknownMessage });
  });

  it('mutes with a reason: the next message is refused, the mute is listed; unmute lifts it', async () => {
    const player = await createUser(t.server.database);
    const own = await open(`?token=${player.token}`);
    expect((await say(player, 'first words')).statusCode).toBe(200);

    const res = await post(admin, '/api/admin/chat/mute', {
      userId: player.id,
      minutes: 60,
      reason: 'Spamming links',
    });
    expect(res.statusCode).toBe(200);
    const { until } = res.json() as { until: string };
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await own.next((f) => f.event === 'ChatMute')).toMatchObject({ data: { mute: until } });

    const refused = await say(player, 'let me talk');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: ChatErrorCode.Muted, message: `Chat is muted until ${until}` });

    const mutes = (await post(mod, '/api/admin/chat/mutes', { search: player.name })).json() as {
      mutes: AdminChatMute[];
    };
    expect(mutes.mutes).toEqual([
      {
        userId: player.id,
        name: player.name,
        until,
        mutedBy: admin.name,
        reason: 'Spamming links',
        mutedAt: expect.any(String),
      },
    ]);
    expect((await list(mod, { player: player.name })).messages[0]?.senderMutedUntil).toBe(until);
    expect((await chatAudit())[0]).toMatchObject({
      action: 'mute',
      target: player.id,
      details: { minutes: 60, reason: 'Spamming links', until },
    });

    const unmute = await post(mod, '/api/admin/chat/unmute', {
      userId: player.id,
      reason: 'Appeal accepted',
    });
    expect(unmute.json()).toEqual({ was: until });
    expect(
      await own.next(
        (f) => f.event === 'ChatMute' && (f.data as { mute?: unknown } | undefined)?.mute === null,
      ),
    ).toBeTruthy();
    expect((await say(player, 'thank you')).statusCode).toBe(200);
    const after = (await post(mod, '/api/admin/chat/mutes', { search: player.name })).json() as {
      mutes: AdminChatMute[];
    };
    expect(after.mutes).toEqual([]);
    expect((await chatAudit())[0]).toMatchObject({
      action: 'unmute',
      target: player.id,
      details: { reason: 'Appeal accepted', was: until },
    });
  });

  it('sets slow mode per room: a second message in that room waits, other rooms do not', async () => {
    const player = await createUser(t.server.database);
    const res = await post(mod, '/api/admin/chat/slowMode', { channel: 'esport_de', seconds: 120 });
    expect(res.json()).toMatchObject({ channel: 'esport_de', slowModeSeconds: 120 });
    const history = (await post(null, '/api/chat/history', { channel: 'esport_de' })).json() as ChatMessage[];
    expect(history[0]).toMatchObject({
      type: 'service',
      data: { kind: 'slow_mode', text: 'Slow mode: 1 message per 120 seconds.' },
    });
    expect((await say(player, 'one', 'esport_de')).statusCode).toBe(200);
    const second = await say(player, 'two', 'esport_de');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      code: ChatErrorCode.SlowMode,
      message: 'Slow mode: 1 message per 120 seconds.',
    });
    expect((await say(player, 'elsewhere', 'esport_en')).statusCode).toBe(200);
    // Staff are exempt.
    expect((await say(mod, 'staff one', 'esport_de')).statusCode).toBe(200);
    expect((await say(mod, 'staff two', 'esport_de')).statusCode).toBe(200);
    const rooms = (await post(mod, '/api/admin/chat/rooms')).json() as { rooms: AdminChatRoom[] };
    expect(rooms.rooms.find((r) => r.channel === 'esport_de')?.slowModeSeconds).toBe(120);
    expect(rooms.rooms).toHaveLength(6);
    expect((await chatAudit())[0]).toMatchObject({
      action: 'slow_mode',
      target: 'esport_de',
      details: { seconds: 120, was: 0 },
    });
    // Off again: the room's rule is gone.
    const off = await post(mod, '/api/admin/chat/slowMode', { channel: 'esport_de', seconds: 0 });
    expect(off.json()).toMatchObject({ slowModeSeconds: 0 });
    await t.server.database.query('delete from chat_rate_limits where key like $1', ['slow:%']);
    expect((await say(player, 'three', 'esport_de')).statusCode).toBe(200);
  });

  it('starts a quiz (published to the room) and stops it without a winner', async () => {
    const room = await open();
    await room.request({ type: 'subscribe', channel: 'sport_de' });
    const started = await post(mod, '/api/admin/chat/quiz/start', {
      channel: 'sport_de',
      question: 'Capital of France?',
      answer: 'Paris',
    });
    expect(started.json()).toMatchObject({ type: 'quiz', data: { question: 'Capital of France?' } });
    expect(await room.next((f) => f.event === 'ChatQuiz')).toBeTruthy();
    const rooms = (await post(mod, '/api/admin/chat/rooms')).json() as { rooms: AdminChatRoom[] };
    expect(rooms.rooms.find((r) => r.channel === 'sport_de')?.quiz).toMatchObject({
      question: 'Capital of France?',
      answer: 'Paris',
      reward: '1',
      currency: 'usdt',
      startedBy: mod.name,
    });

    expect((await post(mod, '/api/admin/chat/quiz/stop', { channel: 'sport_de' })).json()).toEqual({
      stopped: true,
    });
    expect(await room.next((f) => f.event === 'ChatMessage')).toMatchObject({
      data: { message: { type: 'service', data: { kind: 'quiz' } } },
    });
    const player = await createUser(t.server.database);
    expect((await say(player, 'Paris', 'sport_de')).statusCode).toBe(200);
    const quizzes = await t.server.database.query<{ winner_id: string | null }>(
      "select winner_id from chat_quizzes where channel = 'sport_de' order by id desc limit 1",
    );
    expect(quizzes[0]?.winner_id).toBeNull();
    expect((await chatAudit())[0]).toMatchObject({ action: 'quiz_stop' });
    expect((await post(mod, '/api/admin/chat/quiz/stop', { channel: 'sport_de' })).json()).toEqual({
      stopped: false,
    });
  });

  it('writes each action to the staff audit log as chat.{action}', async () => {
    const res = await post(admin, '/api/admin/audit', { action: 'chat' });
    const actions = (res.json() as { entries: StaffAuditEntry[] }).entries.map((e) => e.action);
    for (const action of [
      'chat.remove_message',
      'chat.mute',
      'chat.unmute',
      'chat.slow_mode',
      'chat.quiz_stop',
    ])
      expect(actions).toContain(action);
  });
});

describe('the bot rain schedule', () => {
  it('shows the bot settings in force and the planned and recent rains', async () => {
    await putSetting(t, 'tips', {
      bot: { enabled: false, perDayMin: 3, perDayMax: 4, amounts: { usdt: '12.5' } },
    });
    const day = new Date().toISOString().slice(0, 10);
    await t.server.database.query(
      'insert into bot_rain_days (day, slots) values ($1::date, 0) on conflict do nothing',
      [day],
    );
    await t.server.database.query(
      `insert into bot_rain_slots (day, slot, due_at, currency, amount, recipients)
       values ($1::date, 99, now() + interval '1 hour', 'usdt', 1250000000, 7)`,
      [day],
    );
    const res = await post(mod, '/api/admin/chat/rain');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { bot: Record<string, unknown>; slots: Record<string, unknown>[] };
    expect(body.bot).toMatchObject({ enabled: false, perDayMin: 3, perDayMax: 4, amounts: { usdt: '12.5' } });
    expect(body.slots).toContainEqual(
      expect.objectContaining({
        day,
        slot: 99,
        currency: 'usdt',
        amount: '12.5',
        recipients: 7,
        status: 'scheduled',
      }),
    );
    expect((await post(null, '/api/admin/chat/rain')).statusCode).toBe(401);
    expect((await post(await createUser(t.server.database), '/api/admin/chat/rain')).statusCode).toBe(403);
  });
});

describe('bad input and permissions', () => {
  it('answers bad input with a 4xx {code, message} and writes nothing', async () => {
    const player = await createUser(t.server.database);
    const before = (await chatAudit()).length;
    const bad: [string, unknown][] = [
      ['/api/admin/chat/messages', { channel: 'nowhere' }],
      ['/api/admin/chat/messages', { before: 'abc' }],
      ['/api/admin/chat/messages', { limit: 500 }],
      ['/api/admin/chat/remove', { id: '1; drop table users' }],
      ['/api/admin/chat/mute', { userId: player.id, minutes: 7, reason: 'x' }],
      ['/api/admin/chat/mute', { userId: player.id, minutes: 5, reason: '   ' }],
      ['/api/admin/chat/mute', { userId: 'nobody', minutes: 5, reason: 'x' }],
      ['/api/admin/chat/mute', { userId: player.id, minutes: 5 }],
      ['/api/admin/chat/unmute', { userId: 'nobody' }],
      ['/api/admin/chat/slowMode', { channel: 'casino_en', seconds: 2 }],
      ['/api/admin/chat/slowMode', { channel: 'casino_en', seconds: 99_999 }],
      ['/api/admin/chat/quiz/start', { channel: 'casino_en', question: '', answer: 'a' }],
      ['/api/admin/chat/quiz/stop', { channel: 'moon_en' }],
    ];
    for (const [url, body] of bad) {
      const res = await post(mod, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.anything(), message: expect.any(String) });
    }
    // A well-formed id of nobody: 404.
    const ghost = await post(mod, '/api/admin/chat/unmute', {
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(404);
    expect((await chatAudit()).length).toBe(before);
    expect((await post(player, '/auth/update', {})).json()).toMatchObject({ user: { mute: null } });
  });

  it('refuses guests (401) and players or other staff (403) on every chat moderation call', async () => {
    const player = await createUser(t.server.database);
    const finance = await createUser(t.server.database, { roles: ['finance'] });
    const calls: [string, unknown][] = [
      ['/api/admin/chat/messages', {}],
      ['/api/admin/chat/remove', { id: '1' }],
      ['/api/admin/chat/mute', { userId: player.id, minutes: 5, reason: 'x' }],
      ['/api/admin/chat/unmute', { userId: player.id }],
      ['/api/admin/chat/mutes', {}],
      ['/api/admin/chat/rooms', {}],
      ['/api/admin/chat/slowMode', { channel: 'casino_en', seconds: 10 }],
      ['/api/admin/chat/quiz/start', { channel: 'casino_en', question: 'q', answer: 'a' }],
      ['/api/admin/chat/quiz/stop', { channel: 'casino_en' }],
    ];
    for (const [url, body] of calls) {
      expect((await post(null, url, body)).statusCode, url).toBe(401);
      expect((await post(player, url, body)).json(), url).toMatchObject({ code: 'forbidden' });
      expect((await post(finance, url, body)).statusCode, url).toBe(403);
    }
    expect((await post(player, '/auth/update', {})).json()).toMatchObject({ user: { mute: null } });
    const rooms = (await post(mod, '/api/admin/chat/rooms')).json() as { rooms: AdminChatRoom[] };
    expect(rooms.rooms.find((r) => r.channel === 'casino_en')?.slowModeSeconds).toBe(0);
  });
});
