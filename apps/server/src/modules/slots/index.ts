/**
 * Slots module: third-party games through an aggregator with a seamless wallet (issue G10). The
 * operator calls (game list refreshed by the leader and linked to the catalogue, images through our own
 * host, init / init-demo), launches with the provider's country restrictions enforced, and the signed
 * callback endpoint whose money moves only through the wager seam (wallet.ts). Without a configured
 * aggregator a development server uses the local one (modules/local-aggregator).
 * (`POST /api/slots/launch`, `POST /api/slots/callback`, `GET /api/slots/img/:uuid`.)
 */
import type { JobDefinition } from '../../jobs/index.js';
import { defineModule } from '../../platform/module.js';
import { slotsWagerRepair } from './repair.js';
import { slotsService } from './services.js';
import { slotsSettings } from './settings.js';
import { slotsEnv } from './slots.env.js';
import { registerSlotRoutes } from './slots.routes.js';

export { slotsService } from './services.js';
export { SlotsService, CALLBACK_FRESHNESS_S } from './slots.service.js';
export { slotsEnv, type AggregatorConfig } from './slots.env.js';
export { LOCAL_AGGREGATOR_PREFIX, signedHeaders, type AggregatorTransport } from './aggregator.js';
export { type FormMap, buildQuery, parseForm, sign, toEntries, verify, field } from './signature.js';
export { SlotError, answerJson } from './wallet.js';
export { closeRound } from './rounds.js';
export { slotsWagerRepair, SLOT_ROUND_GRACE_S } from './repair.js';
export { slotsDisabled, slotsMaxBetEur, slotsGameListMinutes } from './settings.js';

/** Time between two looks of the leader at whether the game list is due. */
const GAME_LIST_CHECK_MS = 60_000;

export const slotsModule = defineModule({
  name: 'slots',
  env: slotsEnv,
  settings: slotsSettings,
  services: [slotsService],
  register: registerSlotRoutes,
  jobs: (ctx): JobDefinition[] => [
    {
      name: 'slots.games',
      intervalMs: GAME_LIST_CHECK_MS,
      runOnElect: true,
      run: async () => {
        const service = slotsService.of(ctx);
        if (!service.client || !(await service.refreshDue())) return;
        return service.refreshGames();
      },
    },
  ],
  wagerRepair: slotsWagerRepair,
});
