/**
 * Wagers: the one seam every product takes and settles stakes through (G1). The stake policy
 * (policy.ts: every check before money moves, in one order), the money of a stake (money.ts: place,
 * pay or refund, inside the product's transaction), the ledger keys of stakes (keys.ts: built
 * in one place, never parsed back), the USD value (usd.ts), the wager record (record.ts: one `bets`
 * row per stake of every product, written in the transaction that settles it, with its payout; what a
 * player staked since a point, `wageredSince`) and the `wager settled` stream its consumers read
 * (stream.ts): the modules that follow settled stakes name their consumer in their definition
 * (`wagerConsumers`), and this module's job delivers to all of them. What a crash left unsettled is
 * settled by this module's repair job (repair.ts) over the products' declarations (`wagerRepair`).
 */
import { defineModule } from '../../platform/module.js';
import { wagerRepairJob } from './repair.js';
import { wagerStreamJob } from './stream.js';

export {
  type CheckedStake,
  type PrebetRow,
  type StakeCheck,
  type StakeRequest,
  checkStake,
  maxProfitError,
  prebetSql,
} from './policy.js';
export { type StakeRef, type StakeStep, stakeKey } from './keys.js';
export {
  type BonusFunding,
  type GuardedStake,
  type SettledStake,
  type StakeAccount,
  type StakeFunding,
  type StakeGuard,
  bonusShare,
  type StakeJudge,
  payStake,
  placeStake,
  reclaimPayout,
  settleStakes,
  stakeHolder,
} from './money.js';
export {
  type Product,
  type RecentWager,
  RECORD_SQL,
  recentWagers,
  type WagerRecord,
  recordWager,
  recordWagers,
  recordWrites,
  resettleWager,
  wageredSince,
} from './record.js';
export {
  REPAIR_BATCH,
  REPAIR_INTERVAL_MS,
  type UnsettledStakes,
  type WagerRepair,
  type WagerRepairReport,
  repairWagers,
  wagerRepairJob,
} from './repair.js';
export { profitUsd, usdValue } from './usd.js';
export {
  type LiveBet,
  type LiveEntry,
  type LivePlayer,
  publishLiveBet,
  publishLiveEntry,
} from './live-feed.js';
export {
  STREAM_BATCH,
  STREAM_INTERVAL_MS,
  type SettledWager,
  type WagerConsumer,
  consumerPosition,
  deliverToAll,
  deliverWagers,
  drainWagers,
  wagerStreamJob,
} from './stream.js';

export const wagersModule = defineModule({
  name: 'wagers',
  jobs: (ctx) => [
    wagerStreamJob(
      ctx,
      ctx.modules.flatMap((m) =>
        typeof m.wagerConsumers === 'function' ? m.wagerConsumers(ctx) : (m.wagerConsumers ?? []),
      ),
    ),
    wagerRepairJob(
      ctx,
      ctx.modules.flatMap((m) => (m.wagerRepair ? [m.wagerRepair(ctx)] : [])),
    ),
  ],
});
