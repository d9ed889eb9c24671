import type { ChatMessage } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { TWO_NODES, type TestDatabase, createSeededDatabase, startNode, wsUrlOf } from './helpers/nodes.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * The chat on two nodes sharing one PostgreSQL database (and Redis when REDIS_URL is set): a message
 * sent on node A reaches a reader on node B, a mute given on node A holds on node B at once, and slow
 * mode counts a player's messages on both nodes together. PostgreSQL only.
 */
describe.skipIf(!TWO_NODES)('chat on two nodes (PostgreSQL + Redis)', () => {
  let db: TestDatabase;
  const nodes: Server[] = [];
  const sockets: TestSocket[] = [];
  let player: TestUser;
  let mod: TestUser;

  const node = () => startNode(db, { listen: true });
  const post = (s: Server, u: TestUser, url: string, payload: Record<string, unknown>) =>
    s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
  const say = (s: Server, u: TestUser, message: string) =>
    post(s, u, '/api/whisper', { event: 'ChatMessage', data: { message, channel: 'casino_en' } });

  beforeAll(async () => {
    db = await createSeededDatabase();
    nodes.push(await node(), await node());
    player = await createUser(db.database);
    mod = await createUser(db.database, { roles: ['chat_moderator'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const n of nodes) await n.close();
    await db?.drop();
  });

  it('delivers across nodes, and slow mode and mutes hold on both at once', async () => {
    const [a, b] = nodes as [Server, Server];
    const reader = await connectSocket(wsUrlOf(b));
    sockets.push(reader);
    await reader.next((f) => f.event === 'Connected');
    await reader.request({ type: 'subscribe', channel: 'casino_en' });

    const sent = await say(a, player, 'hello from node A');
    expect(sent.statusCode).toBe(200);
    const id = (sent.json() as ChatMessage)._id;
    expect(await reader.next((f) => f.event === 'ChatMessage')).toMatchObject({
      data: { message: { _id: id } },
    });

    // Slow mode is one counter for both nodes.
    expect((await say(b, player, 'and from node B')).json()).toMatchObject({ code: 'chat_slow_mode' });

    await db.database.query('delete from chat_slow_mode where user_id = $1', [player.id]);
    expect((await post(a, mod, '/api/chat/moderate/mute', { id: player.id, minutes: 5 })).statusCode).toBe(
      200,
    );
    expect((await say(b, player, 'muted?')).json()).toMatchObject({ code: 2 });
    expect((await post(b, mod, '/api/chat/moderate/unmute', { name: player.name })).json()).toEqual({
      message: 'Success',
    });
    expect((await say(a, player, 'free')).statusCode).toBe(200);

    // Removal on node B reaches the reader on node B from node A's message.
    const removed = await post(a, mod, '/api/chat/moderate/removeMessage', { id });
    expect(removed.json()).toEqual({ ids: [id] });
    expect(await reader.next((f) => f.event === 'ChatRemoveMessages')).toMatchObject({ data: { ids: [id] } });
  });
});
