/**
 * Wheel module: the bonus wheel (issue 20 item 2, spec 1; decision 0039). Tickets (tickets.ts: one set
 * after registration, more granted by other modules with `grantTickets`, never below 0), the spin
 * (spin.ts: a ticket, a nonce of the player's seed pair, the prize by the published weights capped by
 * the VIP level, credited as bonus money from promotions, once) and the operator settings (settings.ts).
 * Calls: `POST /api/promocode/ticket/data`, `POST /api/promocode/ticket/spin`.
 */
import { ticketDataEndpoint, ticketSpinEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { spin, ticketData } from './spin.js';
import { wheelSettings } from './settings.js';

export { cappedCents, spin, ticketData } from './spin.js';
export { wheelFigures } from './figures.js';
export { ensureRegistrationTickets, grantTickets, registrationKey, ticketsOf } from './tickets.js';
export {
  DEFAULT_WHEEL_PRIZES,
  wheelCurrencySetting,
  wheelExpirySetting,
  wheelMultiplierSetting,
  wheelPrizesSetting,
  wheelRegistrationTicketsSetting,
  wheelSettings,
} from './settings.js';

export const wheelModule = defineModule({
  name: 'wheel',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, ticketDataEndpoint, ({ user }) => ticketData(ctx, user?.id ?? null));
    registerEndpoint(app, ticketSpinEndpoint, ({ user }) => {
      if (!user) throw AppError.unauthenticated();
      return spin(ctx, user.id);
    });
  },
  settings: wheelSettings,
});
