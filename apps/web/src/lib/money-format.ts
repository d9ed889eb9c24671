/**
 * The one display rule for money in the web app (balances, wagers, payouts, profits), all from
 * bigint atomic units or exact decimal strings, never through a float:
 * - a 2-decimal (fiat-like, `local_`) currency shows exactly 2 decimals: `12.50`;
 * - a crypto currency shows up to 8 decimals, trailing zeros trimmed down to 2: `0.009`, `1.50`,
 *   `0.00012345`, so a non-zero balance never reads `0.00`;
 * - digits beyond what is shown are truncated toward zero (a display never shows more than there is).
 * The fiat view (spec 3 store `fiatView`, `fiatCurrency`) shows a balance in USD or EUR with the
 * currency's price from `POST /api/data/currencies`; the price is a float, turned into an exact
 * decimal once, then bigint maths.
 */
import type { Currency } from '@nebula/contracts';
import { divRound, formatAmount, formatFiat, toDecimalString, tryParseAmount } from '@nebula/money';
import { useAppStore } from './store';

/** Decimals a crypto amount is shown with at least (trailing zeros are trimmed down to this). */
export const MIN_SHOWN_DECIMALS = 2;
/** The fiat currencies the fiat view offers (spec 3: USD or EUR, default usd). */
export const FIAT_VIEW_CURRENCIES = ['usd', 'eur'] as const;
export type FiatViewCurrency = (typeof FIAT_VIEW_CURRENCIES)[number];
/** Decimals a price is kept with for the conversions (display only). */
const PRICE_DECIMALS = 12;

export interface FormatMoneyOptions {
  /** Group thousands with ','. Default false. */
  thousands?: boolean;
}

/**
 * Display text of `atomic` units of a currency with `decimals` decimals (see the module comment):
 * `formatMoney(900000n, 8)` is `'0.009'`, `formatMoney(150n, 2)` is `'1.50'`.
 */
export function formatMoney(atomic: bigint, decimals: number, opts: FormatMoneyOptions = {}): string {
  return formatAmount(atomic, decimals, {
    minDecimals: Math.min(MIN_SHOWN_DECIMALS, decimals),
    thousands: opts.thousands ?? false,
  });
}

/**
 * Atomic units of a decimal string from the server (a balance, a wager); more decimals than the
 * currency has are cut, anything malformed counts as 0.
 */
export function parseMoney(value: string | null | undefined, decimals: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value?.trim() ?? '');
  if (!match || !/\d/.test(`${match[2]}${match[3] ?? ''}`)) return 0n;
  const [, sign, whole, fraction = ''] = match;
  // More decimals than the currency has (should not happen): cut them instead of refusing.
  const cut = fraction.slice(0, decimals);
  const parsed = tryParseAmount(cut ? `${whole || '0'}.${cut}` : whole || '0', decimals);
  if (!parsed.ok) return 0n;
  return sign === '-' ? -parsed.value : parsed.value;
}

/** {@link formatMoney} of a decimal string from the server. */
export function formatMoneyText(value: string, decimals: number, opts: FormatMoneyOptions = {}): string {
  return formatMoney(parseMoney(value, decimals), decimals, opts);
}

/** A price (float) as atomic units at PRICE_DECIMALS; 0 when unusable. */
export function priceAtomic(price: number | null | undefined): bigint {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return 0n;
  const parsed = tryParseAmount(price.toFixed(PRICE_DECIMALS), PRICE_DECIMALS);
  return parsed.ok ? parsed.value : 0n;
}

/**
 * The fiat value (exact decimal string with 2 decimals, truncated toward zero) of `atomic` units of
 * a currency with `decimals` decimals at `price` fiat per unit; null without a usable price.
 */
export function fiatAmount(
  atomic: bigint,
  decimals: number,
  price: number | null | undefined,
): string | null {
  const p = priceAtomic(price);
  if (p === 0n) return null;
  // atomic * p has decimals + PRICE_DECIMALS decimals; keep 2 (toward zero, also for a negative value).
  const scaled = atomic * p;
  const cents = divRound(
    scaled,
    10n ** BigInt(decimals + PRICE_DECIMALS - 2),
    scaled < 0n ? 'ceil' : 'floor',
  );
  return toDecimalString(cents, 2, { fixed: true });
}

/** The price of one unit of `currency` in the fiat view's currency (EUR or USD). */
export function fiatPrice(currency: Pick<Currency, 'price' | 'priceEur'>, fiatCurrency: string): number {
  return fiatCurrency === 'eur' ? currency.priceEur : currency.price;
}

/**
 * A balance as the fiat view shows it (`$876.33`, `€805.10`), or null when the currency has no
 * price (the caller then shows the currency amount).
 */
export function formatFiatBalance(
  atomic: bigint,
  currency: Pick<Currency, 'decimals' | 'price' | 'priceEur'>,
  fiatCurrency: string,
): string | null {
  const value = fiatAmount(atomic, currency.decimals, fiatPrice(currency, fiatCurrency));
  return value === null ? null : formatFiat(value, fiatCurrency);
}

/**
 * The text of a balance of `currencyId` as the player chose to see balances: in the fiat view its
 * USD/EUR value (when the currency has a price), else the currency amount by {@link formatMoney}.
 */
export function balanceText(
  atomic: bigint,
  currencyId: string,
  decimals: number,
  view: { fiatView: boolean; fiatCurrency: string; currencies: Record<string, Currency> },
): string {
  const currency = view.currencies[currencyId];
  if (view.fiatView && currency) {
    const fiat = formatFiatBalance(atomic, { ...currency, decimals }, view.fiatCurrency);
    if (fiat !== null) return fiat;
  }
  return formatMoney(atomic, decimals);
}

/** Hook form of {@link balanceText}: re-renders when the fiat view, its currency or the prices change. */
export function useBalanceText(atomic: bigint, currencyId: string, decimals: number): string {
  const fiatView = useAppStore((state) => state.fiatView);
  const fiatCurrency = useAppStore((state) => state.fiatCurrency);
  const currencies = useAppStore((state) => state.currencies);
  return balanceText(atomic, currencyId, decimals, { fiatView, fiatCurrency, currencies });
}
