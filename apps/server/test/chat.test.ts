import {
  CHAT_CHANNELS,
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGE_MAX,
  ChatErrorCode,
  ChatMessages,
  parseChatMutedUntil,
  type ChatMessage,
} from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChatChannel, postServiceMessage, recentChatters } from '../src/modules/chat/index.js';
import { hitRateLimit } from '../src/modules/chat/chat-limits.js';
import { findLinkHosts, normaliseChatText } from '../src/modules/chat/chat-text.js';
import { chatQuizPrize, linkAllowlist } from '../src/modules/chat/chat-settings.js';
import type { AppContext } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { connectSocket, type TestSocket } from './helpers/ws-client.js';

/**
 * The chat: channels, history, sending over the whisper (socket and POST /api/whisper) and over HTTP
 * with every rule of spec 2 section 5 and spec 3 section 5 (length code 1, muted code 2 with the time,
 * slow mode, links, per-IP limit, guests refused), raw text (XSS payloads come back verbatim, never
 * HTML), stickers, emoji packs, and the helpers other modules use.
 */
let t: TestServer;
let ctx: AppContext;
let base: string;
const sockets: TestSocket[] = [];
let ipSeq = 0;
/** A fresh client address per HTTP send, so only the per-IP test meets the per-IP limit. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await startTestServer();
  await putSetting(t, 'chat.ip_messages_per_minute', 3);
  await putSetting(t, 'chat.link_allowlist', ['nebula.example']);
  await t.server.listen();
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  ctx = contextOf(t);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

const auth = (u: TestUser | null) => (u ? { authorization: `Bearer ${u.token}` } : {});

/** The ChatMessage whisper over POST /api/whisper. */
const whisper = (u: TestUser | null, data: unknown, event = 'ChatMessage') =>
  t.app.inject({ method: 'POST', url: '/api/whisper', headers: auth(u), payload: { event, data } });

const send = (u: TestUser | null, message: string, channel = 'casino_en', remoteAddress = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: auth(u),
    payload: { message, channel },
    remoteAddress,
  });

const history = async (channel: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/chat/history', payload: { channel } });
  expect(res.statusCode).toBe(200);
  return res.json() as ChatMessage[];
};

async function open(query = ''): Promise<TestSocket> {
  const s = await connectSocket(`${base}/ws${query}`);
  sockets.push(s);
  await s.next((f) => f.event === 'Connected');
  return s;
}

describe('channels and history', () => {
  it('has casino, sport and esport channels for each locale, all public', async () => {
    expect(CHAT_CHANNELS).toEqual([
      'casino_en',
      'casino_de',
      'sport_en',
      'sport_de',
      'esport_en',
      'esport_de',
    ]);
    expect(isChatChannel('casino_de')).toBe(true);
    expect(isChatChannel('casino_fr')).toBe(false);
    const guest = await open();
    expect(await guest.request({ type: 'subscribe', channel: 'sport_de' })).toMatchObject({
      data: { subscribed: true },
    });
    expect(await guest.request({ type: 'subscribe', channel: 'poker_en' })).toMatchObject({ code: 403 });
  });

  it('answers the newest messages first, at most the limit, in the spec shape', async () => {
    for (let i = 0; i < CHAT_HISTORY_LIMIT + 5; i++)
      await postServiceMessage(ctx, { channel: 'esport_de', data: { text: `n${i}` } });
    const list = await history('esport_de');
    expect(list).toHaveLength(CHAT_HISTORY_LIMIT);
    expect(list[0]?.data).toEqual({ text: `n${CHAT_HISTORY_LIMIT + 4}` });
    expect(Number(list[0]?._id)).toBeGreaterThan(Number(list[1]?._id));
    expect(list[0]).toMatchObject({
      type: 'service',
      user: null,
      vipLevel: 0,
      channel: 'esport_de',
      likes: 0,
    });
  });

  it('refuses an unknown channel with a 4xx {code, message}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/history', payload: { channel: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
  });
});

describe('sending', () => {
  it('stores, answers and publishes a message with the sender and their highlight', async () => {
    const u = await createUser(t.server.database);
    const listener = await open();
    await listener.request({ type: 'subscribe', channel: 'casino_de' });
    const res = await whisper(u, { message: '  hallo\r\nzusammen  ', channel: 'casino_de' });
    expect(res.statusCode).toBe(200);
    const msg = res.json() as ChatMessage;
    expect(msg).toMatchObject({
      type: 'message',
      user: { _id: u.id, name: u.name, avatar: null, access: 'user' },
      data: { message: 'hallo zusammen' },
      vipLevel: 0,
      channel: 'casino_de',
      likes: 0,
    });
    const event = await listener.next((f) => f.event === 'ChatMessage');
    expect(event).toEqual({
      channel: 'casino_de',
      event: 'ChatMessage',
      data: { message: msg, channel: 'casino_de' },
    });
    expect((await history('casino_de'))[0]).toEqual(msg);
  });

  it('sends over the socket too, and flags moderators and admins', async () => {
    const mod = await createUser(t.server.database, { roles: ['chat_moderator'] });
    const admin = await createUser(t.server.database, { roles: ['*'] });
    const s = await open(`?token=${mod.token}`);
    const reply = await s.request({
      type: 'whisper',
      event: 'ChatMessage',
      data: { message: 'be nice', channel: 'sport_en' },
    });
    expect(reply).toMatchObject({ data: { user: { _id: mod.id, access: 'moderator' } } });
    const res = await whisper(admin, { message: 'hello', channel: 'sport_en' });
    expect((res.json() as ChatMessage).user).toMatchObject({ access: 'admin' });
  });

  it('refuses guests (401) and never stores their text', async () => {
    const res = await whisper(null, { message: 'hi', channel: 'casino_en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await send(null, 'hi')).statusCode).toBe(401);
    const guest = await open();
    expect(
      await guest.request({
        type: 'whisper',
        event: 'ChatMessage',
        data: { message: 'hi', channel: 'casino_en' },
      }),
    ).toMatchObject({ code: 401 });
  });

  it('answers code 1 for a message too short or too long after stripping', async () => {
    const u = await createUser(t.server.database);
    for (const text of ['', '   ', '\n\r\n', 'x'.repeat(CHAT_MESSAGE_MAX + 1)]) {
      const res = await send(u, text);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: ChatErrorCode.Length, message: ChatMessages.length });
    }
    expect((await send(u, 'x'.repeat(CHAT_MESSAGE_MAX))).statusCode).toBe(200);
  });

  it('enforces slow mode on the server: one message per 5 s per player, across transports', async () => {
    const u = await createUser(t.server.database);
    expect((await send(u, 'first')).statusCode).toBe(200);
    const second = await whisper(u, { message: 'second', channel: 'casino_en' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ code: ChatErrorCode.SlowMode, message: ChatMessages.slowMode });
    // Another player is not held back.
    expect((await send(await createUser(t.server.database), 'other')).statusCode).toBe(200);
    // Once the interval has passed, the player may send again.
    await t.server.database.query(
      `update chat_slow_mode set last_sent_at = last_sent_at - interval '5 seconds' where user_id = $1`,
      [u.id],
    );
    expect((await send(u, 'third')).statusCode).toBe(200);
  });

  it('answers code 2 with the mute time while muted, on every transport', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query(
      `update users set chat_muted_until = now() + interval '1 hour' where id = $1`,
      [u.id],
    );
    for (const res of [
      await send(u, 'hello'),
      await whisper(u, { message: 'hello', channel: 'casino_en' }),
    ]) {
      expect(res.statusCode).toBe(422);
      const body = res.json() as { code: number; message: string };
      expect(body.code).toBe(ChatErrorCode.Muted);
      const until = parseChatMutedUntil(body.message);
      expect(until).not.toBeNull();
      expect(new Date(until ?? 0).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    }
    await t.server.database.query(
      `update users set chat_muted_until = now() - interval '1 second' where id = $1`,
      [u.id],
    );
    expect((await send(u, 'free again')).statusCode).toBe(200);
  });

  it('refuses links of players outside the allow list; staff and allowed hosts pass', async () => {
    const u = await createUser(t.server.database);
    for (const text of ['visit https://evil.example.com now', 'www.spam-casino.io', 'go to freecoins.xyz']) {
      const res = await send(u, text);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: ChatErrorCode.LinkNotAllowed, message: ChatMessages.link });
    }
    expect((await send(u, 'see https://help.nebula.example/rules')).statusCode).toBe(200);
    const mod = await createUser(t.server.database, { roles: ['chat_moderator'] });
    expect((await send(mod, 'report at https://other.example.org')).statusCode).toBe(200);
    expect(findLinkHosts('e.g. 2.5x or node.js, mail me@x.com')).toEqual([]);
  });

  it('limits messages per IP address (HTTP address, or the session sign-in address for whispers)', async () => {
    const ip = '10.9.9.9';
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.server.database)));
    const codes = [];
    for (const u of users) codes.push((await send(u, 'hi', 'casino_en', ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const blocked = await send(await createUser(t.server.database), 'hi', 'casino_en', ip);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    // A socket caller is counted under the address its session signed in from.
    const w = await createUser(t.server.database);
    await t.server.database.query('update sessions set ip = $2 where id = $1', [w.sessionId, ip]);
    expect((await whisper(w, { message: 'hi', channel: 'casino_en' })).statusCode).toBe(429);
    // The limiter itself: a fixed window of `limit` hits.
    for (let i = 0; i < 2; i++) await hitRateLimit(t.server.database, 'test:key', 2);
    await expect(hitRateLimit(t.server.database, 'test:key', 2)).rejects.toMatchObject({ status: 429 });
  });

  it('stores XSS payloads raw and returns them verbatim as text (never HTML)', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg/onload=alert(1)>',
      '&lt;b&gt; &amp; </textarea><iframe src=javascript:alert(1)>',
      "javascript:alert('x')",
    ];
    for (const p of payloads) {
      const u = await createUser(t.server.database);
      const res = await send(u, p, 'sport_de');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect((res.json() as ChatMessage).data).toEqual({ message: p });
    }
    const texts = (await history('sport_de')).map((m) => (m.data as { message?: string }).message);
    for (const p of payloads) expect(texts).toContain(p);
  });

  it('refuses bad input with 4xx {code, message} and never a 500', async () => {
    const u = await createUser(t.server.database);
    const bad: unknown[] = [
      {},
      { message: 'hi' },
      { message: 'hi', channel: 'casino_xx' },
      { message: 42, channel: 'casino_en' },
      { message: 'x'.repeat(2_001), channel: 'casino_en' },
      { message: 'hi', channel: 'casino_en', extra: 1 },
      null,
      'text',
    ];
    for (const data of bad) {
      const res = await whisper(u, data);
      expect(res.statusCode, JSON.stringify(data)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ code: expect.anything(), message: expect.any(String) });
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { ...auth(u), 'content-type': 'application/json' },
      payload: '{"message": ',
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('stickers and emoji', () => {
  it('lists the emoji pack and serves its files as SVG', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/emoji/packs', payload: {} });
    const packs = res.json() as { metadata: { name: string }; files: { id: string; path: string }[] }[];
    expect(packs[0]?.metadata.name).toBe('Twemoji');
    expect(packs[0]?.files.length).toBeGreaterThanOrEqual(60);
    const joy = packs[0]?.files.find((f) => f.id === 'joy');
    expect(joy?.path).toBe('/api/chat/emoji/twemoji/joy.svg');
    const svg = await t.app.inject({ method: 'GET', url: joy?.path ?? '' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg /);
    for (const url of [
      '/api/chat/emoji/twemoji/nope.svg',
      '/api/chat/emoji/other/joy.svg',
      '/api/chat/emoji/twemoji/..%2F..%2Fpackage.json',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('sends a sticker from the packs or an allowed GIF host only', async () => {
    const u = await createUser(t.server.database);
    const ok = await whisper(
      u,
      { url: '/api/chat/emoji/twemoji/fire.svg', channel: 'casino_en' },
      'ChatStickerMessage',
    );
    expect(ok.json()).toMatchObject({
      type: 'message',
      data: { message: '', sticker: '/api/chat/emoji/twemoji/fire.svg' },
    });
    const v = await createUser(t.server.database);
    for (const url of ['https://evil.example/x.gif', 'javascript:alert(1)', 'http://media.giphy.com/a.gif'])
      expect((await whisper(v, { url, channel: 'casino_en' }, 'ChatStickerMessage')).statusCode).toBe(422);
    expect(
      (
        await whisper(
          v,
          { url: 'https://media.giphy.com/media/abc/giphy.gif', channel: 'casino_en' },
          'ChatStickerMessage',
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('helpers for other modules', () => {
  it('postServiceMessage stores and publishes a service message without a sender', async () => {
    const s = await open();
    await s.request({ type: 'subscribe', channel: 'esport_en' });
    const msg = await postServiceMessage(ctx, { channel: 'esport_en', data: { kind: 'tip', amount: '1.5' } });
    expect(msg).toMatchObject({ type: 'service', user: null, data: { kind: 'tip', amount: '1.5' } });
    expect(await s.next((f) => f.event === 'ChatMessage')).toMatchObject({
      data: { message: { _id: msg._id } },
    });
    await expect(postServiceMessage(ctx, { channel: 'nope', data: {} })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('recentChatters lists distinct recent senders of a channel, leaving out muted players', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.server.database)));
    if (!a || !b || !c) throw new Error('users');
    for (const u of [a, b, c]) expect((await send(u, 'rain pls', 'sport_en')).statusCode).toBe(200);
    await t.server.database.query(
      `update chat_slow_mode set last_sent_at = last_sent_at - interval '1 minute' where user_id = $1`,
      [a.id],
    );
    expect((await send(a, 'again', 'sport_en')).statusCode).toBe(200);
    await t.server.database.query(
      `update users set chat_muted_until = now() + interval '5 minutes' where id = $1`,
      [c.id],
    );
    const list = await recentChatters(ctx, 'sport_en', 60_000);
    const ids = list.map((x) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(c.id);
    expect(ids.filter((id) => id === a.id)).toHaveLength(1);
    expect(list.find((x) => x.id === a.id)?.name).toBe(a.name);
    expect(await recentChatters(ctx, 'casino_fr', 60_000)).toEqual([]);
    expect(normaliseChatText('a\u2028b\u0000c')).toBe('a b c');
  });
});

describe('settings', () => {
  it('validates the chat settings against the registry; the link allow list starts with the site', async () => {
    await putSetting(t, 'chat.link_allowlist', ['Example.com', ' docs.example.org']);
    try {
      expect(await linkAllowlist(ctx)).toEqual(['localhost', 'example.com', 'docs.example.org']);
    } finally {
      await putSetting(t, 'chat.link_allowlist', ['nebula.example']);
    }
    expect(await ctx.settings.get(chatQuizPrize)).toEqual({ reward: '1', currency: 'usdt' });
    for (const [key, value] of [
      ['chat.link_allowlist', ['not a host']],
      ['chat.sticker_hosts', ['https://x.com']],
      ['chat.quiz_prize', { reward: '0', currency: 'usdt' }],
      ['chat.quiz_prize', { reward: '-1', currency: 'usdt' }],
      ['chat.quiz_prize', { reward: '1', currency: 'US DT' }],
      ['chat.ip_messages_per_minute', 0],
    ] as const)
      await expect(putSetting(t, key, value), JSON.stringify([key, value])).rejects.toMatchObject({
        status: 422,
        code: 'invalid_setting',
      });
  });
});
