/**
 * Player protection (responsible gambling, issue G5; decision 0025): one record per player with its
 * limits, session limit, reality check, time-out or self-exclusion, pending changes and append-only
 * history (record.service.ts: the changes, view.ts: the reads, session.ts: the play session, store.ts); the usage counters of players with limits (usage.ts); held
 * deposits (held.ts); the relation the pre-bet read joins (relation.ts); its settings and clock
 * (settings.ts). It owns `player_protection`, `protection_pending`, `protection_history`,
 * `protection_usage` and `protection_holds`.
 */
import {
  adminHeldDepositsEndpoint,
  adminLiftExclusionEndpoint,
  adminProtectionEndpoint,
  cancelChangeEndpoint,
  confirmChangeEndpoint,
  helpOrganisationsEndpoint,
  protectionEndpoint,
  protectionSessionEndpoint,
  selfExcludeEndpoint,
  setLimitEndpoint,
  setRealityCheckEndpoint,
  setSessionLimitEndpoint,
  timeOutEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { legalOperatorSetting } from '../legal/index.js';
import { findUserById } from '../users/index.js';
import {
  cancelChange,
  confirmChange,
  liftExclusion,
  setLimit,
  setRealityCheck,
  setSessionLimit,
  takeBlock,
} from './record.service.js';
import { heldDeposits } from './held.js';
import { touchSession } from './session.js';
import { protectionView } from './view.js';
import { protectionJobs } from './deposits.js';
import { PROTECTION } from './relation.js';
import { loadProtectionSettings, protectionClock, protectionSettings } from './settings.js';

export { PROTECTION, type BlockType, blockedError, notBlocked, recipientUnavailable } from './relation.js';
export { setLimit } from './record.service.js';
export { nextSession, sessionLimitReached } from './session.js';
export { assertNotBlocked, blockOf, blockInForce, blocksOf, protectionView } from './view.js';
export {
  DEFAULT_HELP_ORGANISATIONS,
  helpOrganisationsSetting,
  loadProtectionSettings,
  protectionClock,
  protectionSettings,
  realityCheckSetting,
  sessionBreakSetting,
  type ProtectionClock,
} from './settings.js';
export { impliedPrice } from './usd.js';
export {
  releaseDueHolds,
  releaseHold,
  depositHook,
  splitDeposit,
  RELEASE_INTERVAL_MS,
  type DepositSplit,
} from './deposits.js';
export { addMonths, blockEnd, nextPeriodStart, periodStart } from './periods.js';
export {
  lockJudge,
  protectionGuard,
  type GuardedStake,
  type ProtectionGuard,
  type StakeJudge,
} from './guard.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  // The endpoint policies already refused anonymous callers; this narrows the type.
  if (!user) throw new Error('policy let an anonymous caller through');
  return user;
};

function registerProtectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, protectionEndpoint, ({ user }) =>
    protectionView(ctx, ctx.database, signedIn(user).id),
  );
  registerEndpoint(app, setLimitEndpoint, ({ input, user }) => setLimit(ctx, signedIn(user), input));
  registerEndpoint(app, setSessionLimitEndpoint, ({ input, user }) =>
    setSessionLimit(ctx, signedIn(user), input.minutes),
  );
  registerEndpoint(app, setRealityCheckEndpoint, ({ input, user }) =>
    setRealityCheck(ctx, signedIn(user), input.seconds),
  );
  registerEndpoint(app, confirmChangeEndpoint, ({ input, user }) =>
    confirmChange(ctx, signedIn(user), input.id),
  );
  registerEndpoint(app, cancelChangeEndpoint, ({ input, user }) =>
    cancelChange(ctx, signedIn(user), input.id),
  );
  registerEndpoint(app, timeOutEndpoint, ({ input, user }) =>
    takeBlock(ctx, signedIn(user), 'time_out', input.duration, input.requestId),
  );
  registerEndpoint(app, selfExcludeEndpoint, ({ input, user }) =>
    takeBlock(ctx, signedIn(user), 'self_exclusion', input.duration, input.requestId),
  );
  registerEndpoint(app, protectionSessionEndpoint, ({ user }) => touchSession(ctx, signedIn(user)));
  registerEndpoint(app, helpOrganisationsEndpoint, async () => {
    const [settings, operator] = await Promise.all([
      loadProtectionSettings(ctx),
      ctx.settings.get(legalOperatorSetting),
    ]);
    return { organisations: settings.help, supportEmail: operator.supportEmail };
  });
  registerEndpoint(app, adminProtectionEndpoint, async ({ input }) => {
    if (!(await findUserById(ctx.database, input.userId))) throw AppError.notFound('Unknown player.');
    return protectionView(ctx, ctx.database, input.userId);
  });
  registerEndpoint(app, adminLiftExclusionEndpoint, async ({ input, user }) => {
    if (!(await findUserById(ctx.database, input.userId))) throw AppError.notFound('Unknown player.');
    return liftExclusion(ctx, signedIn(user), input.userId, input.reason);
  });
  // The back office's payments: held deposits (permission `wallet`), read-only (see heldDeposits).
  registerEndpoint(app, adminHeldDepositsEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    return heldDeposits(ctx.database, input);
  });
}

export const protectionModule = defineModule({
  name: 'protection',
  services: [protectionClock],
  register: registerProtectionRoutes,
  jobs: protectionJobs,
  settings: protectionSettings,
  // Me's `self_excluded`: a time-out or self-exclusion in force (the web sends the player to /error/se).
  me: async (database, userId) => {
    const rows = await database.query<{ blocked: string | null }>(
      `select blocked from ${PROTECTION} pp where pp.user_id = $1::uuid`,
      [userId],
    );
    return { self_excluded: rows[0]?.blocked != null };
  },
});
