/**
 * The leader's crash repair job (`crash.repair`): settles busted rounds the loop left unsettled (it died
 * or failed half-way; settle.ts). Settling is idempotent through the ledger keys and the settled mark,
 * so the job may overlap the loop or an old leader safely. (A bet is placed in one transaction with its
 * wager, so there is no wager without a bet to refund.)
 */
import type { AppContext } from '../../platform/context.js';
import { settleRound } from './settle.js';
import { ROUND_COLUMNS, type RoundRow } from './views.js';

export interface CrashRepairReport {
  /** Rounds this run marked settled. */
  settled: string[];
}

export class CrashRepair {
  constructor(
    private readonly ctx: AppContext,
    private readonly opts: { graceSeconds: number },
  ) {}

  async runOnce(signal?: AbortSignal): Promise<CrashRepairReport> {
    const { database } = this.ctx;
    const stuck = await database.query<RoundRow>(
      `select ${ROUND_COLUMNS} from crash_rounds r join crash_chains c on c.id = r.chain_id
        where r.phase = 'busted' and r.settled_at is null
          and r.busted_at < clock_timestamp() - make_interval(secs => $1::int)
        order by r.id`,
      [this.opts.graceSeconds],
    );
    const settled: string[] = [];
    for (const round of stuck) {
      if (signal?.aborted) break;
      if (await settleRound(this.ctx, round, signal)) settled.push(round.id);
    }
    if (settled.length) this.ctx.log.warn({ rounds: settled }, 'crash rounds settled by the repair job');

    return { settled };
  }
}
