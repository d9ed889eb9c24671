/**
 * Promotions module (issue 20 item 6): the summary behind `/promotions` and `/rewards`
 * (`POST /api/data/promotions/summary`): every programme the operator has set up with the caller's
 * state. It owns no table: it reads through the programmes' own modules (summary.ts).
 */
import { promotionsSummaryEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { promotionsSummary } from './summary.js';

export { promotionsSummary, vipProgress } from './summary.js';

export const promotionsModule = defineModule({
  name: 'promotions',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, promotionsSummaryEndpoint, async ({ user, reply }) => {
      reply.header('cache-control', 'no-store');
      return promotionsSummary(ctx, user);
    });
  },
});
