/**
 * Withdrawals module (spec 3 sections 4, 5, 8, 9): requests debited at request, one in moderation at
 * a time, per-VIP fee/minimum/maximum/daily count, player cancel, staff accept/decline, history.
 * Money rules and crash repair are described in withdrawals.service.ts.
 */
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { defineModule } from '../../platform/module.js';
import { withdrawalsSettings } from './limits.js';
import { registerWithdrawalRoutes } from './withdrawals.routes.js';
import { withdrawalService } from './withdrawals.service.js';

export {
  WithdrawalService,
  withdrawalService,
  Status as WithdrawStatus,
  STALE_MS,
} from './withdrawals.service.js';
export { isValidAddress } from './address.js';
export { paidWithdrawalsByDay, pendingWithdrawalsByCurrency } from './figures.js';
export {
  feeFor,
  levelRow,
  wagerMultiplierSetting,
  withdrawalsSettings,
  type VipWithdrawLevel,
} from './limits.js';

/** Leader-only repair of withdrawals cut off by a crash (see WithdrawalService.reconcile). */
function withdrawalJobs(ctx: Pick<AppContext, 'services'>): JobDefinition[] {
  const service = withdrawalService.of(ctx);
  return [
    {
      name: 'withdrawals.reconcile',
      intervalMs: 60_000,
      runOnElect: true,
      run: async () => {
        await service.reconcile();
      },
    },
  ];
}

export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  services: [withdrawalService],
  register: registerWithdrawalRoutes,
  jobs: withdrawalJobs,
  settings: withdrawalsSettings,
});
