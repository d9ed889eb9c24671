/**
 * VIP module (issue G6 item 1, decision 0035): the level table (levels.ts, the `vip.levels` setting:
 * requirements, level-up bonus, bonus wheel maximum, rakeback, faucet maximum, withdrawal terms), the
 * players' progress from the wager stream and credited deposits with exactly-once level-ups
 * (progress.ts), and `POST /api/vip` (the caller's deposited and wagered USD, then every level).
 */
import { type VipResponse, vipEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { vipLevelsSetting, vipSettings } from './levels.js';
import { progressOf, vipDepositJob, vipWagerConsumer } from './progress.js';

export { vipPlayersByLevel } from './figures.js';
export {
  DEFAULT_VIP_LEVELS,
  levelReached,
  mergeVipLevels,
  type VipLevelRow,
  vipExcludedSetting,
  vipLevelRow,
  vipLevelsSetting,
  vipRewardCurrencySetting,
  vipSettings,
} from './levels.js';
export {
  VIP_DEPOSIT_CONSUMER,
  VIP_WAGER_CONSUMER,
  applyLevelUps,
  countedUsd,
  deliverDeposits,
  progressOf,
  vipDepositJob,
  vipWagerConsumer,
} from './progress.js';

/** POST /api/vip: the data entry (zeros for a guest), then levels 1 to 10. */
export async function vipOverview(ctx: AppContext, userId: string | null): Promise<VipResponse> {
  const [table, progress] = await Promise.all([
    ctx.settings.get(vipLevelsSetting),
    userId ? progressOf(ctx.database, userId) : Promise.resolve({ deposited: '0.00', wagered: '0.00' }),
  ]);
  return [
    { type: 'data', deposited: progress.deposited, wagered: progress.wagered },
    ...table
      .filter((r) => r.level >= 1)
      .map((r) => ({
        type: 'level' as const,
        level: r.level,
        name: r.name,
        depositRequirement: r.depositRequirement,
        wagerRequirement: r.wagerRequirement,
        bonusWheelMaxReward: r.bonusWheelMaxReward,
        levelUpBonus: r.levelUpBonus,
        rakebackPercent: r.rakebackPercent,
        faucetMax: r.faucetMax,
        withdrawFeePercent: r.withdrawFeePercent,
        withdrawMinUsd: r.withdrawMinUsd,
        withdrawMaxUsd: r.withdrawMaxUsd,
        withdrawPerDay: r.withdrawPerDay,
      })),
  ];
}

export const vipModule = defineModule({
  name: 'vip',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, vipEndpoint, ({ user }) => vipOverview(ctx, user?.id ?? null));
  },
  settings: vipSettings,
  jobs: (ctx) => [vipDepositJob(ctx)],
  // Wagered USD, once per settled wager, after its commit; level-ups in the same delivery.
  wagerConsumers: (ctx) => [vipWagerConsumer(ctx)],
});
