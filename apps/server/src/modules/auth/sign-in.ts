import type { Me } from '@nebula/contracts';
import { TWO_FACTOR_REQUIRED } from '@nebula/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Config } from '../../platform/config.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PLAYERS } from '../users/index.js';
import { toMe } from './me.js';
import { createSession, SESSION_TTL_DAYS } from './sessions.service.js';

export const SESSION_COOKIE = 'nebula_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';

/** How long a 2FA check keeps sensitive actions open for this session. */
export const TWO_FACTOR_FRESH_MINUTES = 10;

export function cookieOptions(config: Pick<Config, 'publicUrl'>) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https://'),
  };
}

/**
 * Starts a session for `userId`: bearer token in the response (the client keeps it with the
 * user object) and the same token in an httpOnly cookie (cookie-authenticated calls then need
 * the CSRF header).
 */
export async function signIn(
  deps: Pick<AppContext, 'database' | 'services'> & { config: Pick<Config, 'publicUrl'> },
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<Me> {
  const session = await createSession(deps.database, userId, {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  });
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(deps.config),
    httpOnly: true,
    maxAge: SESSION_TTL_DAYS * 86_400,
  });
  return toMe(deps, userId, session.token);
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** Marks this session as having just passed a 2FA check. */
export async function markTwoFactorVerified(database: Database, sessionId: string): Promise<void> {
  await database.query('update sessions set two_factor_verified_at = now() where id = $1', [sessionId]);
}

/**
 * Sensitive actions (withdrawal, tip, rain, password/email change, 2FA disable) call this first:
 * when the user has 2FA on and this session has not passed a check in the last few minutes, it
 * answers body code -1024 and the client holds the request, asks for the code and replays it.
 */
export async function assertFreshTwoFactor(database: Database, user: AuthUser): Promise<void> {
  const rows = await database.query<{ enabled: boolean; fresh: boolean }>(
    `select u.two_factor_enabled as enabled,
            coalesce(s.two_factor_verified_at > now() - make_interval(mins => $3::int), false) as fresh
       from ${PLAYERS} u left join sessions s on s.id = $2::uuid and s.user_id = u.id
      where u.id = $1`,
    [user.id, user.sessionId ?? null, TWO_FACTOR_FRESH_MINUTES],
  );
  const row = rows[0];
  if (row?.enabled && !row.fresh) {
    throw new AppError(403, TWO_FACTOR_REQUIRED, 'Two-factor authentication is required for this action.');
  }
}
