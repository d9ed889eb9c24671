/**
 * External sportsbook module (issue G10 item 4; decision 0034): the provider's renderer embedded on
 * `/sportsbook?bt-path=` when the licence's `sportsbook_external` plugin is on, the player JWT (ES256)
 * it is given, and the operator wallet it calls with signed JWT payloads (`bet/make`, `bet/commit`,
 * `bet/settlement`, `bet/win`, `bet/lost`, `bet/refund`, `bet/discard`, `bet/rollback`), every stake and
 * payout through the wager seam (product `external-sports`). Without a configured provider a development
 * server uses the local sportsbook (modules/local-sportsbook).
 * (`POST /api/external-sports/launch`, `POST /api/external-sports/wallet/bet/{operation}`.)
 */
import { defineModule } from '../../platform/module.js';
import { externalSportsEnv } from './env.js';
import { registerExternalSportsRoutes } from './routes.js';
import { externalSportsService } from './service.js';
import { externalSportsSettings } from './settings.js';

export { externalSportsService, ExternalSportsService } from './service.js';
export { externalSportsEnv, derivedEcKey, LOCAL_RENDERER_PATH, type ExternalSportsConfig } from './env.js';
export {
  externalSportFeedId,
  externalSportFeedMetadata,
  feedViewOfSlip,
  type ExternalSportFeedView,
} from './feed.js';
export { signWalletCall, verifyJwt, signPlayerToken, CALL_MAX_AGE_S } from './tokens.js';
export {
  EXTERNAL_SPORTS_PLUGIN,
  externalSportsOn,
  externalSportsMaxBetEur,
  externalSportsTokenMinutes,
} from './settings.js';

export const externalSportsModule = defineModule({
  name: 'external-sports',
  env: externalSportsEnv,
  settings: externalSportsSettings,
  services: [externalSportsService],
  register: registerExternalSportsRoutes,
});
