import { ErrorCode } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import { Coalescer } from '../../db/coalesce.js';
import type { AuthResolver } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { bearerFrom, type ResolvedSession, resolveTokens } from './sessions.service.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './sign-in.js';

/** Calls that start a session: a stale token sent along must not block signing in again. */
const SIGN_IN_PATHS = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/loginViaToken',
  '/auth/logout',
  '/auth/resetPassword',
  '/auth/password/reset',
  '/auth/metamask/nonce',
  '/auth/metamask/signature',
  '/api/telegram/generateToken',
  '/api/captcha/challenge',
  '/sanctum/csrf-cookie',
  '/api/user/confirmEmail',
]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller of an HTTP request.
 * - `Authorization: Bearer <token>`: an unknown, expired or revoked token answers HTTP 419 (the
 *   client shows the blocking loader once, forgets the user and reloads), except on sign-in calls.
 * - Otherwise the httpOnly session cookie: a state-changing call must then carry the CSRF header
 *   (`X-CSRF-TOKEN` or `X-XSRF-TOKEN`) equal to the `XSRF-TOKEN` cookie (double submit).
 * The lookups of concurrent requests share one statement (db/coalesce.ts, decision 0020): each request
 * still reads its session after it arrived, so a revoked session stops working at once.
 */
export function createAuthResolver(database: Database): AuthResolver {
  const sessions = new Coalescer<string, ResolvedSession | null>((tokens) => resolveTokens(database, tokens));
  return async (req) => {
    const path = req.url.split('?')[0] ?? '';
    const isSignIn = SIGN_IN_PATHS.has(path);
    const bearer = bearerFrom(req.headers.authorization);
    if (bearer) {
      const resolved = await sessions.load(bearer);
      if (resolved) return resolved.user;
      if (isSignIn) return null;
      throw new AppError(419, ErrorCode.SessionExpired, 'Your session has expired. Please sign in again.');
    }
    const cookie = req.cookies?.[SESSION_COOKIE];
    if (!cookie) return null;
    const resolved = await sessions.load(cookie);
    if (!resolved) return null;
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.headers['x-csrf-token'] ?? req.headers['x-xsrf-token'];
      const expected = req.cookies?.[CSRF_COOKIE];
      if (!expected || typeof header !== 'string' || decodeURIComponent(header) !== expected) {
        if (isSignIn) return null;
        throw new AppError(
          419,
          ErrorCode.CsrfMismatch,
          'The page has expired (CSRF check failed). Please reload.',
        );
      }
    }
    return resolved.user;
  };
}

/** The session token the caller used (bearer or cookie), to echo back in `Me.token`. */
export function currentToken(req: {
  headers: { authorization?: string | undefined };
  cookies?: Record<string, string | undefined>;
}): string | null {
  return bearerFrom(req.headers.authorization) ?? req.cookies?.[SESSION_COOKIE] ?? null;
}
