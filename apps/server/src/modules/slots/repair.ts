/**
 * The slots product's declaration for the wagers repair job: a round whose provider never said it
 * finished (no win, no finished bet, no rollback) is closed after a grace period, and its record written
 * with what it staked and paid. Its money moved with each callback already; closing moves none.
 */
import type { AppContext } from '../../platform/context.js';
import type { WagerRepair } from '../wagers/index.js';
import { closeRound } from './rounds.js';

/** How long a round may stay open without a callback before the repair job closes it. */
export const SLOT_ROUND_GRACE_S = 3600;

export function slotsWagerRepair(ctx: AppContext): WagerRepair {
  return {
    product: 'slots',
    graceSeconds: () => SLOT_ROUND_GRACE_S,
    unsettled: async (graceSeconds, limit) => {
      const rows = await ctx.database.query<{ id: string }>(
        `select id::text as id from slot_rounds
          where closed_at is null and updated_at < now() - make_interval(secs => $1)
          order by updated_at limit $2`,
        [graceSeconds, limit],
      );
      return rows.map((r) => ({
        id: `round ${r.id}`,
        settle: () => ctx.database.transaction(async (tx) => (await closeRound(tx, r.id)).closed),
      }));
    },
  };
}
