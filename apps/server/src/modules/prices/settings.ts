/**
 * The operator's price settings (the settings registry, platform/settings): prices the operator sets
 * per currency, and how old a feed quote may be before it is no longer used. Where the feed is
 * (PRICE_FEED_URL) and how often it is asked (PRICE_REFRESH_MS, bound to the feed's plan and rate
 * limit) are deployment configuration (prices.env.ts; decision 0016).
 *
 * Which price a currency has, first that applies (price-feed.ts):
 *   1. the operator's price (`prices.overrides`), with or without a feed;
 *   2. the feed's quote, when a feed is configured, it has quoted the currency and the quote is not older
 *      than `prices.max_quote_age_seconds` (0: any age);
 *   3. the price the currency is listed with (`currencies.price_usd` / `price_eur`, from the currency
 *      seed).
 */
import { z } from 'zod';
import { defineSetting, type Setting, type SettingsStore } from '../../platform/settings/index.js';

/** A price as numeric(30,12) holds it: a positive decimal string (never a float). */
const price = z
  .string()
  .regex(/^\d{1,18}(\.\d{1,12})?$/, 'a positive decimal such as 97000 or 0.00012345')
  .refine((v) => /[1-9]/.test(v), 'must be more than 0');
const currencyId = z.string().regex(/^[a-z0-9_]{1,32}$/, 'a currency id such as btc or usdt');

export const pricesOverrides = defineSetting(
  'prices.overrides',
  z.record(currencyId, z.object({ usd: price, eur: price }).strict()),
  {},
  'prices',
  'Prices the operator sets per currency id, {usd, eur} as decimal strings: they win over the price feed ' +
    'and over the price the currency is listed with (bets, withdrawal limits, demo top-ups, the currency list).',
);
export const pricesMaxQuoteAgeSeconds = defineSetting(
  'prices.max_quote_age_seconds',
  z.number().int().min(0).max(31_536_000),
  0,
  'prices',
  'A price feed quote older than this many seconds is no longer used (the operator price, else the listed ' +
    'price applies until the feed quotes again); 0: quotes are used at any age.',
);

/** The prices module's settings (its definition's `settings`). */
export const pricesSettings: readonly Setting[] = [pricesOverrides, pricesMaxQuoteAgeSeconds];

/** The operator's price settings in force. */
export interface OperatorPrices {
  overrides: Readonly<Record<string, { usd: string; eur: string }>>;
  maxQuoteAgeSeconds: number;
}

/** The operator's price settings in force, from the node's settings cache. */
export async function loadOperatorPrices(settings: Pick<SettingsStore, 'get'>): Promise<OperatorPrices> {
  const [overrides, maxQuoteAgeSeconds] = await Promise.all([
    settings.get(pricesOverrides),
    settings.get(pricesMaxQuoteAgeSeconds),
  ]);
  return { overrides, maxQuoteAgeSeconds };
}
