/**
 * Withdrawals module (spec 3 sections 4, 5, 8, 9): requests debited at request, one in moderation at
 * a time, per-VIP fee/minimum/maximum/daily count, player cancel, staff accept/decline, history.
 * Money rules and crash repair are described in withdrawals.service.ts.
 */
import type { JobRunner } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { WithdrawalService } from './withdrawals.service.js';

export { registerWithdrawalRoutes as registerWithdrawalsModule } from './withdrawals.routes.js';
export { WithdrawalService, Status as WithdrawStatus, STALE_MS } from './withdrawals.service.js';
export { isValidAddress } from './address.js';
export {
  DEFAULT_VIP_WITHDRAW,
  VIP_WITHDRAW_SETTING,
  WAGER_MULTIPLIER_SETTING,
  feeFor,
  levelRow,
  type VipWithdrawLevel,
} from './limits.js';

/** Leader-only repair of withdrawals cut off by a crash (see WithdrawalService.reconcile). */
export function registerWithdrawalJobs(
  jobs: JobRunner,
  ctx: Pick<AppContext, 'database' | 'ledger' | 'log' | 'config'>,
): void {
  const service = new WithdrawalService(ctx);
  jobs.register({
    name: 'withdrawals.reconcile',
    intervalMs: 60_000,
    runOnElect: true,
    run: async () => {
      await service.reconcile();
    },
  });
}
