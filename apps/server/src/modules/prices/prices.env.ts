/** The price feed's environment keys (decision 0013): a CoinGecko-compatible API (unset: static prices). */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const pricesEnv = defineEnv(
  {
    PRICE_FEED_URL: z.url().optional(),
    PRICE_REFRESH_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  },
  (e) => ({ feedUrl: e.PRICE_FEED_URL, refreshMs: e.PRICE_REFRESH_MS }),
);
