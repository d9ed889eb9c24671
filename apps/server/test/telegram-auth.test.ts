import { createHmac } from 'node:crypto';
import { AuthMessages } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Telegram mini-app sign-in: launch data signed the way Telegram signs it (independently
 * implemented here from Telegram's documentation), validated by the server with the bot token.
 */
const BOT_TOKEN = '123456:TEST_TOKEN_abcdefghijklmnopqrstuv';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);
let nextId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

function sign(fields: Record<string, string>, botToken = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(checkString).digest('hex');
}

function launchFields(user: Record<string, unknown>, authDate = now()): Record<string, string> {
  return {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(user),
    auth_date: String(authDate),
    signature: 'c2lnbmF0dXJl',
  };
}

function initData(fields: Record<string, string>, hash: string | null = sign(fields)): string {
  const params = new URLSearchParams(fields);
  if (hash !== null) params.set('hash', hash);
  return params.toString();
}

function generateToken(data: string, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/telegram/generateToken', payload: { initData: data } });
}

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ code: 'telegram_invalid', message: AuthMessages.telegramFailed });
}

describe('telegram sign-in', () => {
  it('valid launch data gives a token that works as a bearer; the same Telegram user gets the same account', async () => {
    const id = nextId++;
    const fields = launchFields({ id, first_name: 'Ana', username: 'ana_plays', language_code: 'en' });
    const res = await generateToken(initData(fields));
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(token.length).toBeGreaterThan(20);

    const secret = await t.app.inject({
      method: 'POST',
      url: '/api/websocket/originals/getSecret',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(secret.statusCode).toBe(200);

    const rows = await t.server.database.query<{ id: string; name: string; email: string | null }>(
      'select id, name, email from users where telegram_id = $1',
      [String(id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('tg_ana_plays');
    expect(rows[0]?.email).toBeNull();

    const again = await generateToken(
      initData(launchFields({ id, first_name: 'Ana', username: 'ana_plays' })),
    );
    expect(again.statusCode).toBe(200);
    const sessions = await t.server.database.query<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1',
      [rows[0]?.id],
    );
    expect(sessions[0]?.n).toBe(2);
  });

  it('without a username the name is tg_<id>; a taken name gets a suffix', async () => {
    const id = nextId++;
    const res = await generateToken(initData(launchFields({ id, first_name: 'No username' })));
    expect(res.statusCode).toBe(200);
    const named = await generateToken(initData(launchFields({ id: nextId++, username: 'ana_plays' })));
    expect(named.statusCode).toBe(200);
    const names = await t.server.database.query<{ name: string }>(
      `select name from users where name = $1 or name like 'tg\\_ana\\_plays%' order by created_at`,
      [`tg_${id}`],
    );
    expect(names.map((r) => r.name)).toEqual(['tg_ana_plays', `tg_${id}`, 'tg_ana_plays_2']);
  });

  it('a tampered field is refused', async () => {
    const fields = launchFields({ id: nextId++, first_name: 'Eve' });
    const hash = sign(fields);
    expectRefused(
      await generateToken(initData({ ...fields, user: JSON.stringify({ id: 1, first_name: 'Eve' }) }, hash)),
    );
    expectRefused(await generateToken(initData({ ...fields, auth_date: String(now() + 1) }, hash)));
    expectRefused(await generateToken(initData({ ...fields, extra: '1' }, hash)));
    // Duplicated keys are ambiguous and refused.
    expectRefused(await generateToken(`${initData(fields, hash)}&user=${encodeURIComponent('{"id":1}')}`));
  });

  it('data signed with another bot token is refused', async () => {
    const fields = launchFields({ id: nextId++ });
    expectRefused(
      await generateToken(initData(fields, sign(fields, '654321:OTHER_TOKEN_abcdefghijklmnopqrs'))),
    );
  });

  it('stale or future auth_date is refused even when correctly signed', async () => {
    expectRefused(await generateToken(initData(launchFields({ id: nextId++ }, now() - 24 * 3600 - 60))));
    expectRefused(await generateToken(initData(launchFields({ id: nextId++ }, now() + 10 * 60))));
    // Just inside the limits is accepted.
    expect(
      (await generateToken(initData(launchFields({ id: nextId++ }, now() - 23 * 3600)))).statusCode,
    ).toBe(200);
  });

  it('missing hash, missing or bad user, missing auth_date and garbage are refused', async () => {
    expectRefused(await generateToken(initData(launchFields({ id: nextId++ }), null)));
    expectRefused(await generateToken(initData(launchFields({ id: nextId++ }), 'zz')));
    const noUser = { auth_date: String(now()), query_id: 'x' };
    expectRefused(await generateToken(initData(noUser)));
    expectRefused(await generateToken(initData({ ...noUser, user: 'not json' })));
    expectRefused(
      await generateToken(initData({ ...noUser, user: JSON.stringify({ first_name: 'no id' }) })),
    );
    expectRefused(await generateToken(initData({ ...noUser, user: JSON.stringify({ id: '42' }) })));
    expectRefused(await generateToken(initData({ user: JSON.stringify({ id: nextId++ }) })));
    expectRefused(await generateToken('just some text'));
  });

  it('answers 503 with a clear message when no bot token is configured', async () => {
    const bare = await startTestServer();
    try {
      const res = await generateToken(initData(launchFields({ id: nextId++ })), bare.app);
      expect(res.statusCode).toBe(503);
      expect((res.json() as { message: string }).message).toBe('Telegram sign-in is not configured.');
    } finally {
      await bare.close();
    }
  });
});
