/** Currencies module: the currency table, chains and configured prices (POST /api/data/currencies). */
export { registerCurrencyRoutes as registerCurrenciesModule } from './currencies.routes.js';
export { seedCurrencies, listEnabledCurrencies } from './currencies.repository.js';
export { CURRENCY_SEEDS } from './currencies.seed.js';
