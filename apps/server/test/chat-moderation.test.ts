import {
  ChatErrorCode,
  ChatMessages,
  type ChatAuditEntry,
  type ChatMessage,
  type Me,
} from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/index.js';
import { settleWonQuizzes } from '../src/modules/chat/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * Chat moderation (spec 2 section 6): remove a message, remove all of a player's, mute for the
 * spec's durations (visible at once, refused sends with code 2), unmute by name ('Success' /
 * 'Unknown username'), quizzes paid exactly once through the ledger, the audit log, and the
 * permission refusals for players.
 */
let t: TestServer;
let ctx: AppContext;
let base: string;
let mod: TestUser;
let admin: TestUser;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  await putSetting(t, 'chat.quiz_prize', { reward: '2.5', currency: 'usdt' });
  await t.server.listen();
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  ctx = contextOf(t);
  mod = await createUser(t.server.database, { roles: ['chat_moderator'] });
  admin = await createUser(t.server.database, { roles: ['*'] });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
const say = async (u: TestUser, message: string, channel = 'casino_en') => {
  // Slow mode is not what these tests are about.
  await t.server.database.query('delete from chat_slow_mode where user_id = $1', [u.id]);
  return post(u, '/api/whisper', { event: 'ChatMessage', data: { message, channel } });
};
async function open(query = ''): Promise<TestSocket> {
  const s = await connectSocket(`${base}/ws${query}`);
  sockets.push(s);
  await s.next((f) => f.event === 'Connected');
  return s;
}
const historyIds = async (channel: string) =>
  ((await post(null, '/api/chat/history', { channel })).json() as ChatMessage[]).map((m) => m._id);
const audit = async () =>
  ((await post(admin, '/api/admin/chat/audit', {})).json() as { entries: ChatAuditEntry[] }).entries;
const usdtBalance = async (userId: string) => (await t.server.ledger.balances(userId)).usdt?.real ?? 0n;

describe('permissions', () => {
  it('refuses players (403) and guests (401) on every moderation call and the audit log', async () => {
    const player = await createUser(t.server.database);
    const calls: [string, unknown][] = [
      ['/api/chat/moderate/removeMessage', { id: '1' }],
      ['/api/chat/moderate/removeAllFrom', { id: player.id }],
      ['/api/chat/moderate/mute', { id: player.id, minutes: 5 }],
      ['/api/chat/moderate/unmute', { name: player.name }],
      ['/api/chat/moderate/quiz', { question: 'q', answer: 'a' }],
      ['/api/admin/chat/audit', {}],
    ];
    for (const [url, body] of calls) {
      expect((await post(player, url, body)).json()).toMatchObject({ code: 'forbidden' });
      expect((await post(null, url, body)).statusCode).toBe(401);
    }
    // Moderators moderate but do not read the audit log; admins do both.
    expect((await post(mod, '/api/admin/chat/audit', {})).statusCode).toBe(403);
    expect((await post(admin, '/api/admin/chat/audit', {})).statusCode).toBe(200);
  });
});

describe('removing messages', () => {
  it('removes one message: gone from history, ids published, audited', async () => {
    const player = await createUser(t.server.database);
    const msg = (await say(player, 'spam spam', 'casino_de')).json() as ChatMessage;
    const listener = await open();
    await listener.request({ type: 'subscribe', channel: 'casino_de' });
    const res = await post(mod, '/api/chat/moderate/removeMessage', { id: msg._id });
    expect(res.json()).toEqual({ ids: [msg._id] });
    expect(await listener.next((f) => f.event === 'ChatRemoveMessages')).toMatchObject({
      data: { ids: [msg._id], channel: 'casino_de' },
    });
    expect(await historyIds('casino_de')).not.toContain(msg._id);
    const entry = (await audit())[0];
    expect(entry).toMatchObject({
      actor: { _id: mod.id, name: mod.name },
      action: 'remove_message',
      target: msg._id,
      details: { channel: 'casino_de', userId: player.id },
    });
    // Again: nothing left to remove. Unknown ids: 404 {code, message}.
    expect((await post(mod, '/api/chat/moderate/removeMessage', { id: msg._id })).json()).toEqual({
      ids: [],
    });
    const unknown = await post(mod, '/api/chat/moderate/removeMessage', { id: '999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ChatErrorCode.UnknownMessage,
      message: ChatMessages.unknownMessage,
    });
  });

  it('removes all messages of a player in every channel', async () => {
    const player = await createUser(t.server.database);
    const other = await createUser(t.server.database);
    const a = (await say(player, 'one', 'sport_en')).json() as ChatMessage;
    const b = (await say(player, 'two', 'esport_en')).json() as ChatMessage;
    const keep = (await say(other, 'stay', 'sport_en')).json() as ChatMessage;
    const res = await post(mod, '/api/chat/moderate/removeAllFrom', { id: player.id });
    expect((res.json() as { ids: string[] }).ids.sort()).toEqual([a._id, b._id].sort());
    expect(await historyIds('sport_en')).toEqual(expect.arrayContaining([keep._id]));
    expect(await historyIds('sport_en')).not.toContain(a._id);
    expect(await historyIds('esport_en')).not.toContain(b._id);
    expect((await audit())[0]).toMatchObject({
      action: 'remove_all_from',
      target: player.id,
      details: { removed: 2 },
    });
    const unknown = await post(mod, '/api/chat/moderate/removeAllFrom', { id: 'nobody' });
    expect(unknown.json()).toEqual({ code: ChatErrorCode.UnknownUser, message: ChatMessages.unknownUser });
  });
});

describe('mute and unmute', () => {
  it('mutes for a spec duration: refused at once with code 2, visible on the user, event sent', async () => {
    const player = await createUser(t.server.database);
    const own = await open(`?token=${player.token}`);
    const res = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 15 });
    expect(res.statusCode).toBe(200);
    const { message, until } = res.json() as { message: string; until: string };
    expect(message).toBe('Muted successfully');
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await own.next((f) => f.event === 'ChatMute')).toMatchObject({ data: { mute: until } });
    const refused = await say(player, 'let me talk');
    expect(refused.json()).toEqual({ code: ChatErrorCode.Muted, message: `Chat is muted until ${until}` });
    const me = (await post(player, '/auth/update', {})).json() as { user: Me };
    expect(me.user.mute).toBe(until);
    // Forever is 52,560,000 minutes; other durations are refused.
    const forever = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 52_560_000 });
    expect(new Date((forever.json() as { until: string }).until).getUTCFullYear()).toBeGreaterThan(2100);
    const odd = await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 7 });
    expect(odd.statusCode).toBe(422);
    expect((await audit())[0]).toMatchObject({
      action: 'mute',
      target: player.id,
      details: { minutes: 52_560_000 },
    });
  });

  it("unmutes by name: 'Success'; an unknown name answers 'Unknown username'", async () => {
    const player = await createUser(t.server.database);
    await post(mod, '/api/chat/moderate/mute', { id: player.id, minutes: 60 });
    const res = await post(mod, '/api/chat/moderate/unmute', { name: player.name.toUpperCase() });
    expect(res.json()).toEqual({ message: 'Success' });
    expect((await say(player, 'thanks')).statusCode).toBe(200);
    const me = (await post(player, '/auth/update', {})).json() as { user: Me };
    expect(me.user.mute).toBeNull();
    const unknown = await post(mod, '/api/chat/moderate/unmute', { name: 'no_such_player_here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ChatErrorCode.UnknownUsername, message: 'Unknown username' });
    expect((await audit())[0]).toMatchObject({ action: 'unmute', target: player.id });
  });
});

describe('quiz', () => {
  it('publishes the quiz; the first right answer wins the prize once, even with two at once', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.server.database)));
    if (!a || !b || !c) throw new Error('users');
    const listener = await open();
    await listener.request({ type: 'subscribe', channel: 'sport_de' });
    const res = await post(mod, '/api/chat/moderate/quiz', {
      question: 'What is 6 x 7?',
      answer: 'Forty Two',
      channel: 'sport_de',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'quiz',
      channel: 'sport_de',
      data: { question: 'What is 6 x 7?', reward: '2.5', currency: 'usdt' },
    });
    expect(await listener.next((f) => f.event === 'ChatQuiz')).toMatchObject({
      data: { channel: 'sport_de' },
    });
    // The author cannot win; a wrong answer wins nothing.
    await say(mod, 'forty two', 'sport_de');
    await say(c, 'forty-one', 'sport_de');
    const before = await Promise.all([usdtBalance(a.id), usdtBalance(b.id)]);
    const [ra, rb] = await Promise.all([
      say(a, '  forty   TWO ', 'sport_de'),
      say(b, 'Forty Two', 'sport_de'),
    ]);
    expect(ra?.statusCode).toBe(200);
    expect(rb?.statusCode).toBe(200);
    const after = await Promise.all([usdtBalance(a.id), usdtBalance(b.id)]);
    const gainedA = after[0] - (before[0] ?? 0n);
    const gainedB = after[1] - (before[1] ?? 0n);
    // Exactly one of the two won, and was paid the prize (2.5 USDT) once.
    expect([gainedA, gainedB].filter((g) => g === 250_000_000n)).toHaveLength(1);
    expect(gainedA + gainedB).toBe(250_000_000n);
    const winner = gainedA > 0n ? a : b;
    const answered = await listener.next((f) => f.event === 'ChatQuizAnswered');
    expect(answered).toMatchObject({
      data: {
        message: {
          type: 'quiz_answered',
          data: {
            user: { _id: winner.id, name: winner.name },
            question: 'What is 6 x 7?',
            correct: 'Forty Two',
            reward: '2.5',
            currency: 'usdt',
          },
        },
      },
    });
    const transfers = await t.server.database.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where kind = 'chat_quiz'`,
    );
    expect(transfers[0]?.n).toBe(1);
    // A later right answer wins nothing; the repair job finds nothing to pay.
    await say(c, 'forty two', 'sport_de');
    expect(await usdtBalance(c.id)).toBe(0n);
    expect(await settleWonQuizzes(ctx)).toBe(0);
    const rows = await t.server.database.query<{ winner: string }>(
      `select winner_id::text as winner from chat_quizzes where channel = 'sport_de'`,
    );
    expect(rows).toEqual([{ winner: winner.id }]);
    expect((await checkLedger(t.server.database)).ok).toBe(true);
    expect((await audit())[0]).toMatchObject({ action: 'quiz', details: { answer: 'Forty Two' } });
  });

  it('the repair job pays and announces a won quiz whose request stopped half-way, once', async () => {
    const winner = await createUser(t.server.database);
    await post(mod, '/api/chat/moderate/quiz', {
      question: 'Capital of France?',
      answer: 'Paris',
      channel: 'esport_de',
    });
    // Simulate a crash right after the winner was chosen.
    await t.server.database.query(
      `update chat_quizzes set winner_id = $1, answered_at = now() - interval '1 minute'
        where channel = 'esport_de' and answered_at is null`,
      [winner.id],
    );
    expect(await settleWonQuizzes(ctx)).toBe(1);
    expect(await settleWonQuizzes(ctx)).toBe(0);
    expect(await usdtBalance(winner.id)).toBe(250_000_000n);
    const list = (await post(null, '/api/chat/history', { channel: 'esport_de' })).json() as ChatMessage[];
    expect(list.filter((m) => m.type === 'quiz_answered')).toHaveLength(1);
  });

  it('a new quiz closes the open one; bad quiz input is refused', async () => {
    await post(mod, '/api/chat/moderate/quiz', { question: 'Old?', answer: 'old', channel: 'casino_en' });
    await post(mod, '/api/chat/moderate/quiz', { question: 'New?', answer: 'new', channel: 'casino_en' });
    const p = await createUser(t.server.database);
    await say(p, 'old');
    expect(await usdtBalance(p.id)).toBe(0n);
    await say(p, 'new');
    expect(await usdtBalance(p.id)).toBe(250_000_000n);
    for (const body of [
      {},
      { question: ' ', answer: 'a' },
      { question: 'q', answer: 'a', channel: 'nope' },
    ]) {
      const res = await post(mod, '/api/chat/moderate/quiz', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('audit log', () => {
  it('lists entries newest first with paging', async () => {
    const all = await audit();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = all[0];
    const page = (await post(admin, '/api/admin/chat/audit', { limit: 2, before: first?.id })).json() as {
      entries: ChatAuditEntry[];
    };
    expect(page.entries.map((e) => e.id)).toEqual(all.slice(1, 3).map((e) => e.id));
    expect(Number(all[0]?.id)).toBeGreaterThan(Number(all[1]?.id));
  });
});
