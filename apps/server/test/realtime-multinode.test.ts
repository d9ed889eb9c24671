import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channels, defineEvent } from '@nebula/contracts';
import { z } from 'zod';
import { recordStaffAction } from '../src/modules/audit/index.js';
import type { Server } from '../src/server.js';
import { createTestDatabase } from './helpers/test-server.js';
import { TWO_NODES, type TestDatabase, startNode, wsUrlOf } from './helpers/nodes.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * Two nodes sharing PostgreSQL and Redis, as behind a load balancer. They share nothing in
 * memory: every event crosses Redis. Runs when DATABASE_URL and REDIS_URL are set (CI).
 */
const event = defineEvent('CrossNode', z.object({ n: z.number() }));

describe.skipIf(!TWO_NODES)('two nodes on PostgreSQL and Redis', () => {
  let db: TestDatabase;
  let a: Server;
  let b: Server;
  let urlA: string;
  let urlB: string;
  let alice: TestUser;
  let bob: TestUser;
  let mod: TestUser;
  const sockets: TestSocket[] = [];

  async function node(): Promise<{ server: Server; url: string }> {
    const server = await startNode(db, { env: { PRESENCE_INTERVAL_MS: '200' }, listen: true });
    return { server, url: wsUrlOf(server) };
  }

  async function open(url: string, token?: string): Promise<TestSocket> {
    const s = await connectSocket(token ? `${url}?token=${token}` : url);
    sockets.push(s);
    await s.next((f) => f.event === 'Connected');
    return s;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ server: a, url: urlA } = await node());
    ({ server: b, url: urlB } = await node());
    [alice, bob, mod] = await Promise.all([
      createUser(db.database),
      createUser(db.database),
      createUser(db.database, { roles: ['chat_moderator'] }),
    ]);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('delivers an event published on node A to a client on node B', async () => {
    const onB = await open(urlB);
    await onB.request({ type: 'subscribe', channel: 'Everyone' });
    a.realtime.hub.publish(Channels.everyone, event, { n: 1 });
    expect(await onB.next((f) => f.event === 'CrossNode')).toEqual({
      channel: 'Everyone',
      event: 'CrossNode',
      data: { n: 1 },
    });
  });

  it('delivers a private event only to its owner, on every node', async () => {
    const aliceOnB = await open(urlB, alice.token);
    const aliceOnA = await open(urlA, alice.token);
    const bobOnB = await open(urlB, bob.token);
    a.realtime.hub.publish(Channels.user(alice.id), event, { n: 2 });
    await aliceOnB.next((f) => f.event === 'CrossNode' && (f.data as { n: number }).n === 2);
    await aliceOnA.next((f) => f.event === 'CrossNode' && (f.data as { n: number }).n === 2);
    await new Promise((r) => setTimeout(r, 150));
    expect(bobOnB.frames.some((f) => f.event === 'CrossNode')).toBe(false);
  });

  it('delivers a staff action committed on node A to staff on node B, once, and never to players', async () => {
    const modOnB = await open(urlB, mod.token);
    expect(await modOnB.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({
      data: { subscribed: true },
    });
    const aliceOnB = await open(urlB, alice.token);
    expect(await aliceOnB.request({ type: 'subscribe', channel: Channels.staff })).toMatchObject({
      code: 403,
    });
    const act = (id: string) =>
      a.database.transaction((tx) =>
        recordStaffAction(tx, {
          actor: { id: mod.id, name: mod.name },
          action: 'chat.mute',
          target: { type: 'user', id },
        }),
      );
    await act('first');
    await act('second');
    await modOnB.next(
      (f) => f.event === 'StaffChange' && (f.data as { targetId: string }).targetId === 'second',
    );
    // In order, one each: the second one's frame is the second StaffChange heard.
    expect(
      modOnB.frames
        .filter((f) => f.event === 'StaffChange')
        .map((f) => (f.data as { targetId: string }).targetId),
    ).toEqual(['first', 'second']);
    await aliceOnB.request({ type: 'whisper', event: 'Ping', data: {} });
    expect(aliceOnB.frames.some((f) => f.event === 'StaffChange')).toBe(false);
  });

  it('counts presence across nodes', async () => {
    await open(urlB, bob.token);
    const modOnA = await open(urlA, mod.token);
    await new Promise((r) => setTimeout(r, 500)); // two presence intervals
    const reply = (await modOnA.request({ type: 'whisper', event: 'OnlineUsers' })) as {
      data: { users: { _id: string }[] };
    };
    expect(reply.data.users.map((u) => u._id)).toEqual(expect.arrayContaining([bob.id, mod.id]));
  });
});
