/**
 * Turning atomic units into text. `toDecimalString` is exact (for storage, APIs, inputs);
 * `formatAmount` is for display: at most 8 decimals, extra digits truncated toward zero so a display
 * never shows more money than there is.
 */
import { assertDecimals } from './amount.js';
import { divRound } from './arithmetic.js';
import {
  type CurrencyInfo,
  type DisplayUnit,
  FIAT_DECIMALS,
  MAX_DISPLAY_DECIMALS,
  isFiatLike,
} from './currency.js';
import { MoneyError } from './errors.js';

/** Options of {@link toDecimalString}. */
export interface ToDecimalStringOptions {
  /** Keep all `decimals` digits (`1.50000000`) instead of trimming trailing zeros (`1.5`). Default false. */
  readonly fixed?: boolean;
}

/**
 * The exact decimal value of `a` atomic units at `decimals` decimals: `(150000000n, 8)` -> `'1.5'`.
 * Trailing zeros are trimmed unless `fixed`; no exponent, no grouping. `parseAmount` reads it back.
 *
 * @throws RangeError when `decimals` is not an integer in 0..38
 */
export function toDecimalString(a: bigint, decimals: number, opts: ToDecimalStringOptions = {}): string {
  assertDecimals(decimals);
  const negative = a < 0n;
  const digits = (negative ? -a : a).toString();
  if (decimals === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const intPart = padded.slice(0, padded.length - decimals);
  let frac = padded.slice(padded.length - decimals);
  if (!opts.fixed) frac = frac.replace(/0+$/, '');
  return (negative ? '-' : '') + intPart + (frac ? `.${frac}` : '');
}

/** Options of {@link formatAmount}. */
export interface FormatAmountOptions {
  /**
   * Show at most this many decimals; digits beyond are truncated toward zero. Clamped to 0..8.
   * Default: the currency's decimals capped at 8.
   */
  readonly maxDecimals?: number;
  /** Pad with zeros to at least this many decimals (never more than shown). Default: 2 for 2-decimal (fiat) currencies, else 0. */
  readonly minDecimals?: number;
  /** `satoshi` shows the amount as a whole number of 1e-8 units (0 decimals). Default `btc` (whole coins). */
  readonly unit?: DisplayUnit;
  /** Group the integer part by thousands: `true` uses ',', a string uses that separator. Default none. */
  readonly thousands?: boolean | string;
}

/**
 * Display text for `a` atomic units of a currency with `decimals` decimals: at most 8 decimals shown
 * (truncated toward zero, never rounded up), trailing zeros trimmed down to `minDecimals`.
 * `formatAmount(123456789n, 8)` is `'1.23456789'`; `formatAmount(150n, 2)` is `'1.50'`;
 * `formatAmount(150_000_000n, 8, {unit: 'satoshi', thousands: true})` is `'150,000,000'`.
 *
 * @throws RangeError when `decimals` is not an integer in 0..38
 */
export function formatAmount(a: bigint, decimals: number, opts: FormatAmountOptions = {}): string {
  assertDecimals(decimals);
  let value = a;
  let shownDecimals: number;
  if (opts.unit === 'satoshi') {
    value = toUnitsOf(a, decimals, MAX_DISPLAY_DECIMALS);
    shownDecimals = 0;
  } else {
    shownDecimals = clamp(opts.maxDecimals ?? decimals, 0, Math.min(decimals, MAX_DISPLAY_DECIMALS));
    value = toUnitsOf(a, decimals, shownDecimals);
  }
  const minDecimals = clamp(
    opts.minDecimals ?? (decimals === FIAT_DECIMALS ? FIAT_DECIMALS : 0),
    0,
    shownDecimals,
  );

  const [intPart = '0', frac = ''] = toDecimalString(value, shownDecimals).split('.');
  const paddedFrac = frac.padEnd(minDecimals, '0');
  const separator = opts.thousands === true ? ',' : opts.thousands || '';
  // A value truncated to zero is the bigint 0n, so no "-0" can appear here.
  return groupThousands(intPart, separator) + (paddedFrac ? `.${paddedFrac}` : '');
}

/** Options of {@link formatCurrencyAmount}. */
export interface FormatCurrencyOptions {
  /** Display unit for crypto; ignored for fiat-like currencies. Default `btc`. */
  readonly unit?: DisplayUnit;
  /** See {@link FormatAmountOptions.thousands}. */
  readonly thousands?: boolean | string;
}

/**
 * The spec's display rule for a currency: fiat-like and `local_` currencies with exactly 2 decimals,
 * crypto with up to 8 (trailing zeros trimmed), or a whole number in the satoshi unit.
 *
 * @throws RangeError when the currency's decimals are not an integer in 0..38
 */
export function formatCurrencyAmount(
  a: bigint,
  currency: CurrencyInfo,
  opts: FormatCurrencyOptions = {},
): string {
  const thousands = opts.thousands ?? false;
  if (isFiatLike(currency.id)) {
    return formatAmount(a, currency.decimals, {
      maxDecimals: FIAT_DECIMALS,
      minDecimals: FIAT_DECIMALS,
      thousands,
    });
  }
  return formatAmount(a, currency.decimals, { unit: opts.unit ?? 'btc', minDecimals: 0, thousands });
}

const FIAT_SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', gbp: '£' };
const LOOSE_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$|^(-?)\.(\d+)$/;

/** Options of {@link formatFiat}. */
export interface FormatFiatOptions {
  /** Group thousands with ',' (default true) or the given separator; false for none. */
  readonly thousands?: boolean | string;
}

/**
 * A fiat value for display with 2 decimals, from an exact decimal string (e.g. a USD equivalent the
 * server computed): `formatFiat('1234.5')` is `'$1,234.50'`, `formatFiat('-0.999', 'eur')` is
 * `'-€0.99'`. Digits past the second decimal are truncated toward zero. Currencies without a symbol
 * are suffixed with their upper-case code: `'12.00 CHF'`.
 *
 * @throws MoneyError `not_a_number` when `value` is not a plain decimal string
 */
export function formatFiat(value: string, currency = 'usd', opts: FormatFiatOptions = {}): string {
  const match = LOOSE_DECIMAL.exec(value.trim());
  if (!match) throw new MoneyError('not_a_number', `"${value.slice(0, 24)}" is not a decimal number.`);
  const negative = (match[1] ?? match[4]) === '-';
  const intPart = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = (match[3] ?? match[5] ?? '').slice(0, FIAT_DECIMALS).padEnd(FIAT_DECIMALS, '0');
  const separator = opts.thousands === undefined || opts.thousands === true ? ',' : opts.thousands || '';
  const isZeroValue = /^0*$/.test(intPart) && frac === '00';
  const number = `${groupThousands(intPart, separator)}.${frac}`;
  const sign = negative && !isZeroValue ? '-' : '';
  const symbol = FIAT_SYMBOLS[currency.toLowerCase()];
  return symbol ? `${sign}${symbol}${number}` : `${sign}${number} ${currency.toUpperCase()}`;
}

/** Atomic units at `from` decimals re-expressed at `to` decimals, truncated toward zero. */
function toUnitsOf(a: bigint, from: number, to: number): bigint {
  if (to >= from) return a * 10n ** BigInt(to - from);
  const rounding = a < 0n ? 'ceil' : 'floor'; // toward zero in both directions
  return divRound(a, 10n ** BigInt(from - to), rounding);
}

function groupThousands(intPart: string, separator: string): string {
  if (!separator) return intPart;
  const negative = intPart.startsWith('-');
  const digits = negative ? intPart.slice(1) : intPart;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return (negative ? '-' : '') + grouped;
}

function clamp(n: number, lo: number, hi: number): number {
  if (!Number.isFinite(n)) return hi;
  return Math.min(Math.max(Math.trunc(n), lo), hi);
}
