/**
 * The staff outbox endpoint (`POST /api/admin/outbox`, back office `/admin/outbox`): the latest mails,
 * search by recipient or subject, failed ones apart, gapless paging, staff only, bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './helpers/factories.js';
import { FAST_CAPTCHA_ENV } from './helpers/captcha.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const PUBLIC_URL = 'https://nebula.test';
let o: TestServer;

beforeAll(async () => {
  o = await startTestServer({ PUBLIC_URL, ...FAST_CAPTCHA_ENV });
});
afterAll(async () => {
  await o?.close();
});

function post(s: TestServer, url: string, payload: unknown = {}, token?: string) {
  return s.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const emailOf = (u: TestUser) => `${u.name}@test.local`;

describe('POST /api/admin/outbox', () => {
  it('POST /api/admin/outbox lists the latest 50 mails, newest first, for staff only', async () => {
    const admin = await createUser(o.server.database, { roles: ['*'] });
    const support = await createUser(o.server.database, { roles: ['support'] });
    const player = await createUser(o.server.database);
    for (let i = 0; i < 55; i++) {
      await o.server.database.query(
        `insert into mail_outbox (to_address, subject, text, html, sent_via) values ($1, $2, 'x', '<p>x</p>', 'outbox')`,
        [`bulk${i}@test.local`, `Bulk ${i}`],
      );
    }
    const latest = await post(o, '/api/user/verifyEmail', {}, player.token);
    expect(latest.statusCode).toBe(200);

    for (const staff of [admin, support]) {
      const res = await post(o, '/api/admin/outbox', {}, staff.token);
      expect(res.statusCode).toBe(200);
      const { mails } = res.json() as {
        mails: { to: string; subject: string; text: string; sentVia: string; createdAt: string }[];
      };
      expect(mails).toHaveLength(50);
      expect(mails[0]).toMatchObject({ to: emailOf(player), sentVia: 'outbox' });
      expect(mails[0]?.text).toContain(`${PUBLIC_URL}/email/${player.id}/`);
      expect(mails[1]?.subject).toBe('Bulk 54');
      expect(mails[49]?.subject).toBe('Bulk 6');
    }
    const denied = await post(o, '/api/admin/outbox', {}, player.token);
    expect(denied.statusCode).toBe(403);
    expect((await post(o, '/api/admin/outbox')).statusCode).toBe(401);
  });

  it('POST /api/admin/outbox searches recipient and subject, keeps failed ones apart and pages without gaps', async () => {
    const admin = await createUser(o.server.database, { roles: ['*'] });
    const mark = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 7; i++) {
      await o.server.database.query(
        `insert into mail_outbox (to_address, subject, text, html, sent_via, error) values ($1, $2, 'x', '<p>x</p>', $3, $4)`,
        [
          `${mark}.${i}@test.local`,
          i === 3 ? `Subject 100%_${mark}` : `Paging ${i}`,
          i % 2 ? 'smtp' : 'outbox',
          i === 5 ? 'connect ECONNREFUSED' : null,
        ],
      );
    }
    const list = async (body: Record<string, unknown>) => {
      const res = await post(o, '/api/admin/outbox', body, admin.token);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        mails: { id: string; to: string; subject: string; error: string | null }[];
        next: string | null;
      };
    };
    // Recipient, any case; pages of 3 follow each other without a gap or a repeat.
    const seen: string[] = [];
    let page = await list({ search: mark.toUpperCase(), limit: 3 });
    for (;;) {
      seen.push(...page.mails.map((m) => m.to));
      if (!page.next) break;
      page = await list({ search: mark, limit: 3, before: page.next });
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${mark}.${i}@test.local`));
    // Subject, with LIKE's wildcards taken literally.
    expect((await list({ search: `100%_${mark}` })).mails.map((m) => m.subject)).toEqual([
      `Subject 100%_${mark}`,
    ]);
    expect((await list({ search: `1_0%` })).mails).toEqual([]);
    const failed = await list({ search: mark, failed: true });
    expect(failed.mails.map((m) => [m.to, m.error])).toEqual([
      [`${mark}.5@test.local`, 'connect ECONNREFUSED'],
    ]);
    expect(failed.next).toBeNull();
    // Bad input: a clear 422 each, never a 500.
    for (const body of [
      { limit: 0 },
      { limit: 51 },
      { before: 'x' },
      { search: 'a'.repeat(121) },
      { failed: 'yes' },
      { extra: 1 },
    ])
      expect((await post(o, '/api/admin/outbox', body, admin.token)).statusCode, JSON.stringify(body)).toBe(
        422,
      );
  });
});
