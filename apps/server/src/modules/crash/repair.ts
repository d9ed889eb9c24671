/**
 * Crash's declaration for the wager repair job (modules/wagers/repair.ts, `wagers.repair`): its
 * unsettled stakes are the bets of busted rounds the loop left unsettled (it died or failed half-way)
 * for longer than the grace (CRASH_REPAIR_GRACE_SECONDS); one is settled by `settleRound` (settle.ts),
 * idempotent through the ledger keys and the settled marks, so the job may overlap the loop or an old
 * leader safely. (A bet is placed in one transaction with its wager, so there is no wager without a bet
 * to refund; a round still running is the loop's, whichever leader runs it.)
 */
import type { AppContext } from '../../platform/context.js';
import type { WagerRepair } from '../wagers/index.js';
import { type CrashOptions, crashEnv } from './config.js';
import { settleRound } from './settle.js';
import { ROUND_COLUMNS, type RoundRow } from './views.js';

/** Busted rounds not settled for `$1` seconds, oldest first, at most `$2`. */
const UNSETTLED_ROUNDS_SQL = `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id
  where r.phase = 'busted' and r.settled_at is null
    and r.busted_at < clock_timestamp() - make_interval(secs => $1::int)
  order by r.id limit $2::int`;

export function crashWagerRepair(
  ctx: AppContext,
  opts: Pick<CrashOptions, 'repairGraceSeconds'> = crashEnv.of(ctx.config),
): WagerRepair {
  return {
    product: 'crash',
    graceSeconds: () => opts.repairGraceSeconds,
    unsettled: async (graceSeconds, limit) =>
      (await ctx.database.query<RoundRow>(UNSETTLED_ROUNDS_SQL, [graceSeconds, limit])).map((round) => ({
        id: `round ${round.id}`,
        settle: (signal) => settleRound(ctx, round, signal),
      })),
  };
}
