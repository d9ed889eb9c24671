/**
 * Prices module: the price feed (static prices or a CoinGecko-compatible HTTP API) that the currency
 * list, withdrawal limits and demo top-ups read. See price-feed.ts.
 *
 * One feed per server, created at start (the module's service) and shared by the modules through
 * `priceFeedService.of(ctx)`. The HTTP feed's refresh is a leader-only job of the module definition.
 * The operator's prices and the quotes' age limit are `prices.*` settings (settings.ts); the feed's
 * URL and refresh interval are environment (prices.env.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { defineModule } from '../../platform/module.js';
import { defineService } from '../../platform/services.js';
import { HttpPriceFeed, StaticPriceFeed, type PriceFeed } from './price-feed.js';
import { pricesEnv } from './prices.env.js';
import { pricesSettings } from './settings.js';

export {
  COINGECKO_IDS,
  HttpPriceFeed,
  StaticPriceFeed,
  quoteToDecimal,
  resolvePrice,
  trimDecimal,
  usdToAtomic,
  type PriceFeed,
  type PriceQuote,
  type RefreshResult,
  type StoredPrice,
} from './price-feed.js';
export {
  loadOperatorPrices,
  pricesMaxQuoteAgeSeconds,
  pricesOverrides,
  pricesSettings,
  type OperatorPrices,
} from './settings.js';

/** The server's price feed: the HTTP feed when PRICE_FEED_URL is set, else configured static prices. */
export function createPriceFeed(ctx: Pick<AppContext, 'config' | 'database' | 'settings'>): PriceFeed {
  const url = pricesEnv.of(ctx.config).feedUrl;
  return url
    ? new HttpPriceFeed({ database: ctx.database, settings: ctx.settings, baseUrl: url })
    : new StaticPriceFeed(ctx.database, ctx.settings);
}

/** The one price feed of a server (read it with `priceFeedService.of(ctx)`). */
export const priceFeedService = defineService('prices.feed', createPriceFeed);

export { pricesEnv } from './prices.env.js';

export const PRICE_REFRESH_JOB = 'prices.refresh';

/** The leader-only refresh of the HTTP feed (none for static prices). */
function priceJobs(ctx: Pick<AppContext, 'config' | 'log' | 'services'>): JobDefinition[] {
  const feed = priceFeedService.of(ctx);
  if (feed.name === 'static') return [];
  return [
    {
      name: PRICE_REFRESH_JOB,
      intervalMs: pricesEnv.of(ctx.config).refreshMs,
      runOnElect: true,
      run: async ({ signal }) => {
        const result = await feed.refresh(signal);
        // Thrown so the runner records it in job_runs; the old quotes stay in place.
        if (!result.ok) throw new Error(result.error ?? 'price refresh failed');
        if (result.skipped.length)
          ctx.log.warn({ skipped: result.skipped }, 'price feed gave no quote for some currencies');
      },
    },
  ];
}

export const pricesModule = defineModule({
  name: 'prices',
  env: pricesEnv,
  settings: pricesSettings,
  services: [priceFeedService],
  register(_app: FastifyInstance, ctx: AppContext) {
    const feed = priceFeedService.of(ctx);
    ctx.log.info({ priceSource: feed.name }, `prices: ${feed.description}`);
  },
  jobs: priceJobs,
});
