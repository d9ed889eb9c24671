import { ContactInfoTexts, type ContactInfoSettings } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfoSetting } from '../src/modules/profile/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The contact-info modal (G7 item 5; spec 3 sections 3, 5, 7, 8 and 9): the operator's fields, saving
 * them (a set e-mail is locked; the e-mail failure text), bad input refused with 4xx and nothing written,
 * and the 24 h snooze per field count, stored per player.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.server.jobs.stop();
  await t.server.settings.change(contactInfoSetting, {
    enabled: true,
    title: 'Become a VIP',
    description: 'Leave your contacts.',
    images: ['/img/vip.png'],
    fields: [
      { title: 'E-mail', model: 'email' },
      { title: 'Telegram', model: 'telegram' },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (u: TestUser | null, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: u ? { authorization: `Bearer ${u.token}` } : {}, payload });
const settingsOf = async (u: TestUser) => {
  const res = await post(u, '/api/contactInfoModalSettings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContactInfoSettings;
};
const withoutEmail = async () => {
  const u = await createUser(t.server.database);
  await t.server.database.query('update users set email = null where id = $1', [u.id]);
  return u;
};

describe('the contact-info modal', () => {
  it('answers the banner settings for a signed-in player only', async () => {
    expect((await post(null, '/api/contactInfoModalSettings')).statusCode).toBe(401);
    const u = await withoutEmail();
    expect(await settingsOf(u)).toEqual({
      enabled: true,
      title: 'Become a VIP',
      description: 'Leave your contacts.',
      images: ['/img/vip.png'],
      fields: [
        { title: 'E-mail', model: 'email' },
        { title: 'Telegram', model: 'telegram' },
      ],
      values: {},
      emailLocked: false,
      show: true,
    });
  });

  it('saves the e-mail and the fields, then it is no longer due; a set e-mail is locked', async () => {
    const u = await withoutEmail();
    const email = `${u.name}@contact.test`;
    const res = await post(u, '/api/profile/updateContactInfo', {
      email,
      update: { telegram: '@nebula_fan' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ContactInfoTexts.success });
    const after = await settingsOf(u);
    expect(after.values).toEqual({ email, telegram: '@nebula_fan' });
    expect(after.emailLocked).toBe(true);
    expect(after.show).toBe(false);

    const locked = await post(u, '/api/profile/updateContactInfo', {
      email: 'other@contact.test',
      update: {},
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'email_locked', message: ContactInfoTexts.failed });
    const [row] = await t.server.database.query<{ email: string }>('select email from users where id = $1', [
      u.id,
    ]);
    expect(row?.email).toBe(email);
    // The same (locked) e-mail with a changed field is fine.
    expect(
      (await post(u, '/api/profile/updateContactInfo', { email, update: { telegram: 'nebula_two' } }))
        .statusCode,
    ).toBe(200);
    expect((await settingsOf(u)).values.telegram).toBe('nebula_two');
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const u = await withoutEmail();
    const taken = await createUser(t.server.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', update: { telegram: '@fine_name' } }, ContactInfoTexts.emailFailed],
      [{ email: `${taken.name}@test.local`, update: {} }, ContactInfoTexts.emailFailed],
      [{ update: { telegram: 'bad name!' } }, ContactInfoTexts.failed],
      [{ update: { phone: '+1 555 0100' } }, ContactInfoTexts.failed],
      [{ update: { email: 'x@y.test' } }, ContactInfoTexts.failed],
      [{ update: {} }, ContactInfoTexts.failed],
    ];
    for (const [payload, message] of cases) {
      const res = await post(u, '/api/profile/updateContactInfo', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBe(message);
    }
    for (const payload of [{ update: { telegram: 5 } }, { update: 'x' }, { nope: 1 }]) {
      const res = await post(u, '/api/profile/updateContactInfo', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(
      (await post(null, '/api/profile/updateContactInfo', { update: { telegram: 'abc' } })).statusCode,
    ).toBe(401);
    const s = await settingsOf(u);
    expect(s.values).toEqual({});
    expect(s.emailLocked).toBe(false);
  });

  it('a snooze hides it for 24 h for that field count; a changed count shows it again', async () => {
    const u = await withoutEmail();
    const res = await post(u, '/api/profile/snoozeContactInfo');
    expect(res.statusCode, res.body).toBe(200);
    const until = Date.parse(res.json().until as string);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect((await settingsOf(u)).show).toBe(false);
    // Another player is not snoozed.
    expect((await settingsOf(await withoutEmail())).show).toBe(true);

    const base = await t.server.settings.get(contactInfoSetting);
    await t.server.settings.change(contactInfoSetting, {
      ...base,
      fields: [...base.fields, { title: 'Phone', model: 'phone' }],
    });
    try {
      expect((await settingsOf(u)).show).toBe(true);
    } finally {
      await t.server.settings.change(contactInfoSetting, base);
    }
    expect((await settingsOf(u)).show).toBe(false);
    // An expired snooze shows it again.
    await t.server.database.query(
      "update contact_info_snoozes set until = now() - interval '1 minute' where user_id = $1",
      [u.id],
    );
    expect((await settingsOf(u)).show).toBe(true);
  });

  it('the setting refuses an enabled modal without fields and unsafe images', () => {
    const ok = {
      enabled: true,
      title: 't',
      description: 'd',
      images: [],
      fields: [{ title: 'T', model: 'telegram' }],
    };
    expect(contactInfoSetting.schema.safeParse(ok).success).toBe(true);
    expect(contactInfoSetting.schema.safeParse({ ...ok, fields: [] }).success).toBe(false);
    expect(contactInfoSetting.schema.safeParse({ ...ok, images: ['javascript:x'] }).success).toBe(false);
  });
});
