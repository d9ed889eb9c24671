/**
 * Bonus module: bonus money (issue G6 items 2-3, decision 0036). Bonus records beside the players'
 * `bonus` ledger accounts (records.ts: credit, convert, forfeit, each once through the ledger), their
 * wagering from the wager stream (wagering.ts, weighted per product, game and category), the deposit
 * promotions with opt-in and one bonus per person (deposit.ts), and the leader job that credits,
 * converts, expires and resets (sweep.ts), and whether a stake may use bonus money (funding.ts).
 * Calls: `POST /api/bonusBalance`, `POST /api/cancelBonus`,
 * `POST /api/data/promotions/depositBonus`, `POST /api/data/promotions/depositOptIn`.
 */
import {
  BonusMessages,
  bonusBalanceEndpoint,
  cancelBonusEndpoint,
  depositBonusEndpoint,
  depositOptInEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { depositBonusView, optIn } from './deposit.js';
import { bonusBalance, closeBonus } from './records.js';
import { bonusSettings, seedDemoPromotions } from './settings.js';
import { bonusJobs } from './sweep.js';
import { bonusWageringConsumer } from './wagering.js';

export {
  type BonusRow,
  type BonusStatus,
  type ClosedBonus,
  type NewBonus,
  activeBonuses,
  bonusBalance,
  bonusesOf,
  closeBonus,
  creditBonus,
  hasActiveBonus,
} from './records.js';
export { bonusFundingFor, holdsActiveBonus } from './funding.js';
export { bonusMoneySince } from './figures.js';
export { awardDepositBonuses, depositBonusAmount, depositBonusView, optIn } from './deposit.js';
export { BONUS_SWEEP_INTERVAL_MS, bonusJobs, sweepBonuses, type SweepResult } from './sweep.js';
export { BONUS_CONSUMER, bonusWageringConsumer, countedStake, weightOf } from './wagering.js';
export {
  DEFAULT_WAGERING_WEIGHTS,
  DEMO_DEPOSIT_PROMOTION,
  bonusSettings,
  depositPromotionsSetting,
  resetBelowSetting,
  wageringWeightsSetting,
} from './settings.js';

/** The caller of a `policy.user` call (the policy let nobody else through). */
const signedIn = (user: AuthUser | null): AuthUser => {
  if (!user) throw AppError.unauthenticated();
  return user;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const bonusModule = defineModule({
  name: 'bonus',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, bonusBalanceEndpoint, ({ user }) => bonusBalance(ctx.database, signedIn(user).id));
    registerEndpoint(app, cancelBonusEndpoint, async ({ input, user }) => {
      const closed = UUID.test(input.id)
        ? await closeBonus(ctx, input.id, 'cancelled', { userId: signedIn(user).id })
        : null;
      if (!closed) throw AppError.notFound(BonusMessages.notFound);
      return { success: true as const };
    });
    registerEndpoint(app, depositBonusEndpoint, ({ user }) => depositBonusView(ctx, user?.id ?? null));
    registerEndpoint(app, depositOptInEndpoint, ({ input, user }) => optIn(ctx, user?.id ?? null, input.id));
  },
  jobs: bonusJobs,
  settings: bonusSettings,
  async seed({ database, demo }) {
    if (demo) await seedDemoPromotions(database);
  },
  // Wagering progress: every settled real stake, weighted, once, after its commit.
  wagerConsumers: (ctx) => [bonusWageringConsumer(ctx)],
});
