/**
 * Deposits module: stable deposit addresses (POST /api/wallet/getDepositWallet), transaction
 * re-checks (GET /api/walletNotify/:currency/:txid), history (POST /api/wallet/history/deposits), and
 * the leader job that detects transfers, follows confirmations and credits through the ledger once.
 * Rules in deposits.service.ts.
 */
import type { JobRunner } from '../../jobs/runner.js';
import type { AppContext } from '../../platform/context.js';
import { depositServiceFor } from './deposits.context.js';
import { pruneNotifyLimits } from './deposits.repository.js';
import { NOTIFY_LIMIT } from './deposits.service.js';

export { registerDepositRoutes as registerDepositsModule } from './deposits.routes.js';
export { depositServiceFor } from './deposits.context.js';
export {
  DepositService,
  DEPOSIT_MINIMUMS,
  NOTIFY_LIMIT,
  type DepositServiceDeps,
} from './deposits.service.js';
export {
  devSimulateDepositEndpoint,
  DEV_DEPOSIT_TOKEN_FILE,
  DEV_DEPOSIT_TOKEN_HEADER,
} from './dev-deposit.js';

/** Every 2 s on the leader: scan chains, follow confirmations, credit. */
export const DEPOSIT_JOB_INTERVAL_MS = 2_000;

export function registerDepositJobs(jobs: JobRunner, ctx: AppContext): void {
  const service = depositServiceFor(ctx);
  jobs.register({
    name: 'deposits.follow',
    intervalMs: DEPOSIT_JOB_INTERVAL_MS,
    runOnElect: true,
    run: async ({ signal }) => {
      await service.runOnce(signal);
    },
  });
  jobs.register({
    name: 'deposits.prune-notify-limits',
    intervalMs: 10 * 60_000,
    run: () => pruneNotifyLimits(ctx.database, NOTIFY_LIMIT.windowSeconds),
  });
}
