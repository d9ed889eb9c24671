import { AuthMessages, TWO_FACTOR_REQUIRED, type Me } from '@nebula/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFreshTwoFactor, createSession } from '../src/modules/auth/index.js';
import type { AuthUser } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Two-factor (TOTP): setup -> enable -> validate -> disable, secrets encrypted at rest, replayed
 * codes and brute force refused, and the -1024 freshness gate of sensitive actions.
 *
 * Codes are computed for the step of `base` and the one after it. Both stay inside the server's
 * one-step window for 30 s from `base`, so a step boundary during a test cannot flake it.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const codeAt = (secret: string, epochSeconds: number) => generate({ secret, epoch: epochSeconds });
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function codesFor(secret: string) {
  const base = nowSeconds();
  const current = await codeAt(secret, base);
  const next = await codeAt(secret, base + 30);
  const window = new Set([await codeAt(secret, base - 60), await codeAt(secret, base - 30), current, next]);
  window.add(await codeAt(secret, base + 60));
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !window.has(c));
  return { current, next, wrong: wrong as string };
}

function post(user: TestUser | null, url: string, payload: object = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    payload,
  });
}

async function setup(user: TestUser) {
  const res = await post(user, '/api/user/2fa/setup');
  expect(res.statusCode).toBe(200);
  return res.json() as { secret: string; otpauthUrl: string; qrSvg: string };
}

/** A user with 2FA on; `secret` is what their authenticator app holds. */
async function userWithTwoFactor() {
  const user = await createUser(t.server.database);
  const { secret } = await setup(user);
  const codes = await codesFor(secret);
  const res = await post(user, '/api/user/2fa/enable', { code: codes.current });
  expect(res.statusCode).toBe(200);
  return { user, secret, codes };
}

async function storedSecrets(userId: string) {
  const rows = await t.server.database.query<{
    two_factor_secret: string | null;
    two_factor_pending_secret: string | null;
    two_factor_enabled_at: Date | null;
  }>('select two_factor_secret, two_factor_pending_secret, two_factor_enabled_at from users where id = $1', [
    userId,
  ]);
  return rows[0];
}

const authUser = (user: TestUser, sessionId = user.sessionId): AuthUser => ({
  id: user.id,
  name: user.name,
  roles: ['player'],
  permissions: {},
  sessionId,
});

async function freshness(user: AuthUser): Promise<'fresh' | number | string> {
  try {
    await assertFreshTwoFactor(t.server.database, user);
    return 'fresh';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).code;
  }
}

describe('two-factor setup and enable', () => {
  it('setup returns a secret, an otpauth URL for Nebula and an SVG QR code, stored encrypted as pending', async () => {
    const user = await createUser(t.server.database);
    const out = await setup(user);
    expect(out.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(out.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(out.otpauthUrl)).toContain(`Nebula:${user.name}`);
    expect(url.searchParams.get('issuer')).toBe('Nebula');
    expect(url.searchParams.get('secret')).toBe(out.secret);
    expect(out.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stored = await storedSecrets(user.id);
    expect(stored?.two_factor_pending_secret).toBeTruthy();
    expect(stored?.two_factor_pending_secret).not.toContain(out.secret);
    expect(stored?.two_factor_secret).toBeNull();
    expect(stored?.two_factor_enabled_at).toBeNull();
  });

  it('enable with a code from the secret turns 2FA on, stores the secret encrypted and keeps the token', async () => {
    const user = await createUser(t.server.database);
    const { secret } = await setup(user);
    const { current, wrong } = await codesFor(secret);

    const bad = await post(user, '/api/user/2fa/enable', { code: wrong });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ code: 'two_factor_invalid', message: AuthMessages.twoFactorWrong });

    const res = await post(user, '/api/user/2fa/enable', { code: current });
    expect(res.statusCode).toBe(200);
    const me = (res.json() as { user: Me }).user;
    expect(me.twoFactorEnabled).toBe(true);
    expect(me.token).toBe(user.token);
    expect(me._id).toBe(user.id);

    const stored = await storedSecrets(user.id);
    expect(stored?.two_factor_enabled_at).not.toBeNull();
    expect(stored?.two_factor_pending_secret).toBeNull();
    expect(stored?.two_factor_secret).toMatch(/^v1\./);
    expect(stored?.two_factor_secret).not.toBe(secret);
    expect(stored?.two_factor_secret).not.toContain(secret);
    // Enabling counts as a check for this session.
    expect(await freshness(authUser(user))).toBe('fresh');
  });

  it('the latest setup wins, setup is refused once enabled, enable needs a setup first', async () => {
    const user = await createUser(t.server.database);
    const noSetup = await post(user, '/api/user/2fa/enable', { code: '123456' });
    expect(noSetup.statusCode).toBe(409);
    expect((noSetup.json() as { code: string }).code).toBe('two_factor_not_started');

    const first = await setup(user);
    const second = await setup(user);
    expect(second.secret).not.toBe(first.secret);
    const oldCodes = await codesFor(first.secret);
    const stale = await post(user, '/api/user/2fa/enable', { code: oldCodes.current });
    expect(stale.statusCode).toBe(422);
    const ok = await post(user, '/api/user/2fa/enable', { code: (await codesFor(second.secret)).current });
    expect(ok.statusCode).toBe(200);

    const again = await post(user, '/api/user/2fa/setup');
    expect(again.statusCode).toBe(409);
    expect((again.json() as { code: string }).code).toBe('two_factor_enabled');
  });

  it('guests get 401; malformed codes are refused by the contract', async () => {
    expect((await post(null, '/api/user/2fa/setup')).statusCode).toBe(401);
    expect((await post(null, '/api/user/2fa_validate', { code: '123456' })).statusCode).toBe(401);
    const user = await createUser(t.server.database);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await post(user, '/api/user/2fa_validate', { code });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { code: string }).code).toBe('validation_failed');
    }
  });
});

describe('2fa_validate and freshness', () => {
  it('a right code marks the session fresh; a wrong one answers 422 with the spec text', async () => {
    const { user, codes } = await userWithTwoFactor();
    // A second session of the same user has not passed a check.
    const other = await createSession(t.server.database, user.id);
    expect(await freshness(authUser(user, other.id))).toBe(TWO_FACTOR_REQUIRED);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa_validate',
      headers: { authorization: `Bearer ${other.token}` },
      payload: { code: codes.wrong },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: 'two_factor_invalid', message: AuthMessages.twoFactorWrong });
    expect(await freshness(authUser(user, other.id))).toBe(TWO_FACTOR_REQUIRED);

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa_validate',
      headers: { authorization: `Bearer ${other.token}` },
      payload: { code: codes.next },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ ok: true });
    expect(await freshness(authUser(user, other.id))).toBe('fresh');

    // Freshness lasts ten minutes.
    await t.server.database.query(
      `update sessions set two_factor_verified_at = now() - interval '11 minutes' where id = $1`,
      [other.id],
    );
    expect(await freshness(authUser(user, other.id))).toBe(TWO_FACTOR_REQUIRED);
    // No session at all is never fresh.
    expect(await freshness({ ...authUser(user), sessionId: undefined })).toBe(TWO_FACTOR_REQUIRED);
  });

  it('users without 2FA are always fresh and cannot validate', async () => {
    const user = await createUser(t.server.database);
    expect(await freshness(authUser(user))).toBe('fresh');
    const res = await post(user, '/api/user/2fa_validate', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { code: string }).code).toBe('two_factor_disabled');
  });

  it('the -1024 error carries the spec body code', async () => {
    const { user } = await userWithTwoFactor();
    const other = await createSession(t.server.database, user.id);
    const err = await assertFreshTwoFactor(t.server.database, authUser(user, other.id)).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toBody().code).toBe(-1024);
  });
});

describe('replay and brute force', () => {
  it('a code is accepted once per step: replays and older steps are refused', async () => {
    const { user, codes } = await userWithTwoFactor();
    // The code that enabled 2FA cannot be replayed.
    const replayEnable = await post(user, '/api/user/2fa_validate', { code: codes.current });
    expect(replayEnable.statusCode).toBe(422);
    expect((replayEnable.json() as { code: string }).code).toBe('two_factor_reused');

    expect((await post(user, '/api/user/2fa_validate', { code: codes.next })).statusCode).toBe(200);
    const replay = await post(user, '/api/user/2fa_validate', { code: codes.next });
    expect(replay.statusCode).toBe(422);
    expect((replay.json() as { code: string; message: string }).code).toBe('two_factor_reused');
    // Two concurrent submissions of one fresh code: exactly one wins.
    const { user: u2, codes: c2 } = await userWithTwoFactor();
    const both = await Promise.all([
      post(u2, '/api/user/2fa_validate', { code: c2.next }),
      post(u2, '/api/user/2fa_validate', { code: c2.next }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('five wrong codes lock 2FA for the user, even for the right code', async () => {
    const { user, codes } = await userWithTwoFactor();
    for (let i = 1; i <= 4; i++) {
      const res = await post(user, '/api/user/2fa_validate', { code: codes.wrong });
      expect(res.statusCode, `attempt ${i}`).toBe(422);
    }
    const fifth = await post(user, '/api/user/2fa_validate', { code: codes.wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ code: 'rate_limited', message: AuthMessages.locked });

    const right = await post(user, '/api/user/2fa_validate', { code: codes.next });
    expect(right.statusCode).toBe(429);
    // The lock is per user and shared by every 2FA call.
    expect((await post(user, '/api/user/2fa/disable', { code: codes.next })).statusCode).toBe(429);
    const other = await userWithTwoFactor();
    expect((await post(other.user, '/api/user/2fa_validate', { code: other.codes.next })).statusCode).toBe(
      200,
    );

    // After the lock expires the right code works again.
    await t.server.database.query(
      `update login_throttle set locked_until = now() - interval '1 second' where key = $1`,
      [`2fa:${user.id}`],
    );
    expect((await post(user, '/api/user/2fa_validate', { code: codes.next })).statusCode).toBe(200);
  });

  it('a success clears earlier failures', async () => {
    const { user, secret } = await userWithTwoFactor();
    const { next, wrong } = await codesFor(secret);
    for (let i = 0; i < 4; i++) await post(user, '/api/user/2fa_validate', { code: wrong });
    expect((await post(user, '/api/user/2fa_validate', { code: next })).statusCode).toBe(200);
    const after = await post(user, '/api/user/2fa_validate', { code: wrong });
    expect(after.statusCode).toBe(422);
  });
});

describe('disable', () => {
  it('needs a valid current code, then clears the secret', async () => {
    const { user, codes } = await userWithTwoFactor();
    const wrong = await post(user, '/api/user/2fa/disable', { code: codes.wrong });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: 'two_factor_invalid', message: AuthMessages.twoFactorWrong });
    expect((await storedSecrets(user.id))?.two_factor_enabled_at).not.toBeNull();

    // The enabling code was used already.
    expect((await post(user, '/api/user/2fa/disable', { code: codes.current })).statusCode).toBe(422);

    const res = await post(user, '/api/user/2fa/disable', { code: codes.next });
    expect(res.statusCode).toBe(200);
    const me = (res.json() as { user: Me }).user;
    expect(me.twoFactorEnabled).toBe(false);
    expect(me.token).toBe(user.token);
    const stored = await storedSecrets(user.id);
    expect(stored).toEqual({
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_enabled_at: null,
    });

    const again = await post(user, '/api/user/2fa/disable', { code: codes.next });
    expect(again.statusCode).toBe(409);
    expect(await freshness(authUser(user))).toBe('fresh');
  });
});
