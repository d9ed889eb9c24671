import {
  contactInfoSettingsEndpoint,
  getUserEndpoint,
  privacyEndpoint,
  snoozeContactInfoEndpoint,
  updateContactInfoEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { holdsPermission } from '../../platform/policy.js';
import { currentToken, toMe } from '../auth/index.js';
import { findUserById, findUserByName, setPrivacy } from '../users/index.js';
import { playerTotals } from '../games/index.js';
import { contactInfoFor, snoozeContactInfo, updateContactInfo } from './contact-info.js';

/** Player profiles (spec 2 popups): public card, privacy switches. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database } = ctx;

  registerEndpoint(app, getUserEndpoint, async ({ input, user }) => {
    const target = (await findUserById(database, input.id)) ?? (await findUserByName(database, input.id));
    if (!target) throw AppError.notFound('No such player.');
    const isSelf = user?.id === target.id;
    if (target.private_profile && !isSelf && !(user && holdsPermission(user, 'ignore_privacy'))) {
      throw new AppError(403, 'private_profile', 'This profile is private.');
    }
    // Wagered (USD, to 2 decimals) and game count over the player's settled real-money bets, from the
    // statistics the games module keeps from the wager stream.
    const totals = await playerTotals(database, target.id);
    const stats = { wagered: Number(totals.wageredUsd), games: totals.bets };
    return {
      user: {
        _id: target.id,
        name: target.name,
        avatar: target.avatar,
        created_at: new Date(target.created_at).toISOString(),
        vipLevel: target.vip_level,
        private_profile: target.private_profile,
      },
      wagered: stats.wagered,
      games: stats.games,
    };
  });

  registerEndpoint(app, privacyEndpoint, async ({ input, user, req }) => {
    if (!user) throw AppError.unauthenticated();
    await setPrivacy(database, user.id, {
      privateProfile: input.private_profile,
      privateBets: input.private_bets,
    });
    return { user: await toMe(ctx, user.id, currentToken(req) ?? '') };
  });

  // The contact-info modal (contact-info.ts).
  registerEndpoint(app, contactInfoSettingsEndpoint, async ({ user, reply }) => {
    if (!user) throw AppError.unauthenticated();
    reply.header('cache-control', 'no-store');
    return contactInfoFor(ctx, user.id);
  });
  registerEndpoint(app, updateContactInfoEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    return updateContactInfo(ctx, user.id, input);
  });
  registerEndpoint(app, snoozeContactInfoEndpoint, async ({ user }) => {
    if (!user) throw AppError.unauthenticated();
    return snoozeContactInfo(ctx, user.id);
  });
}
