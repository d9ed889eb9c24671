/**
 * Dashboard module: the back office's dashboard (POST /api/admin/dashboard, issue G8 item 1) and the
 * promotions hub's figures (POST /api/admin/promotions, item 5; promotions.ts). Its
 * consumer of the wager stream keeps the daily wager figures (daily.ts, migration 0039) so the
 * dashboard never scans `bets`; the other figures come from the modules that own them
 * (dashboard.service.ts).
 */
import { adminDashboardEndpoint, adminPromotionsEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { dailyWagersConsumer } from './daily.js';
import { dashboard, recentLedgerCheck } from './dashboard.service.js';
import { promotionFigures } from './promotions.js';

export { DAILY_CONSUMER, dailyWagersConsumer, sumDaily } from './daily.js';
export {
  cents,
  dashboard,
  LEDGER_CHECK_MAX_AGE_MS,
  RecentLedgerCheck,
  recentLedgerCheck,
} from './dashboard.service.js';
export { promotionFigures } from './promotions.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  services: [recentLedgerCheck],
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, adminDashboardEndpoint, ({ input }) => dashboard(ctx, input.days));
    registerEndpoint(app, adminPromotionsEndpoint, () => promotionFigures(ctx));
  },
  wagerConsumers: [dailyWagersConsumer],
});
