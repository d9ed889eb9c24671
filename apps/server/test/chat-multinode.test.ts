import type { ChatMessage } from '@nebula/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { loadConfig } from '../src/platform/config.js';
import { createServer, type Server } from '../src/server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { createTestDatabase } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * The chat on two nodes sharing one PostgreSQL database (and Redis when REDIS_URL is set): a message
 * sent on node A reaches a reader on node B, a mute given on node A holds on node B at once, and slow
 * mode counts a player's messages on both nodes together. PostgreSQL only.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!enabled)('chat on two nodes (PostgreSQL + Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: Server[] = [];
  const sockets: TestSocket[] = [];
  let player: TestUser;
  let mod: TestUser;

  async function node(): Promise<Server> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_WEB: 'false',
      DATABASE_URL: db.url as string,
      REDIS_URL: process.env.REDIS_URL as string,
      REDIS_PREFIX: db.name,
    });
    const server = await createServer(config, { log: pino({ level: 'silent' }) });
    await server.listen();
    return server;
  }
  const wsUrl = (s: Server) => `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}/ws`;
  const post = (s: Server, u: TestUser, url: string, payload: Record<string, unknown>) =>
    s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
  const say = (s: Server, u: TestUser, message: string) =>
    post(s, u, '/api/whisper', { event: 'ChatMessage', data: { message, channel: 'casino_en' } });

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.database);
    await seedDatabase(db.database, { withDemoAccounts: false });
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
    const reader = await connectSocket(wsUrl(b));
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
