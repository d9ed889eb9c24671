/** Currencies module: the currency table, chains and prices from the price feed (POST /api/data/currencies). */
import { defineModule } from '../../platform/module.js';
import { seedCurrencies } from './currencies.repository.js';
import { registerCurrencyRoutes } from './currencies.routes.js';
export {
  currencyDecimals,
  enabledDecimals,
  seedCurrencies,
  listEnabledCurrencies,
} from './currencies.repository.js';
export { CURRENCY_SEEDS } from './currencies.seed.js';

export const currenciesModule = defineModule({
  name: 'currencies',
  register: registerCurrencyRoutes,
  seed: ({ database }) => seedCurrencies(database),
});
