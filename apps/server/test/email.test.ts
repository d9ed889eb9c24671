import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, RegisterMessages, TWO_FACTOR_REQUIRED } from '@nebula/contracts';
import { verifyPassword } from '../src/modules/users/index.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { FAST_CAPTCHA_ENV, solveCaptcha } from './helpers/captcha.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * E-mail verification, e-mail change and password reset, end to end through a real SMTP server
 * started in-process, plus the development outbox (no SMTP) and its staff view.
 */

const PUBLIC_URL = 'https://nebula.test';
const VERIFY_SENT = "Verification email was sent. If you can't find it, check your spam folder.";
const TOO_QUICK = "You're too quick, try again in a few minutes.";
const INVALID_LINK = 'This link is invalid or has expired.';

// ---- an SMTP server that keeps every mail ---------------------------------------------------

interface CapturedMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded (enough to find links). */
  body: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** No auth, no TLS, 127.0.0.1 on a free port. Recipients at `@reject.test` are refused (550). */
async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.toLowerCase().endsWith('@reject.test')) return callback();
      return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    /** The `skip`-th mail (0 = first) to `to`, waiting for it to arrive. */
    async waitFor(to: string, skip = 0): Promise<CapturedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = mailsTo(to)[skip];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail #${skip} to ${to} within 5 s`);
        await sleep(20);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function linkIn(text: string, kind: 'email' | 'password/reset'): { user: string; token: string } {
  const re = new RegExp(`${PUBLIC_URL}/${kind}/([0-9a-f-]{36})/([A-Za-z0-9_-]{43})`);
  const m = re.exec(text);
  if (!m) throw new Error(`no ${kind} link in:\n${text.slice(0, 2000)}`);
  return { user: m[1] as string, token: m[2] as string };
}

// ---- servers --------------------------------------------------------------------------------

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestServer; // mails over SMTP
let o: TestServer; // development outbox

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL, ...FAST_CAPTCHA_ENV });
  o = await startTestServer({ PUBLIC_URL, ...FAST_CAPTCHA_ENV });
});
afterAll(async () => {
  await t?.close();
  await o?.close();
  await smtp?.close();
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

async function isVerified(s: TestServer, userId: string): Promise<boolean> {
  const rows = await s.server.database.query<{ v: boolean }>(
    'select email_verified_at is not null as v from users where id = $1',
    [userId],
  );
  return rows[0]?.v === true;
}

async function requestVerification(u: TestUser, skip = 0) {
  const res = await post(t, '/api/user/verifyEmail', {}, u.token);
  expect(res.statusCode).toBe(200);
  return linkIn((await smtp.waitFor(emailOf(u), skip)).body, 'email');
}

// ---- verification ---------------------------------------------------------------------------

describe('POST /api/user/verifyEmail and /api/user/confirmEmail', () => {
  it('mails a working link over SMTP; the link verifies the address once', async () => {
    const u = await createUser(t.server.database);
    const res = await post(t, '/api/user/verifyEmail', {}, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: VERIFY_SENT });
    expect(AuthMessages.verifySent).toBe(VERIFY_SENT);

    const mail = await smtp.waitFor(emailOf(u));
    expect(mail.body).toContain('Subject: Confirm your e-mail address');
    expect(mail.body).toContain('text/html');
    expect(mail.body).toContain('Nebula');
    const link = linkIn(mail.body, 'email');
    expect(link.user).toBe(u.id);
    expect(await isVerified(t, u.id)).toBe(false);

    const confirm = await post(t, '/api/user/confirmEmail', link);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ ok: true });
    expect(await isVerified(t, u.id)).toBe(true);

    const again = await post(t, '/api/user/confirmEmail', link);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ code: 'invalid_token', message: INVALID_LINK });

    const verified = await post(t, '/api/user/verifyEmail', {}, u.token);
    expect(verified.statusCode).toBe(422);
    expect(verified.json()).toMatchObject({ code: 'already_verified' });
  });

  it('records SMTP mail for audit with the token blanked', async () => {
    const u = await createUser(t.server.database);
    const link = await requestVerification(u);
    const rows = await t.server.database.query<{ sent_via: string; text: string; html: string; error: null }>(
      'select sent_via, text, html, error from mail_outbox where to_address = $1',
      [emailOf(u)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sent_via: 'smtp', error: null });
    expect(rows[0]?.text).toContain(`${PUBLIC_URL}/email/${u.id}/[redacted]`);
    expect(rows[0]?.text).not.toContain(link.token);
    expect(rows[0]?.html).not.toContain(link.token);
  });

  it("answers 429 'too quick' within 60 s, and after five mails a day", async () => {
    const u = await createUser(t.server.database);
    await requestVerification(u);
    const quick = await post(t, '/api/user/verifyEmail', {}, u.token);
    expect(quick.statusCode).toBe(429);
    expect(quick.json()).toEqual({ code: 'too_quick', message: TOO_QUICK });
    expect(AuthMessages.verifyTooQuick).toBe(TOO_QUICK);
    expect(smtp.mailsTo(emailOf(u))).toHaveLength(1);

    const aMinuteLater = () =>
      t.server.database.query(
        `update email_send_limits set last_sent_at = now() - interval '61 seconds' where user_id = $1`,
        [u.id],
      );
    for (let i = 1; i < 5; i++) {
      await aMinuteLater();
      expect((await post(t, '/api/user/verifyEmail', {}, u.token)).statusCode).toBe(200);
    }
    await aMinuteLater();
    const daily = await post(t, '/api/user/verifyEmail', {}, u.token);
    expect(daily.statusCode).toBe(429);
    expect(daily.json()).toEqual({ code: 'too_quick', message: TOO_QUICK });
  });

  it('concurrent requests send one mail', async () => {
    const u = await createUser(t.server.database);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/api/user/verifyEmail', {}, u.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    await smtp.waitFor(emailOf(u));
    await sleep(200);
    expect(smtp.mailsTo(emailOf(u))).toHaveLength(1);
  });

  it("refuses another user's token, expired tokens and malformed links", async () => {
    const a = await createUser(t.server.database);
    const b = await createUser(t.server.database);
    const link = await requestVerification(a);

    for (const bad of [
      { user: b.id, token: link.token },
      { user: link.user, token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}` },
      { user: 'not-a-uuid', token: link.token },
      { user: link.user, token: '' },
    ]) {
      const res = await post(t, '/api/user/confirmEmail', bad);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'invalid_token', message: INVALID_LINK });
    }
    expect(await isVerified(t, a.id)).toBe(false);
    expect(await isVerified(t, b.id)).toBe(false);

    await t.server.database.query(
      `update email_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [a.id],
    );
    expect((await post(t, '/api/user/confirmEmail', link)).json()).toMatchObject({ code: 'invalid_token' });
    expect(await isVerified(t, a.id)).toBe(false);
  });

  it('needs an e-mail on the account and a session', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query('update users set email = null where id = $1', [u.id]);
    const res = await post(t, '/api/user/verifyEmail', {}, u.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'no_email' });
    expect((await post(t, '/api/user/verifyEmail')).statusCode).toBe(401);
  });

  it('answers 503 when the SMTP server refuses, and the player may retry at once', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query('update users set email = $2 where id = $1', [
      u.id,
      `${u.name}@reject.test`,
    ]);
    for (let i = 0; i < 2; i++) {
      const res = await post(t, '/api/user/verifyEmail', {}, u.token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'mail_failed' });
    }
    const rows = await t.server.database.query<{ error: string | null }>(
      'select error from mail_outbox where to_address = $1',
      [`${u.name}@reject.test`],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.error).toMatch(/No such user/);
    const tokens = await t.server.database.query('select 1 from email_tokens where user_id = $1', [u.id]);
    expect(tokens).toHaveLength(0);
  });
});

// ---- e-mail change --------------------------------------------------------------------------

describe('POST /api/user/updateEmail', () => {
  it('sets the address, clears verification, mails the new address and keeps the session token', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query('update users set email_verified_at = now() where id = $1', [u.id]);
    const next = `${u.name}.new@test.local`;
    const res = await post(t, '/api/user/updateEmail', { email: `  ${next} ` }, u.token);
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as {
      user: { _id: string; email: string; email_verified: boolean; token: string };
    };
    expect(user).toMatchObject({ _id: u.id, email: next, email_verified: false, token: u.token });
    expect(await isVerified(t, u.id)).toBe(false);

    const link = linkIn((await smtp.waitFor(next)).body, 'email');
    // The old, verified address is told about the change.
    expect((await smtp.waitFor(emailOf(u))).body).toContain(next);
    expect((await post(t, '/api/user/confirmEmail', link)).statusCode).toBe(200);
    expect(await isVerified(t, u.id)).toBe(true);
  });

  it('a link sent to the previous address stops working', async () => {
    const u = await createUser(t.server.database);
    const old = await requestVerification(u);
    const res = await post(t, '/api/user/updateEmail', { email: `${u.name}.2@test.local` }, u.token);
    expect(res.statusCode).toBe(200);
    expect((await post(t, '/api/user/confirmEmail', old)).json()).toMatchObject({ code: 'invalid_token' });
    expect(await isVerified(t, u.id)).toBe(false);
  });

  it('refuses an invalid or taken address with the register messages', async () => {
    const u = await createUser(t.server.database);
    const other = await createUser(t.server.database);
    const invalid = await post(t, '/api/user/updateEmail', { email: 'not-an-email' }, u.token);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      message: RegisterMessages.emailInvalid,
      fields: [{ path: 'email', message: RegisterMessages.emailInvalid }],
    });
    const taken = await post(t, '/api/user/updateEmail', { email: emailOf(other).toUpperCase() }, u.token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      message: RegisterMessages.emailTaken,
      fields: [{ path: 'email', message: RegisterMessages.emailTaken }],
    });
    const rows = await t.server.database.query<{ email: string }>('select email from users where id = $1', [
      u.id,
    ]);
    expect(rows[0]?.email).toBe(emailOf(u));
  });

  it('lets an account without e-mail add one (no 2FA needed)', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query(
      'update users set email = null, two_factor_enabled_at = now() where id = $1',
      [u.id],
    );
    const res = await post(t, '/api/user/updateEmail', { email: `${u.name}@wallet.test` }, u.token);
    expect(res.statusCode).toBe(200);
    await smtp.waitFor(`${u.name}@wallet.test`);
  });

  it('asks for a fresh 2FA check (body code -1024) when 2FA is on', async () => {
    const u = await createUser(t.server.database);
    await t.server.database.query(
      'update users set email_verified_at = now(), two_factor_enabled_at = now() where id = $1',
      [u.id],
    );
    const next = `${u.name}.2fa@test.local`;
    const held = await post(t, '/api/user/updateEmail', { email: next }, u.token);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: TWO_FACTOR_REQUIRED });
    expect(TWO_FACTOR_REQUIRED).toBe(-1024);
    expect(await isVerified(t, u.id)).toBe(true);

    // After a 2FA check on this session the same request goes through.
    await t.server.database.query('update sessions set two_factor_verified_at = now() where id = $1', [
      u.sessionId,
    ]);
    const replay = await post(t, '/api/user/updateEmail', { email: next }, u.token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ user: { email: next, email_verified: false } });
  });
});

// ---- password reset -------------------------------------------------------------------------

describe('POST /auth/resetPassword and /auth/password/reset', () => {
  async function requestReset(s: TestServer, login: string) {
    return post(s, '/auth/resetPassword', { login, captcha: await solveCaptcha(s.app) });
  }

  it('mails a link by login name and by e-mail; the link sets the password once and signs out everywhere', async () => {
    const u = await createUser(t.server.database, { password: 'old-password' });
    const byName = await requestReset(t, u.name);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ ok: true });
    const first = linkIn((await smtp.waitFor(emailOf(u))).body, 'password/reset');
    expect(first.user).toBe(u.id);

    const byEmail = await requestReset(t, emailOf(u).toUpperCase());
    expect(byEmail.json()).toEqual({ ok: true });
    const second = linkIn((await smtp.waitFor(emailOf(u), 1)).body, 'password/reset');
    expect(second.token).not.toBe(first.token);

    const short = await post(t, '/auth/password/reset', { ...second, password: 'abcd' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      message: RegisterMessages.passwordShort,
      fields: [{ path: 'password', message: RegisterMessages.passwordShort }],
    });

    const done = await post(t, '/auth/password/reset', { ...second, password: 'new-password' });
    expect(done.statusCode).toBe(200);
    const { user } = done.json() as { user: { _id: string; token: string; email_verified: boolean } };
    expect(user._id).toBe(u.id);
    expect(user.token).not.toBe(u.token);
    expect(user.email_verified).toBe(true);

    const [row] = await t.server.database.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [u.id],
    );
    expect(await verifyPassword(row?.password_hash as string, 'new-password')).toBe(true);
    expect(await verifyPassword(row?.password_hash as string, 'old-password')).toBe(false);

    // Old sessions are revoked; the new one works.
    const sessions = await t.server.database.query<{ revoked: boolean }>(
      'select revoked_at is not null as revoked from sessions where id = $1',
      [u.sessionId],
    );
    expect(sessions[0]?.revoked).toBe(true);
    expect([401, 419]).toContain((await post(t, '/api/user/verifyEmail', {}, u.token)).statusCode);
    expect((await post(t, '/api/user/verifyEmail', {}, user.token)).json()).toMatchObject({
      code: 'already_verified',
    });

    // Reused link, and the other link issued before it: both refused.
    for (const link of [second, first]) {
      const res = await post(t, '/auth/password/reset', { ...link, password: 'third-password' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'invalid_token', message: INVALID_LINK });
    }
  });

  it('refuses expired and foreign reset links', async () => {
    const a = await createUser(t.server.database, { password: 'password-a' });
    const b = await createUser(t.server.database, { password: 'password-b' });
    await requestReset(t, a.name);
    const link = linkIn((await smtp.waitFor(emailOf(a))).body, 'password/reset');

    const foreign = await post(t, '/auth/password/reset', {
      user: b.id,
      token: link.token,
      password: 'hijacked',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'invalid_token' });

    await t.server.database.query(
      `update email_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [a.id],
    );
    const expired = await post(t, '/auth/password/reset', { ...link, password: 'too-late' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'invalid_token' });

    for (const u of [a, b]) {
      const rows = await t.server.database.query<{ revoked_at: Date | null }>(
        'select revoked_at from sessions where id = $1',
        [u.sessionId],
      );
      expect(rows[0]?.revoked_at).toBeNull();
    }
  });

  it('answers unknown logins and accounts without e-mail identically and sends nothing', async () => {
    const known = await createUser(t.server.database);
    const noEmail = await createUser(t.server.database);
    await t.server.database.query('update users set email = null where id = $1', [noEmail.id]);
    const reference = await requestReset(t, known.name);
    await smtp.waitFor(emailOf(known));
    await sleep(200);
    const before = smtp.mails.length;
    const tokensBefore = await t.server.database.query('select 1 from email_tokens');

    for (const login of ['nobody_at_all', 'nobody@nowhere.test', noEmail.name]) {
      const res = await requestReset(t, login);
      expect(res.statusCode).toBe(reference.statusCode);
      expect(res.body).toBe(reference.body);
      expect(res.headers['content-type']).toBe(reference.headers['content-type']);
    }
    await sleep(300);
    expect(smtp.mails.length).toBe(before);
    expect(await t.server.database.query('select 1 from email_tokens')).toHaveLength(tokensBefore.length);
  });

  it('sends at most three reset mails an hour per account, silently', async () => {
    const u = await createUser(t.server.database);
    for (let i = 0; i < 5; i++) expect((await requestReset(t, u.name)).json()).toEqual({ ok: true });
    await smtp.waitFor(emailOf(u), 2);
    await sleep(300);
    expect(smtp.mailsTo(emailOf(u))).toHaveLength(3);
  });

  it('requires a solved, unused captcha', async () => {
    const u = await createUser(t.server.database);
    const bogus = await post(t, '/auth/resetPassword', { login: u.name, captcha: 'bm90IGEgY2FwdGNoYQ==' });
    expect(bogus.statusCode).toBe(422);
    expect(bogus.json()).toMatchObject({ code: 'captcha_invalid', message: AuthMessages.captchaInvalid });

    const captcha = await solveCaptcha(t.app);
    expect((await post(t, '/auth/resetPassword', { login: u.name, captcha })).statusCode).toBe(200);
    const replayed = await post(t, '/auth/resetPassword', { login: u.name, captcha });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json()).toMatchObject({ code: 'captcha_invalid' });
  });
});

// ---- development outbox ---------------------------------------------------------------------

describe('development outbox (no SMTP_URL)', () => {
  it('stores the mail with its usable link, and the link verifies the address', async () => {
    const u = await createUser(o.server.database);
    const res = await post(o, '/api/user/verifyEmail', {}, u.token);
    expect(res.json()).toEqual({ ok: true, message: VERIFY_SENT });
    const rows = await o.server.database.query<{ sent_via: string; text: string; html: string }>(
      'select sent_via, text, html from mail_outbox where to_address = $1',
      [emailOf(u)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sent_via).toBe('outbox');
    const link = linkIn(rows[0]?.text as string, 'email');
    expect(rows[0]?.html).toContain(`href="${PUBLIC_URL}/email/${link.user}/${link.token}"`);
    expect((await post(o, '/api/user/confirmEmail', link)).statusCode).toBe(200);
    expect(await isVerified(o, u.id)).toBe(true);
  });

  it('reset mail lands in the outbox too', async () => {
    const u = await createUser(o.server.database, { password: 'outbox-old' });
    const res = await post(o, '/auth/resetPassword', { login: u.name, captcha: await solveCaptcha(o.app) });
    expect(res.json()).toEqual({ ok: true });
    let text: string | undefined;
    for (let i = 0; i < 100 && !text; i++) {
      const rows = await o.server.database.query<{ text: string }>(
        `select text from mail_outbox where to_address = $1 and subject = 'Reset your password'`,
        [emailOf(u)],
      );
      text = rows[0]?.text;
      if (!text) await sleep(20);
    }
    const link = linkIn(text as string, 'password/reset');
    expect((await post(o, '/auth/password/reset', { ...link, password: 'outbox-new' })).statusCode).toBe(200);
  });
});
