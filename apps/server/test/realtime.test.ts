import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channels, ErrorCode, defineEvent } from '@nebula/contracts';
import { z } from 'zod';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

const testEvent = defineEvent('TestEvent', z.object({ n: z.number() }));

let t: TestServer;
let base: string;
let player: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;
const sockets: TestSocket[] = [];

async function open(query = ''): Promise<TestSocket> {
  const s = await connectSocket(`${base}/ws${query}`);
  sockets.push(s);
  await s.next((f) => f.event === 'Connected');
  return s;
}

beforeAll(async () => {
  t = await startTestServer({ WS_HEARTBEAT_MS: '2000', WS_MAX_BUFFERED_BYTES: '65536' });
  await t.server.listen();
  const addr = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${addr.port}`;
  const db = t.server.database;
  [player, other, moderator, admin] = await Promise.all([
    createUser(db),
    createUser(db),
    createUser(db, { roles: ['chat_moderator'] }),
    createUser(db, { roles: ['*'] }),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

describe('socket basics', () => {
  it('greets a guest on its own guest channel and answers Ping', async () => {
    const s = await open();
    const hello = s.frames[0] as { channel: string; data: { connectionId: string; user: null } };
    expect(hello.channel).toBe(Channels.guest(hello.data.connectionId));
    expect(hello.data.user).toBeNull();
    const reply = await s.request({ type: 'whisper', event: 'Ping', data: {} });
    expect(reply).toMatchObject({ data: { pong: true } });
  });

  it('delivers Everyone events to subscribers', async () => {
    const s = await open();
    expect(await s.request({ type: 'subscribe', channel: 'Everyone' })).toMatchObject({
      data: { subscribed: true },
    });
    t.server.realtime.hub.publish(Channels.everyone, testEvent, { n: 7 });
    expect(await s.next((f) => f.event === 'TestEvent')).toEqual({
      channel: 'Everyone',
      event: 'TestEvent',
      data: { n: 7 },
    });
  });

  it('answers malformed frames with an error, never a crash', async () => {
    const s = await open();
    s.ws.send('not json');
    expect(await s.next((f) => f.$id === null && f.code === 400)).toMatchObject({ code: 400 });
    s.ws.send(JSON.stringify({ type: 'whisper', event: 'Ping' }));
    expect(await s.next((f) => f.$id === null && String(f.message).includes('$id'))).toBeTruthy();
    expect(await s.request({ type: 'dance' })).toMatchObject({ code: 400 });
    expect(await s.request({ type: 'whisper', event: 'NoSuchEvent' })).toMatchObject({ code: 404 });
    // An error with a text code answers its HTTP status as `code` and the text code as `reason`.
    expect(await s.request({ type: 'whisper', event: 'Ping', data: { extra: 1 } })).toMatchObject({
      code: 422,
      reason: ErrorCode.ValidationFailed,
    });
  });

  it('stays healthy after 1,000 malformed frames', async () => {
    const s = await open();
    const junk = [
      '{',
      '[]',
      'null',
      '{"$id":1}',
      '{"$id":{"a":1},"type":"whisper"}',
      '\u0000\u0001',
      '{"type":"subscribe"}',
    ];
    for (let i = 0; i < 1000; i++) s.ws.send(junk[i % junk.length] as string);
    // The flood trips the per-connection rate limit (429 replies) and then the connection is closed.
    const { code } = await s.closed;
    expect(code).toBe(1008);
    expect(s.frames.some((f) => f.code === 429)).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const fresh = await open();
    expect(await fresh.request({ type: 'whisper', event: 'Ping' })).toMatchObject({ data: { pong: true } });
  });

  it('closes a connection that sends a frame over the size limit', async () => {
    const s = await open();
    s.ws.send(JSON.stringify({ $id: 1, type: 'whisper', event: 'Ping', data: { x: 'y'.repeat(20_000) } }));
    expect((await s.closed).code).toBe(1009);
  });
});

describe('channels and authentication', () => {
  it('authenticates with the bearer token in the URL and delivers private events only to the owner', async () => {
    const a = await open(`?token=${player.token}`);
    const b = await open(`?token=${other.token}`);
    expect((a.frames[0] as { channel: string }).channel).toBe(Channels.user(player.id));
    t.server.realtime.hub.publish(Channels.user(player.id), testEvent, { n: 1 });
    expect(await a.next((f) => f.event === 'TestEvent')).toMatchObject({ channel: Channels.user(player.id) });
    await new Promise((r) => setTimeout(r, 100));
    expect(b.frames.some((f) => f.event === 'TestEvent')).toBe(false);
  });

  it('refuses channels the caller may not hear', async () => {
    const s = await open(`?token=${player.token}`);
    expect(await s.request({ type: 'subscribe', channel: Channels.user(other.id) })).toMatchObject({
      code: 403,
    });
    expect(await s.request({ type: 'subscribe', channel: 'Support' })).toMatchObject({ code: 403 });
    expect(await s.request({ type: 'subscribe', channel: Channels.supportOf(other.id) })).toMatchObject({
      code: 403,
    });
    expect(await s.request({ type: 'subscribe', channel: Channels.supportOf(player.id) })).toMatchObject({
      data: { subscribed: true },
    });
    expect(await s.request({ type: 'subscribe', channel: 'NoSuchChannel' })).toMatchObject({ code: 403 });
    const staff = await open(`?token=${admin.token}`);
    expect(await staff.request({ type: 'subscribe', channel: 'Support' })).toMatchObject({
      data: { subscribed: true },
    });
  });

  it('re-authenticates and drops to guest without reconnecting', async () => {
    const s = await open();
    const login = await s.request({ type: 'auth', token: player.token });
    expect(login).toMatchObject({ data: { user: { _id: player.id }, channel: Channels.user(player.id) } });
    await s.request({ type: 'subscribe', channel: Channels.supportOf(player.id) });
    t.server.realtime.hub.publish(Channels.user(player.id), testEvent, { n: 2 });
    await s.next((f) => f.event === 'TestEvent' && (f.data as { n: number }).n === 2);
    const bad = await s.request({ type: 'auth', token: 'not-a-token' });
    expect(bad).toMatchObject({ code: 401 });
    const logout = await s.request({ type: 'auth', token: null });
    expect(String((logout.data as { channel: string }).channel)).toMatch(/^Guest\./);
    t.server.realtime.hub.publish(Channels.user(player.id), testEvent, { n: 3 });
    t.server.realtime.hub.publish(Channels.supportOf(player.id), testEvent, { n: 4 });
    await new Promise((r) => setTimeout(r, 100));
    expect(
      s.frames.some((f) => f.event === 'TestEvent' && [3, 4].includes((f.data as { n: number }).n)),
    ).toBe(false);
  });

  it('authenticates with the per-session secret', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/websocket/originals/getSecret',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { secret } = res.json() as { secret: string };
    const s = await open();
    expect(await s.request({ type: 'authentication', userId: player.id, userSecret: secret })).toMatchObject({
      type: 'authenticationSuccess',
    });
    const g = await open();
    expect(await g.request({ type: 'authentication', userId: other.id, userSecret: secret })).toMatchObject({
      type: 'authenticationFailure',
    });
    expect(await g.request({ type: 'authentication', userId: player.id, userSecret: 'wrong' })).toMatchObject(
      {
        type: 'authenticationFailure',
      },
    );
    const guest = await t.app.inject({ method: 'POST', url: '/api/websocket/originals/getSecret' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('whispers over HTTP and presence', () => {
  it('answers the same whispers over POST /api/whisper with the same policy', async () => {
    const ping = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      payload: { event: 'Ping', data: {} },
    });
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toMatchObject({ pong: true });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/whisper', payload: { event: 'Nope' } });
    expect(unknown.statusCode).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      payload: { event: 'OnlineUsers' },
    });
    expect(guest.statusCode).toBe(401);
    const playerCall = await t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      headers: { authorization: `Bearer ${player.token}` },
      payload: { event: 'OnlineUsers' },
    });
    expect(playerCall.statusCode).toBe(403);
  });

  it('lists online users for moderators', async () => {
    await open(`?token=${other.token}`);
    const s = await open(`?token=${moderator.token}`);
    const reply = (await s.request({ type: 'whisper', event: 'OnlineUsers' })) as {
      data: { total: number; users: { _id: string }[]; guests: number };
    };
    expect(reply.data.users.map((u) => u._id)).toEqual(expect.arrayContaining([other.id, moderator.id]));
    expect(reply.data.total).toBe(reply.data.users.length + reply.data.guests);
  });
});

describe('robustness', () => {
  it('drops a client that never reads, keeping server memory bounded', async () => {
    const slow = await createUser(t.server.database);
    const s = await open(`?token=${slow.token}`);
    // Stop reading: the TCP window fills and the server's send buffer grows.
    (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = process.memoryUsage().rss;
    const big = 'x'.repeat(64 * 1024);
    const hub = t.server.realtime.hub;
    const startCount = hub.connectionCount;
    // Up to ~190 MiB if nothing were dropped; published in batches so delivery (maybe via Redis) keeps up.
    for (let i = 0; i < 3000 && hub.connectionCount === startCount; i += 20) {
      for (let j = 0; j < 20; j++) hub.publishRaw(Channels.user(slow.id), 'Blob', big);
      await new Promise((r) => setTimeout(r, 5));
    }
    const deadline = Date.now() + 5000;
    while (hub.connectionCount === startCount && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(hub.connectionCount).toBe(startCount - 1);
    const grown = process.memoryUsage().rss - before;
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it('drops connections that stop answering heartbeats', async () => {
    // Watches this test's own connection, not the hub's count: with a 2 s heartbeat a busy machine can
    // make another test's idle socket miss a beat at the same moment, and the count would drop by two.
    const hub = t.server.realtime.hub;
    const earlier = new Set(hub.allConnections());
    const s = await open();
    const mine = [...hub.allConnections()].filter((c) => !earlier.has(c));
    expect(mine).toHaveLength(1);
    (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const stillOpen = () => [...hub.allConnections()].includes(mine[0]!);
    const deadline = Date.now() + 15_000;
    while (stillOpen() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(stillOpen()).toBe(false);
  });
});
