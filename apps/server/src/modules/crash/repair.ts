/**
 * The leader's crash repair job (`crash.repair`): settles busted rounds the loop left unsettled (it died
 * or failed half-way) and refunds wagers whose bet row was never inserted (settle.ts). Both are
 * idempotent through the ledger keys, so the job may overlap the loop or an old leader safely.
 *
 * The orphan scan is incremental: it reads ledger transfers above a watermark that starts at the
 * ledger floor of the oldest round of the last day (or still unsettled) and moves up to the newest
 * transfer old enough that its round has surely left betting.
 */
import type { AppContext } from '../../platform/context.js';
import { refundOrphanWagers, settleRound } from './settle.js';
import { ROUND_COLUMNS, type RoundRow } from './views.js';

/** Transfers younger than this many seconds past the grace stay above the watermark (betting <= 10 min). */
const WATERMARK_MARGIN_SECONDS = 3_600;

export interface CrashRepairReport {
  /** Rounds this run marked settled. */
  settled: string[];
  /** Refund keys this run moved. */
  refunded: string[];
}

export class CrashRepair {
  private watermark: string | null = null;

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

    if (this.watermark === null) {
      const rows = await database.query<{ floor: string }>(
        `select coalesce(min(ledger_floor), 0)::text as floor from crash_rounds
          where settled_at is null or created_at > clock_timestamp() - interval '1 day'`,
      );
      this.watermark = rows[0]?.floor ?? '0';
    }
    const from = this.watermark;
    const marks = await database.query<{ mark: string }>(
      `select coalesce(max(id), $1::bigint)::text as mark from ledger_transfers
        where id > $1::bigint and created_at < clock_timestamp() - make_interval(secs => $2::int)`,
      [from, this.opts.graceSeconds + WATERMARK_MARGIN_SECONDS],
    );
    const { refunded, full } = await refundOrphanWagers(this.ctx, from, this.opts.graceSeconds, signal);
    // A full batch may have left orphans below the new mark: keep the old one until a run catches up.
    if (!full && !signal?.aborted) this.watermark = marks[0]?.mark ?? from;
    return { settled, refunded };
  }
}
