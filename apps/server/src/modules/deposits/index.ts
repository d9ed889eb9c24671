/**
 * Deposits module: stable deposit addresses (POST /api/wallet/getDepositWallet), transaction
 * re-checks (GET /api/walletNotify/:currency/:txid), history (POST /api/wallet/history/deposits), and
 * the leader job that detects transfers, follows confirmations and credits through the ledger once.
 * Rules in deposits.service.ts.
 */
import type { JobDefinition } from '../../jobs/runner.js';
import type { AppContext } from '../../platform/context.js';
import { defineModule } from '../../platform/module.js';
import { depositService } from './deposits.context.js';
import { depositsEnv } from './deposits.env.js';
import { pruneNotifyLimits } from './deposits.repository.js';
import { registerDepositRoutes } from './deposits.routes.js';
import { NOTIFY_LIMIT } from './deposits.service.js';

export { createDepositService, depositService } from './deposits.context.js';
export { creditedDepositsByDay } from './figures.js';
export { DEV_DEPOSIT_XPUBS, depositsEnv, type DepositsConfig } from './deposits.env.js';
export {
  DepositService,
  DEPOSIT_MINIMUMS,
  NOTIFY_LIMIT,
  type DepositServiceDeps,
} from './deposits.service.js';
export {
  addressesOf,
  usersWithAddress,
  creditedDepositors,
  creditedDepositsAfter,
  creditedDepositsSince,
  type CreditedDeposit,
  type PlayerDeposit,
} from './deposits.repository.js';
export {
  devSimulateDepositEndpoint,
  DEV_DEPOSIT_TOKEN_FILE,
  DEV_DEPOSIT_TOKEN_HEADER,
} from './dev-deposit.js';

/** Every 2 s on the leader: scan chains, follow confirmations, credit. */
export const DEPOSIT_JOB_INTERVAL_MS = 2_000;

function depositJobs(ctx: AppContext): JobDefinition[] {
  const service = depositService.of(ctx);
  return [
    {
      name: 'deposits.follow',
      intervalMs: DEPOSIT_JOB_INTERVAL_MS,
      runOnElect: true,
      run: async ({ signal }) => {
        await service.runOnce(signal);
      },
    },
    {
      name: 'deposits.prune-notify-limits',
      intervalMs: 10 * 60_000,
      run: () => pruneNotifyLimits(ctx.database, NOTIFY_LIMIT.windowSeconds),
    },
  ];
}

export const depositsModule = defineModule({
  name: 'deposits',
  services: [depositService],
  register: registerDepositRoutes,
  jobs: depositJobs,
  env: depositsEnv,
});
