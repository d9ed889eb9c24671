/**
 * Currency decimals, as the product spec fixes them: crypto 8, fiat-like and `local_` currencies 2,
 * and the satoshi display unit 0. Display never shows more than 8 decimals.
 */

/** The part of a currency this package needs. `decimals` is the number of atomic units per unit, as a power of 10. */
export interface CurrencyInfo {
  readonly id: string;
  readonly decimals: number;
}

/** Crypto currencies (btc, eth, usdt, ...): 8 decimals. */
export const CRYPTO_DECIMALS = 8;
/** Fiat-like and `local_` currencies: 2 decimals. */
export const FIAT_DECIMALS = 2;
/** The satoshi display unit shows whole atomic units of an 8-decimal coin: 0 decimals. */
export const SATOSHI_DECIMALS = 0;
/** No amount is ever displayed with more decimals than this. */
export const MAX_DISPLAY_DECIMALS = 8;

/** How a crypto amount is displayed: whole coins (the spec's default unit `btc`) or satoshi (1e-8 coin). */
export type DisplayUnit = 'btc' | 'satoshi';

/** Crypto or fiat-like; decides decimals and display. */
export type CurrencyKind = 'crypto' | 'fiat';

/**
 * Ids of fiat currencies (ISO 4217, lower case). Stablecoins such as usdt are crypto: they live on a
 * chain and use 8 decimals on this platform.
 */
export const FIAT_CURRENCY_IDS: ReadonlySet<string> = new Set([
  'usd',
  'eur',
  'gbp',
  'jpy',
  'cny',
  'inr',
  'rub',
  'uah',
  'try',
  'brl',
  'ars',
  'mxn',
  'cad',
  'aud',
  'nzd',
  'chf',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'huf',
  'ron',
  'bgn',
  'kzt',
  'krw',
  'idr',
  'php',
  'thb',
  'vnd',
  'myr',
  'sgd',
  'hkd',
  'zar',
  'ngn',
  'kes',
  'egp',
  'aed',
  'sar',
  'ils',
  'clp',
  'cop',
  'pen',
]);

/** True for a fiat currency id or any `local_` currency (case-insensitive). */
export function isFiatLike(id: string): boolean {
  const lower = id.toLowerCase();
  return lower.startsWith('local_') || FIAT_CURRENCY_IDS.has(lower);
}

/** `fiat` for fiat-like and `local_` ids, otherwise `crypto`. */
export function currencyKind(id: string): CurrencyKind {
  return isFiatLike(id) ? 'fiat' : 'crypto';
}

/** The spec's decimals rule: 2 for fiat-like and `local_` currencies, 8 for crypto. */
export function decimalsFor(id: string): number {
  return isFiatLike(id) ? FIAT_DECIMALS : CRYPTO_DECIMALS;
}

/** A {@link CurrencyInfo} built from the decimals rule. */
export function currencyInfo(id: string): CurrencyInfo {
  return { id, decimals: decimalsFor(id) };
}

/**
 * How many decimals to display for a currency: fiat 2, crypto in the satoshi unit 0, otherwise the
 * currency's decimals capped at 8.
 */
export function displayDecimals(currency: CurrencyInfo, unit: DisplayUnit = 'btc'): number {
  if (isFiatLike(currency.id)) return FIAT_DECIMALS;
  if (unit === 'satoshi') return SATOSHI_DECIMALS;
  return Math.min(currency.decimals, MAX_DISPLAY_DECIMALS);
}
