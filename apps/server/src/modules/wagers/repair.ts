/**
 * The wager repair job (`wagers.repair`): the one job that settles what a crash left unsettled, for
 * every product (issue G1 item 3, decision 0012). A product declares in its module definition
 * (`wagerRepair`) how to find its unsettled stakes older than a grace period and how to settle one;
 * the job asks each declared product in list order and settles what it finds.
 *
 * Invariants:
 * - A product's `settle` is idempotent: its money moves through ledger keys (a repeat is a replay) and
 *   its settled marks are set with `... where settled_at is null`, so the job may overlap the product's
 *   own loop, an old leader's run, or itself, and every stake is still paid once. `settle` answers true
 *   only when this call marked the stake settled, so two overlapping runs report it once between them.
 * - The grace period is the product's: its own loop settles a stake normally, the job only what the loop
 *   left for longer than that. Stakes that wait for their player (an open extended round) are not
 *   unsettled and are never declared: nothing closes them.
 * - One product failing (its find or one settle throwing) does not stop the others; the run then throws
 *   the first error after it went through all of them, so the failure is in `job_runs.last_error`.
 * - What a run repaired is logged (a warning: a repair means something crashed) and is the run's report
 *   (`job_runs.last_result`): the stakes settled, per product.
 */
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';

/** One unit a product settles at once (a crash round: every unsettled bet in it). */
export interface UnsettledStakes {
  /** For the logs and the report, e.g. `round 1234`. */
  id: string;
  /** Settles it (idempotent); true when this call marked it settled. */
  settle: (signal?: AbortSignal) => Promise<boolean>;
}

/** What a product declares so that the job can repair its stakes (the definition's `wagerRepair`). */
export interface WagerRepair {
  /** The product, as in the wager record (`crash`). */
  product: string;
  /** How long a stake may stay unsettled before the job settles it (the product's loop has that long). */
  graceSeconds: () => number | Promise<number>;
  /** At most `limit` units with stakes unsettled for longer than `graceSeconds`, oldest first. */
  unsettled: (graceSeconds: number, limit: number) => Promise<readonly UnsettledStakes[]>;
}

/** What one run settled, per declared product (every declared product is named, even with nothing). */
export type WagerRepairReport = Record<string, string[]>;

/** Units a product is asked for per run; more wait for the next run. */
export const REPAIR_BATCH = 100;
/** Time between two runs of the job. */
export const REPAIR_INTERVAL_MS = 30_000;

/**
 * One pass over the declared products: settles what each finds. `graceSeconds` overrides every
 * product's own (tests); `signal` stops between units.
 */
export async function repairWagers(
  ctx: Pick<AppContext, 'log'>,
  repairs: readonly WagerRepair[],
  opts: { signal?: AbortSignal; graceSeconds?: number } = {},
): Promise<WagerRepairReport> {
  const report: WagerRepairReport = {};
  let failure: unknown;
  for (const repair of repairs) {
    const settled: string[] = (report[repair.product] ??= []);
    try {
      const grace = opts.graceSeconds ?? (await repair.graceSeconds());
      for (const unit of await repair.unsettled(grace, REPAIR_BATCH)) {
        if (opts.signal?.aborted) break;
        if (await unit.settle(opts.signal)) settled.push(unit.id);
      }
    } catch (err) {
      if (opts.signal?.aborted) break;
      ctx.log.error({ err, product: repair.product }, 'wager repair failed for a product');
      failure ??= err;
    }
    if (settled.length)
      ctx.log.warn({ product: repair.product, settled }, 'unsettled stakes settled by the repair job');
  }
  if (failure !== undefined) throw failure;
  return report;
}

/** The leader's `wagers.repair` job over the products' declarations. */
export function wagerRepairJob(ctx: Pick<AppContext, 'log'>, repairs: readonly WagerRepair[]): JobDefinition {
  return {
    name: 'wagers.repair',
    intervalMs: REPAIR_INTERVAL_MS,
    runOnElect: true,
    run: async ({ signal }) => ({ settled: await repairWagers(ctx, repairs, { signal }) }),
  };
}
