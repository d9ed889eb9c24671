/**
 * Rakeback module (issue G7 item 4, decision 0040): accrual from the wager stream as stake x house edge
 * (or a sportsbook margin) x the VIP level's rate, exact in 1e-10 atomic units (accrual.ts); claims once
 * per 4 hours and the daily settlement at 0:00 UTC, from the promotions account through the ledger
 * (claim.ts); the operator settings (settings.ts). Calls: `POST /api/data/rakeback`,
 * `POST /api/data/claimRakeback`, `POST /api/data/promotions/rakeback`.
 */
import {
  RAKEBACK_COOLDOWN_MS,
  claimRakebackEndpoint,
  rakebackEndpoint,
  rakebackProgrammeEndpoint,
  type RakebackProgramme,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { PLAYERS } from '../users/index.js';
import { vipLevelRow, vipLevelsSetting } from '../vip/index.js';
import { rakebackConsumer } from './accrual.js';
import { claimRakeback, nextClaimAt, nextSettlement, rakebackOf, rakebackSettleJob } from './claim.js';
import { rakebackSettings } from './settings.js';

export {
  ACCRUAL_SCALE,
  RAKEBACK_CONSUMER,
  accrualOf,
  applyAccruals,
  edgeOf,
  rakebackConsumer,
  rateUnits,
} from './accrual.js';
export {
  RAKEBACK_SETTLE_JOB,
  claimRakeback,
  payableOf,
  rakebackOf,
  rakebackSettleJob,
  settleRakeback,
} from './claim.js';
export { assumedEdgeSetting, rakebackExcludedSetting, rakebackSettings } from './settings.js';
export { rakebackFigures } from './figures.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  if (!user) throw AppError.unauthenticated();
  return user;
};

/** `POST /api/data/promotions/rakeback`: the programme as it applies to the caller. */
export async function rakebackProgramme(ctx: AppContext, userId: string | null): Promise<RakebackProgramme> {
  const table = await ctx.settings.get(vipLevelsSetting);
  const level = userId
    ? ((
        await ctx.database.query<{ vip_level: number }>(
          `select vip_level from ${PLAYERS} u where u.id = $1`,
          [userId],
        )
      )[0]?.vip_level ?? 0)
    : 0;
  return {
    percent: vipLevelRow(table, level).rakebackPercent,
    level,
    cooldownHours: RAKEBACK_COOLDOWN_MS / 3_600_000,
    settlesAt: nextSettlement().toISOString(),
    nextClaimAt: userId ? await nextClaimAt(ctx.database, userId) : null,
    levels: table.map((r) => ({ level: r.level, name: r.name, percent: r.rakebackPercent })),
  };
}

export const rakebackModule = defineModule({
  name: 'rakeback',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, rakebackEndpoint, async ({ user }) => ({
      rakeback: await rakebackOf(ctx.database, signedIn(user).id),
    }));
    registerEndpoint(app, claimRakebackEndpoint, ({ user }) => claimRakeback(ctx, signedIn(user).id));
    registerEndpoint(app, rakebackProgrammeEndpoint, ({ user }) => rakebackProgramme(ctx, user?.id ?? null));
  },
  settings: rakebackSettings,
  jobs: (ctx) => [rakebackSettleJob(ctx)],
  // Accrual: every settled real stake, once, after its commit.
  wagerConsumers: (ctx) => [rakebackConsumer(ctx)],
});
