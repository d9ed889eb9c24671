/**
 * Faucet module (issue 20 item 3, spec 2; decision 0039): `POST /api/promocode/bonus` -> {value, next}
 * (claim.ts: a deposit required, once per day under any concurrency, the reward by VIP level, real
 * money from promotions through the ledger), its settings (settings.ts) and Me's `bonus_claim` (the next
 * claim's time, which the /bonus dialog counts down).
 */
import { faucetClaimEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { claimFaucet, nextClaimAt } from './claim.js';
import { faucetSettings } from './settings.js';

export { claimFaucet, faucetReward, nextClaimAt } from './claim.js';
export { faucetFigures } from './figures.js';
export {
  faucetCooldownSetting,
  faucetCurrencySetting,
  faucetMinPercentSetting,
  faucetSettings,
} from './settings.js';

export const faucetModule = defineModule({
  name: 'faucet',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, faucetClaimEndpoint, ({ user }) => {
      if (!user) throw AppError.unauthenticated();
      return claimFaucet(ctx, user.id);
    });
  },
  settings: faucetSettings,
  // Me's `bonus_claim` (spec 2 section 3): the next claim's time, null when one is available now.
  me: async (database, userId) => {
    const at = await nextClaimAt(database, userId);
    return { bonus_claim: at && new Date(at).getTime() > Date.now() ? new Date(at).toISOString() : null };
  },
});
