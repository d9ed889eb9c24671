/**
 * Local aggregator module (development and tests only, issue G10 item 2): the aggregator protocol
 * served by the platform itself, with a small studio of provably fair games (games.ts: a 3-reel slot
 * and a wheel show) hosting every provider game of the catalogue, so each tile launches and pays
 * through the real callback path; and the emulator's scenarios of signed callbacks
 * (`/debugger/emulator/slotegrator`). Registered only when no remote aggregator is configured on a
 * server that is not in production (modules/slots `slotsEnv`).
 */
import { defineModule } from '../../platform/module.js';
import { registerLocalAggregatorRoutes } from './routes.js';

export { LocalAggregator, LOCAL_GAME_PREFIX } from './provider.js';
export {
  spin,
  payoutOf,
  engineOf,
  REEL_STRIP,
  REEL_THREE,
  REEL_TWO_CHERRIES,
  WHEEL_SEGMENTS,
} from './games.js';

export const localAggregatorModule = defineModule({
  name: 'local-aggregator',
  register: registerLocalAggregatorRoutes,
});
