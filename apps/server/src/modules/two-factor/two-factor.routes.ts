import {
  twoFactorDisableEndpoint,
  twoFactorEnableEndpoint,
  twoFactorSetupEndpoint,
  twoFactorValidateEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { bearerFrom, markTwoFactorVerified, SESSION_COOKIE, toMe } from '../auth/index.js';
import {
  activateTwoFactorSecret,
  clearTwoFactorSecret,
  setPendingTwoFactorSecret,
  twoFactorColumnsOf,
} from '../users/index.js';
import { checkCode, newSecret, type TwoFactorDeps } from './two-factor.service.js';

const notEnabled = () =>
  new AppError(409, 'two_factor_disabled', 'Two-factor authentication is not enabled.');
const alreadyEnabled = () =>
  new AppError(409, 'two_factor_enabled', 'Two-factor authentication is already enabled.');

/** The caller's session token (bearer header, else the session cookie), to hand back with the user. */
function currentToken(req: FastifyRequest): string {
  const token = bearerFrom(req.headers.authorization) ?? req.cookies?.[SESSION_COOKIE];
  if (!token) throw AppError.unauthenticated();
  return token;
}

function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw AppError.unauthenticated();
  return user;
}

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: TwoFactorDeps = { database: ctx.database, secretKey: ctx.config.secretKey };
  const load = async (userId: string) => {
    const row = await twoFactorColumnsOf(ctx.database, userId);
    if (!row) throw AppError.unauthenticated();
    return row;
  };

  registerEndpoint(app, twoFactorSetupEndpoint, async ({ user, reply }) => {
    const me = signedIn(user);
    const row = await load(me.id);
    if (row.two_factor_enabled_at) throw alreadyEnabled();
    const fresh = await newSecret(deps, me.id, row.name);
    if (!(await setPendingTwoFactorSecret(ctx.database, me.id, fresh.sealed))) throw alreadyEnabled();
    reply.header('cache-control', 'no-store');
    return { secret: fresh.secret, otpauthUrl: fresh.otpauthUrl, qrSvg: fresh.qrSvg };
  });

  registerEndpoint(app, twoFactorEnableEndpoint, async ({ input, user, req }) => {
    const me = signedIn(user);
    const token = currentToken(req);
    const row = await load(me.id);
    if (row.two_factor_enabled_at) throw alreadyEnabled();
    const pending = row.two_factor_pending_secret;
    if (!pending) {
      throw new AppError(409, 'two_factor_not_started', 'Start two-factor setup first.');
    }
    await checkCode(deps, me.id, pending, input.code);
    if (!(await activateTwoFactorSecret(ctx.database, me.id, pending))) {
      throw new AppError(
        409,
        'two_factor_changed',
        'Two-factor setup changed meanwhile. Please start again.',
      );
    }
    if (me.sessionId) await markTwoFactorVerified(ctx.database, me.sessionId);
    return { user: await toMe(ctx, me.id, token) };
  });

  // Disabling is a sensitive action; the current code it requires is itself the fresh check.
  registerEndpoint(app, twoFactorDisableEndpoint, async ({ input, user, req }) => {
    const me = signedIn(user);
    const token = currentToken(req);
    const row = await load(me.id);
    const secret = row.two_factor_secret;
    if (!row.two_factor_enabled_at || !secret) throw notEnabled();
    await checkCode(deps, me.id, secret, input.code);
    if (!(await clearTwoFactorSecret(ctx.database, me.id, secret))) throw notEnabled();
    return { user: await toMe(ctx, me.id, token) };
  });

  registerEndpoint(app, twoFactorValidateEndpoint, async ({ input, user }) => {
    const me = signedIn(user);
    if (!me.sessionId) throw AppError.unauthenticated();
    const row = await load(me.id);
    const secret = row.two_factor_secret;
    if (!row.two_factor_enabled_at || !secret) throw notEnabled();
    await checkCode(deps, me.id, secret, input.code);
    await markTwoFactorVerified(ctx.database, me.sessionId);
    return { ok: true as const };
  });
}
