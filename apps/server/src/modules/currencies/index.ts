/** Currencies module: the currency table, chains and prices from the price feed (POST /api/data/currencies). */
export { registerCurrencyRoutes as registerCurrenciesModule } from './currencies.routes.js';
export { seedCurrencies, listEnabledCurrencies } from './currencies.repository.js';
export { CURRENCY_SEEDS } from './currencies.seed.js';
