/**
 * Seeds module: the player's provably-fair seed pair (seeds.service.ts) and its endpoints:
 * POST /api/fairness/seeds, POST /api/user/client_seed_change, POST /api/fairness/rotate.
 */
import { clientSeedChangeEndpoint, fairnessRotateEndpoint, fairnessSeedsEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { rotateSeeds, seedState } from './seeds.service.js';

export {
  activeSeedPair,
  randomClientSeed,
  rotateSeeds,
  seedState,
  takeNonce,
  lockActivePairs,
  nonceWrites,
  type LockedPair,
  TAKE_NONCE_SQL,
  type SeedPairRow,
  type TakenNonce,
} from './seeds.service.js';

const userIdOf = (user: { id: string } | null): string => {
  if (!user) throw AppError.unauthenticated();
  return user.id;
};

function registerSeedsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, fairnessSeedsEndpoint, ({ user }) => seedState(ctx.database, userIdOf(user)));
  registerEndpoint(app, clientSeedChangeEndpoint, ({ user, input }) =>
    rotateSeeds(ctx.database, userIdOf(user), input.client_seed),
  );
  registerEndpoint(app, fairnessRotateEndpoint, ({ user, input }) =>
    rotateSeeds(ctx.database, userIdOf(user), input.client_seed),
  );
}

export const seedsModule = defineModule({ name: 'seeds', register: registerSeedsRoutes });
