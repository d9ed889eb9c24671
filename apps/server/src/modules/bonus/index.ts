/**
 * Bonus balance (spec 3 section 7 `POST /api/bonusBalance`, contract `bonusBalanceEndpoint`): the
 * signed-in player's active bonuses; a guest gets the usual 401. No bonus programme exists yet (G6
 * brings deposit bonuses and their wagering), so every player holds none and the list is empty: the
 * answer is true, and the web app's sign-in refresh no longer meets a 404 on every page load.
 */
import { bonusBalanceEndpoint, type BonusBalance } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';

export const bonusModule = defineModule({
  name: 'bonus',
  register(app: FastifyInstance) {
    registerEndpoint(app, bonusBalanceEndpoint, (): BonusBalance => []);
  },
});
