import {
  AuthMessages,
  completeResetEndpoint,
  confirmEmailEndpoint,
  PASSWORD_MIN,
  RegisterMessages,
  resetPasswordEndpoint,
  updateEmailEndpoint,
  verifyEmailEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { assertFreshTwoFactor, revokeUserSessions, SESSION_COOKIE, signIn, toMe } from '../auth/index.js';
import { verifyCaptcha } from '../captcha/index.js';
import { mailerService } from '../mail/index.js';
import { findUserById, findUserByLogin, hashPassword, isEmailTaken, setEmail } from '../users/index.js';
import { queueResetMail, sendVerificationMail, type AccountEmailDeps } from './account-email.service.js';
import {
  consumeResetToken,
  consumeVerifyToken,
  hashToken,
  isLiveToken,
  isWellFormedLink,
  newEmailToken,
} from './email-tokens.repository.js';
import { emailChangedMessage } from './mail-content.js';
import {
  EMAIL_CHANGE_RULE,
  peekSendLimit,
  releaseSendSlot,
  RESET_RULE,
  takeSendSlot,
  VERIFY_RULE,
} from './send-limits.repository.js';

export const AccountEmailMessages = {
  invalidToken: 'This link is invalid or has expired.',
  noEmail: 'Add an e-mail address to your account first.',
  alreadyVerified: 'Your e-mail address is already verified.',
  mailFailed: 'The e-mail could not be sent right now. Try again in a few minutes.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const invalidToken = () => new AppError(422, 'invalid_token', AccountEmailMessages.invalidToken);
const fieldError = (path: string, message: string) =>
  new AppError(422, 'validation_failed', message, [{ path, message }]);

/** The session token the caller used (bearer header or session cookie), echoed back in `Me.token`. */
export function sessionTokenOf(req: FastifyRequest): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1];
  return bearer ?? req.cookies?.[SESSION_COOKIE] ?? '';
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

export function registerAccountEmailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database, config, log } = ctx;
  // The mail module's mailer: the server closes it (after the routes) with the other services.
  const mailer = mailerService.of(ctx);
  const deps: AccountEmailDeps = { database, config, mailer };

  registerEndpoint(app, verifyEmailEndpoint, async ({ user }) => {
    const u = user && (await findUserById(database, user.id));
    if (!u) throw AppError.unauthenticated();
    if (!u.email) throw new AppError(422, 'no_email', AccountEmailMessages.noEmail);
    if (u.email_verified_at)
      throw new AppError(422, 'already_verified', AccountEmailMessages.alreadyVerified);
    if (!(await takeSendSlot(database, u.id, 'verify_email', VERIFY_RULE))) {
      throw new AppError(429, 'too_quick', AuthMessages.verifyTooQuick);
    }
    try {
      await sendVerificationMail(deps, { id: u.id, name: u.name, email: u.email });
    } catch (err) {
      await releaseSendSlot(database, u.id, 'verify_email');
      log.error({ err, userId: u.id }, 'verification mail not sent');
      throw new AppError(503, 'mail_failed', AccountEmailMessages.mailFailed);
    }
    return { ok: true as const, message: AuthMessages.verifySent };
  });

  registerEndpoint(app, confirmEmailEndpoint, async ({ input }) => {
    if (!isWellFormedLink(input.user, input.token)) throw invalidToken();
    if (!(await consumeVerifyToken(database, input.user.toLowerCase(), hashToken(input.token)))) {
      throw invalidToken();
    }
    return { ok: true as const };
  });

  registerEndpoint(app, updateEmailEndpoint, async ({ input, user, req }) => {
    const email = input.email.trim();
    if (!EMAIL.test(email)) throw fieldError('email', RegisterMessages.emailInvalid);
    const u = user && (await findUserById(database, user.id));
    if (!user || !u) throw AppError.unauthenticated();
    if (u.email?.toLowerCase() !== email.toLowerCase()) {
      // Changing an address the account already has is sensitive; adding the first one is not.
      if (u.email) await assertFreshTwoFactor(database, user);
      if (await isEmailTaken(database, email, u.id)) throw fieldError('email', RegisterMessages.emailTaken);
      try {
        await setEmail(database, u.id, email);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('email', RegisterMessages.emailTaken);
        throw err;
      }
      if (u.email && u.email_verified_at)
        mailer.sendLater(emailChangedMessage(u.email, u.name, email, config.publicUrl));
      if (await takeSendSlot(database, u.id, 'verify_email', EMAIL_CHANGE_RULE)) {
        // The address is saved either way; the player can ask for the mail again from the strip.
        await sendVerificationMail(deps, { id: u.id, name: u.name, email }).catch(async (err: unknown) => {
          await releaseSendSlot(database, u.id, 'verify_email');
          log.error({ err, userId: u.id }, 'verification mail not sent');
        });
      } else {
        log.info({ userId: u.id }, 'verification mail after an e-mail change skipped: daily limit reached');
      }
    }
    return { user: await toMe(ctx, u.id, sessionTokenOf(req)) };
  });

  registerEndpoint(app, resetPasswordEndpoint, async ({ input }) => {
    if (!(await verifyCaptcha(database, config.secretKey, input.captcha))) {
      throw new AppError(422, 'captcha_invalid', AuthMessages.captchaInvalid, [
        { path: 'captcha', message: AuthMessages.captchaInvalid },
      ]);
    }
    // Known or unknown, with or without an e-mail, throttled or not: the same answer after about
    // the same work (the mail itself leaves in the background).
    const u = await findUserByLogin(database, input.login);
    const token = newEmailToken();
    if (u?.email && (await takeSendSlot(database, u.id, 'reset_password', RESET_RULE))) {
      await queueResetMail(deps, { id: u.id, name: u.name, email: u.email }, token);
    } else {
      await peekSendLimit(database, u?.id ?? NIL_UUID, 'reset_password');
      if (u) log.info({ userId: u.id }, 'password reset mail not sent: no e-mail or hourly limit reached');
    }
    return { ok: true as const };
  });

  registerEndpoint(app, completeResetEndpoint, async ({ input, req, reply }) => {
    if (input.password.length < PASSWORD_MIN) throw fieldError('password', RegisterMessages.passwordShort);
    if (!isWellFormedLink(input.user, input.token)) throw invalidToken();
    const userId = input.user.toLowerCase();
    const tokenHash = hashToken(input.token);
    // Checked before hashing so that bad links cost no argon2 work; consumed atomically after.
    if (!(await isLiveToken(database, userId, tokenHash, 'reset_password'))) throw invalidToken();
    const passwordHash = await hashPassword(input.password);
    if (!(await consumeResetToken(database, userId, tokenHash, passwordHash))) throw invalidToken();
    await revokeUserSessions(database, userId);
    return { user: await signIn(ctx, req, reply, userId) };
  });
}
