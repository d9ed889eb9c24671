/**
 * Local sportsbook module (development and tests only, issue G10 item 4; decision 0034): a stand-in
 * for the external sportsbook provider speaking its protocol, with a renderer page labelled
 * "Simulated", a few simulated events of each of the external sportsbook's sports and a bet slip; its
 * bets and settlements reach the operator wallet (modules/external-sports) as signed JWT calls; and the
 * emulator's scenarios of signed wallet calls (`/debugger/emulator/sportsbook`, emulator.ts).
 * Registered only when no external sportsbook is configured on a server that is not in production.
 */
import { defineModule } from '../../platform/module.js';
import { registerLocalSportsbookRoutes } from './routes.js';

export { LocalSportsbook } from './book.js';

export const localSportsbookModule = defineModule({
  name: 'local-sportsbook',
  register: registerLocalSportsbookRoutes,
});
