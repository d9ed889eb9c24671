import { randomBytes } from 'node:crypto';
import {
  AuthMessages,
  changePasswordEndpoint,
  csrfCookieEndpoint,
  loginEndpoint,
  loginViaTokenEndpoint,
  logoutEndpoint,
  NAME_PATTERN,
  PASSWORD_MIN,
  registerEndpoint as registerUserEndpoint,
  RegisterMessages,
  revokeSessionEndpoint,
  sessionsEndpoint,
  updateEndpoint,
  type FieldError,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { addCaptchaLevelSource, verifyCaptcha } from '../captcha/index.js';
import {
  countRecentRegistrations,
  findUserByLogin,
  findUserIdByReferralCode,
  hashPassword,
  insertUser,
  isEmailTaken,
  isNameTaken,
  passwordHashOf,
  setPasswordHash,
  verifyPassword,
} from '../users/index.js';
import { currentToken } from './auth.resolver.js';
import { toMe } from './me.js';
import { resolveToken, revokeSession, revokeUserSessions } from './sessions.service.js';
import {
  clearSessionCookie,
  cookieOptions,
  CSRF_COOKIE,
  SESSION_COOKIE,
  signIn,
  assertFreshTwoFactor,
} from './sign-in.js';
import { loadSecuritySettings } from './security-settings.js';
import { clearSignInFailures, recordSignInFailure, signInCaptchaLevel, signInThrottle } from './throttle.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// An argon2id hash of a random string: verifying against it when the login is unknown keeps
// the response time the same, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database, config } = ctx;

  // Challenges for an address that failed to sign in lately cost more (see throttle.ts).
  addCaptchaLevelSource(app, (req) => signInCaptchaLevel(database, req.ip));

  const requireCaptcha = async (payload: string, minLevel = 0) => {
    if (!(await verifyCaptcha(database, config.secretKey, payload, minLevel))) {
      throw new AppError(422, 'captcha_invalid', AuthMessages.captchaInvalid, [
        { path: 'captcha', message: AuthMessages.captchaInvalid },
      ]);
    }
  };

  registerEndpoint(app, csrfCookieEndpoint, ({ req, reply }) => {
    const existing = req.cookies?.[CSRF_COOKIE];
    const token =
      existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing) ? existing : randomBytes(24).toString('base64url');
    reply.setCookie(CSRF_COOKIE, token, { ...cookieOptions(config), httpOnly: false, maxAge: 7 * 86_400 });
    return { csrfToken: token };
  });

  registerEndpoint(app, registerUserEndpoint, async ({ input, req, reply }) => {
    await requireCaptcha(input.captcha);
    const email = input.email.trim();
    const name = input.name.trim();
    const fields: FieldError[] = [];
    if (!EMAIL.test(email)) fields.push({ path: 'email', message: RegisterMessages.emailInvalid });
    if (!NAME_PATTERN.test(name)) fields.push({ path: 'name', message: RegisterMessages.nameInvalid });
    if (input.password.length < PASSWORD_MIN)
      fields.push({ path: 'password', message: RegisterMessages.passwordShort });
    if (!fields.some((f) => f.path === 'email') && (await isEmailTaken(database, email))) {
      fields.push({ path: 'email', message: RegisterMessages.emailTaken });
    }
    if (!fields.some((f) => f.path === 'name') && (await isNameTaken(database, name))) {
      fields.push({ path: 'name', message: RegisterMessages.nameTaken });
    }
    if (fields.length)
      throw new AppError(422, 'validation_failed', (fields[0] as FieldError).message, fields);

    let invitedBy: string | null = null;
    const invite = input.inviteCode?.trim();
    if (invite) {
      invitedBy = await findUserIdByReferralCode(database, invite);
      if (!invitedBy) throw AppError.domain(1, RegisterMessages.inviteInvalid);
    }

    const security = await loadSecuritySettings(ctx);
    const deviceHeader = req.headers['x-device-id'];
    const deviceId =
      typeof deviceHeader === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(deviceHeader)
        ? deviceHeader
        : undefined;
    if (security.maxAccountsPerIp > 0 || security.maxAccountsPerDevice > 0) {
      const recent = await countRecentRegistrations(database, { ip: req.ip, deviceId }, security.windowHours);
      const ipTrips = security.maxAccountsPerIp > 0 && recent.ip >= security.maxAccountsPerIp;
      const deviceTrips =
        security.maxAccountsPerDevice > 0 &&
        deviceId !== undefined &&
        recent.device >= security.maxAccountsPerDevice;
      if (ipTrips || deviceTrips) throw AppError.domain(2, RegisterMessages.multiaccount);
    }

    let userId: string;
    try {
      userId = await insertUser(database, {
        name,
        email,
        passwordHash: await hashPassword(input.password),
        invitedBy,
        registrationIp: req.ip,
        deviceId: deviceId ?? null,
      });
    } catch (err) {
      // Two registrations racing for the same name or email: the unique index decides.
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') {
        const text = String((err as Error).message);
        const field = text.includes('email') ? 'email' : 'name';
        const message = field === 'email' ? RegisterMessages.emailTaken : RegisterMessages.nameTaken;
        throw new AppError(422, 'validation_failed', message, [{ path: field, message }]);
      }
      throw err;
    }
    ctx.log.info({ userId }, 'account registered');
    return { user: await signIn(ctx, req, reply, userId) };
  });

  registerEndpoint(app, loginEndpoint, async ({ input, req, reply }) => {
    // Throttled per (login, address) and per address, never per login alone: a stranger's failures
    // cannot lock the owner out, and an address that has not failed is never slowed down.
    // The pair is keyed by the account when the login names one (its name or e-mail alike).
    const user = await findUserByLogin(database, input.login);
    const subject = user ? `user:${user.id}` : `login:${input.login.trim().toLowerCase()}`;
    const throttle = await signInThrottle(database, subject, req.ip);
    if (throttle.locked) throw new AppError(429, 'locked', AuthMessages.locked);
    await requireCaptcha(input.captcha, throttle.captchaLevel);
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, input.password)
      : (await verifyPassword(await dummyHash, input.password), false);
    if (!user || !ok) {
      await recordSignInFailure(database, subject, req.ip);
      throw new AppError(422, 'wrong_credentials', AuthMessages.wrongCredentials);
    }
    await clearSignInFailures(database, subject, req.ip);
    return { user: await signIn(ctx, req, reply, user.id) };
  });

  registerEndpoint(app, updateEndpoint, async ({ user, req }) => {
    if (!user) throw AppError.unauthenticated();
    return { user: await toMe(ctx, user.id, currentToken(req) ?? '') };
  });

  registerEndpoint(app, loginViaTokenEndpoint, async ({ input, reply }) => {
    const resolved = await resolveToken(database, input.token);
    if (!resolved) throw new AppError(401, 'invalid_token', 'This sign-in link is invalid or has expired.');
    reply.setCookie(SESSION_COOKIE, input.token, { ...cookieOptions(config), httpOnly: true });
    return { user: await toMe(ctx, resolved.user.id, input.token) };
  });

  registerEndpoint(app, logoutEndpoint, async ({ req, reply }) => {
    const token = currentToken(req);
    if (token) {
      const resolved = await resolveToken(database, token);
      if (resolved) await revokeSession(database, resolved.sessionId);
    }
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  registerEndpoint(app, sessionsEndpoint, async ({ user }) => {
    if (!user) throw AppError.unauthenticated();
    const rows = await database.query<{
      id: string;
      ip: string | null;
      user_agent: string | null;
      created_at: Date;
      last_seen_at: Date;
    }>(
      `select id, ip, user_agent, created_at, last_seen_at from sessions
        where user_id = $1 and revoked_at is null and expires_at > now() order by last_seen_at desc limit 50`,
      [user.id],
    );
    return {
      sessions: rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.user_agent,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        current: r.id === user.sessionId,
      })),
    };
  });

  registerEndpoint(app, revokeSessionEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const rows = await database.query(
      'update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id',
      [input.id, user.id],
    );
    if (!rows.length) throw AppError.notFound('No such active session.');
    return { ok: true as const };
  });

  registerEndpoint(app, changePasswordEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    await assertFreshTwoFactor(database, user);
    if (input.password.length < PASSWORD_MIN) {
      throw new AppError(422, 'validation_failed', RegisterMessages.passwordShort, [
        { path: 'password', message: RegisterMessages.passwordShort },
      ]);
    }
    const hash = await passwordHashOf(database, user.id);
    if (hash && !(await verifyPassword(hash, input.current))) {
      throw new AppError(422, 'wrong_password', 'The current password is not correct.', [
        { path: 'current', message: 'The current password is not correct.' },
      ]);
    }
    await setPasswordHash(database, user.id, await hashPassword(input.password));
    await revokeUserSessions(database, user.id, user.sessionId);
    return { ok: true as const };
  });
}
