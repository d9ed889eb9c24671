import { ChatErrorCode, ChatMessages, type ChatMessage, type Me } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';
import { seedPairs } from './helpers/bets.js';

/**
 * What players do around the chat: ignore and unignore by name (the list is on the user object, so
 * the client hides those messages), find by name, share a finished bet (game_link: own real bets
 * only, not for guests), and likes (one per player per message, published).
 */
let t: TestServer;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestServer();
  await t.server.listen();
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
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
const me = async (u: TestUser) => ((await post(u, '/auth/update', {})).json() as { user: Me }).user;

const seedPairOf = seedPairs();
/** Inserts a settled bet of `u` (1 USDT wager at 2.5x) and returns its id. */
async function bet(u: TestUser, demo = false): Promise<string> {
  const db = t.server.database;
  const pair = await seedPairOf(db, u.id);
  const rows = await db.query<{ id: string }>(
    `insert into bets (user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout,
       profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd)
     values ($1, 'dice', 'usdt', $2, 100000000, 250000000, 5, 2, 250000000, 150000000, $3::bigint, $4,
       '{}'::jsonb, '{}'::jsonb, 100, 1)
     returning id::text as id`,
    [u.id, demo, pair.id, pair.nonce++],
  );
  return rows[0]?.id as string;
}

describe('ignore and unignore', () => {
  it('ignores and unignores by name; the list is on the user object', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.server.database)));
    if (!a || !b || !c) throw new Error('users');
    expect((await me(a)).ignore).toEqual([]);
    expect((await post(a, '/api/user/ignore', { name: b.name.toUpperCase() })).json()).toEqual({
      ignore: [b.id],
    });
    expect((await post(a, '/api/user/ignore', { name: b.name })).json()).toEqual({ ignore: [b.id] });
    expect((await post(a, '/api/user/ignore', { name: c.name })).json()).toEqual({ ignore: [b.id, c.id] });
    expect((await me(a)).ignore).toEqual([b.id, c.id]);
    expect((await post(a, '/api/user/unignore', { name: b.name })).json()).toEqual({ ignore: [c.id] });
    expect((await me(a)).ignore).toEqual([c.id]);
    // Nobody else's list changed.
    expect((await me(b)).ignore).toEqual([]);
  });

  it("answers 'general.error.unknown_user' for unknown names; guests are refused", async () => {
    const a = await createUser(t.server.database);
    for (const url of ['/api/user/ignore', '/api/user/unignore', '/api/user/find']) {
      const res = await post(a, url, { name: 'nobody_by_this_name' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'general.error.unknown_user', message: ChatMessages.unknownUser });
    }
    expect((await post(null, '/api/user/ignore', { name: a.name })).statusCode).toBe(401);
    expect((await post(a, '/api/user/ignore', { name: a.name })).statusCode).toBe(400);
    expect((await post(a, '/api/user/ignore', {})).statusCode).toBe(422);
  });

  it('finds a player id by name', async () => {
    const a = await createUser(t.server.database);
    expect((await post(null, '/api/user/find', { name: a.name })).json()).toEqual({ id: a.id });
  });
});

describe('sharing a bet (link_game)', () => {
  it("shares the caller's finished bet as a game_link message", async () => {
    const u = await createUser(t.server.database);
    const id = await bet(u);
    const listener = await connectSocket(`${base}/ws`);
    sockets.push(listener);
    await listener.next((f) => f.event === 'Connected');
    await listener.request({ type: 'subscribe', channel: 'casino_en' });
    const res = await post(u, '/api/chat/link_game', { id, channel: 'casino_en' });
    expect(res.statusCode).toBe(200);
    const msg = res.json() as ChatMessage;
    expect(msg).toMatchObject({
      type: 'game_link',
      user: { _id: u.id, name: u.name },
      channel: 'casino_en',
      data: { _id: id, game: 'dice', id, currency: 'usdt', splitTotal: '1', multiplier: '2.50000000' },
    });
    expect(typeof (msg.data as { name: string }).name).toBe('string');
    expect(await listener.next((f) => f.event === 'ChatMessage')).toMatchObject({
      data: { message: { _id: msg._id } },
    });
    const history = (await post(null, '/api/chat/history', { channel: 'casino_en' })).json() as ChatMessage[];
    expect(history[0]?._id).toBe(msg._id);
  });

  it("refuses guests, other players' bets, demo bets and unknown ids", async () => {
    const [u, other] = await Promise.all([createUser(t.server.database), createUser(t.server.database)]);
    const mine = await bet(u);
    const theirs = await bet(other);
    const demo = await bet(u, true);
    expect((await post(null, '/api/chat/link_game', { id: mine, channel: 'casino_en' })).statusCode).toBe(
      401,
    );
    for (const id of [theirs, demo, '987654321', 'abc']) {
      const res = await post(u, '/api/chat/link_game', { id, channel: 'casino_en' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: ChatErrorCode.UnknownGame, message: ChatMessages.unknownGame });
    }
    expect((await post(u, '/api/chat/link_game', { id: mine, channel: 'nope' })).statusCode).toBe(422);
  });

  it('is held to the posting rules (muted: code 2; slow mode)', async () => {
    const u = await createUser(t.server.database);
    const id = await bet(u);
    expect((await post(u, '/api/chat/link_game', { id, channel: 'sport_en' })).statusCode).toBe(200);
    expect((await post(u, '/api/chat/link_game', { id, channel: 'sport_en' })).json()).toMatchObject({
      code: ChatErrorCode.SlowMode,
    });
    await t.server.database.query(
      `update users set chat_muted_until = now() + interval '5 minutes' where id = $1`,
      [u.id],
    );
    expect((await post(u, '/api/chat/link_game', { id, channel: 'sport_en' })).json()).toMatchObject({
      code: ChatErrorCode.Muted,
    });
  });
});

describe('likes', () => {
  it('counts one like per player per message and publishes the count', async () => {
    const [author, a, b] = await Promise.all([1, 2, 3].map(() => createUser(t.server.database)));
    if (!author || !a || !b) throw new Error('users');
    const msg = (
      await post(author, '/api/whisper', {
        event: 'ChatMessage',
        data: { message: 'gg', channel: 'esport_en' },
      })
    ).json() as ChatMessage;
    const listener = await connectSocket(`${base}/ws`);
    sockets.push(listener);
    await listener.next((f) => f.event === 'Connected');
    await listener.request({ type: 'subscribe', channel: 'esport_en' });
    expect((await post(a, '/api/chat/like', { id: msg._id })).json()).toEqual({
      id: msg._id,
      likes: 1,
      liked: true,
    });
    expect(await listener.next((f) => f.event === 'ChatLike')).toMatchObject({
      data: { id: msg._id, likes: 1, channel: 'esport_en' },
    });
    expect((await post(a, '/api/chat/like', { id: msg._id })).json()).toEqual({
      id: msg._id,
      likes: 1,
      liked: false,
    });
    const [x, y] = await Promise.all([
      post(b, '/api/chat/like', { id: msg._id }),
      post(b, '/api/chat/like', { id: msg._id }),
    ]);
    expect([x?.json().liked, y?.json().liked].sort()).toEqual([false, true]);
    const history = (await post(null, '/api/chat/history', { channel: 'esport_en' })).json() as ChatMessage[];
    expect(history.find((m) => m._id === msg._id)?.likes).toBe(2);
    expect((await post(a, '/api/chat/like', { id: '999999999' })).statusCode).toBe(404);
    expect((await post(null, '/api/chat/like', { id: msg._id })).statusCode).toBe(401);
  });
});
