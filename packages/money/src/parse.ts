/**
 * Parsing a player's decimal text into atomic units, without ever going through a float.
 *
 * Accepted (after trimming whitespace): digits with at most one decimal separator, e.g. `1`, `0.5`,
 * `.5`, `1.`, `007.10`. The separator may be '.' or ',' (',' because numeric keypads of many locales
 * type it; `0,5` is one half). There is no thousands grouping: `1,000` reads as 1.000 = 1, and
 * `1,000.5` or `1 000` are refused. No sign other than a leading '-' (refused as `negative`), no
 * exponent, no `Infinity`/`NaN`, no non-ASCII digits. Trailing zeros past the currency's decimals are
 * accepted because they do not change the value (`1.500` at 2 decimals is 1.50); any other extra
 * digit is `too_many_decimals`, never silently rounded.
 */
import { type Amount, MAX_STORABLE_ATOMIC, assertDecimals, preview } from './amount.js';
import { MoneyError } from './errors.js';
import { toDecimalString } from './format.js';

/** Options of {@link parseAmount}. */
export interface ParseAmountOptions {
  /**
   * Accept only the wire format of money calls ({@link CANONICAL_AMOUNT}: digits, optionally one '.'
   * and more digits; no spaces, comma, sign or exponent). Every money call of the API parses its
   * amounts with this on ({@link parseWireAmount}), so `" 1"`, `"1,5"` and `".5"` are refused alike.
   */
  readonly canonical?: boolean;
  /** Largest accepted amount in atomic units (inclusive); above it the input is `too_large`. */
  readonly max?: Amount;
  /** Accept ',' as the decimal separator. Default true. */
  readonly allowComma?: boolean;
}

/** Result of {@link tryParseAmount}: the amount or the reason it was refused. */
export type ParseAmountResult =
  { readonly ok: true; readonly value: Amount } | { readonly ok: false; readonly error: MoneyError };

const NUMBER = /^(-?)(\d*)(?:[.,](\d*))?$/;

/** The one format of an amount in an API call: `12`, `12.5`, `0.00000001`. */
export const CANONICAL_AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Parses a player's decimal string into atomic units of a currency with `decimals` decimals.
 * `parseAmount('1.5', 8)` is 150_000_000n.
 *
 * @throws MoneyError `empty` (blank), `not_a_number` (anything but the grammar above), `negative`
 *   (a leading '-' on a non-zero value), `too_many_decimals` (a non-zero digit past `decimals`),
 *   `too_large` (above `opts.max` or above numeric(38,0), 10^38 - 1 atomic units)
 * @throws RangeError when `decimals` is not an integer in 0..38
 */
export function parseAmount(input: string, decimals: number, opts: ParseAmountOptions = {}): Amount {
  assertDecimals(decimals);
  if (typeof input !== 'string') {
    throw new MoneyError('not_a_number', 'The amount must be text such as 12.5.');
  }
  if (opts.canonical && !CANONICAL_AMOUNT.test(input)) {
    throw new MoneyError(
      input.trim().length === 0 ? 'empty' : 'not_a_number',
      input.trim().length === 0
        ? 'Enter an amount.'
        : `"${preview(input)}" is not an amount: use digits and one '.' decimal point, e.g. 12.5 (no spaces, commas or signs).`,
    );
  }
  const text = input.trim();
  if (text.length === 0) throw new MoneyError('empty', 'Enter an amount.');

  const match = NUMBER.exec(text);
  const allowComma = opts.allowComma ?? true;
  if (!match || (!allowComma && text.includes(','))) {
    const hint = allowComma ? 'digits and one decimal point' : "digits and one '.' decimal point";
    throw new MoneyError('not_a_number', `"${preview(text)}" is not a number: use ${hint}, e.g. 12.5.`);
  }
  const sign = match[1] ?? '';
  const intDigits = (match[2] ?? '').replace(/^0+/, '');
  const fracRaw = match[3] ?? '';
  if ((match[2] ?? '').length === 0 && fracRaw.length === 0) {
    throw new MoneyError('not_a_number', `"${preview(text)}" is not a number: it has no digits.`);
  }

  const frac = fracRaw.replace(/0+$/, '');
  if (frac.length > decimals) {
    throw new MoneyError(
      'too_many_decimals',
      decimals === 0
        ? 'Whole numbers only: this currency has no decimal places.'
        : `At most ${decimals} decimal place${decimals === 1 ? '' : 's'} allowed.`,
    );
  }
  // Checked before BigInt(): a hostile 1 MB string of digits must not cost quadratic time.
  if (intDigits.length + decimals > 38) throw tooLarge(opts.max, decimals);

  const value = BigInt((intDigits || '0') + frac.padEnd(decimals, '0'));
  if (sign === '-' && value !== 0n) throw new MoneyError('negative', 'The amount cannot be negative.');
  if (value > MAX_STORABLE_ATOMIC) throw tooLarge(undefined, decimals);
  if (opts.max !== undefined && value > opts.max) throw tooLarge(opts.max, decimals);
  return value as Amount;
}

/**
 * {@link parseAmount} without exceptions for bad input: `{ok: true, value}` or `{ok: false, error}`.
 * A `RangeError` for invalid `decimals` (a bug) still throws.
 */
export function tryParseAmount(
  input: string,
  decimals: number,
  opts: ParseAmountOptions = {},
): ParseAmountResult {
  try {
    return { ok: true, value: parseAmount(input, decimals, opts) };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, error };
    throw error;
  }
}

/**
 * An amount of an API money call (a bet, a tip, a rain, a withdrawal...), in the one canonical format
 * ({@link CANONICAL_AMOUNT}): {@link tryParseAmount} with `canonical` on.
 */
export function parseWireAmount(
  input: string,
  decimals: number,
  opts: Omit<ParseAmountOptions, 'canonical' | 'allowComma'> = {},
): ParseAmountResult {
  return tryParseAmount(input, decimals, { ...opts, canonical: true });
}

function tooLarge(max: Amount | undefined, decimals: number): MoneyError {
  if (max === undefined) {
    return new MoneyError('too_large', 'The amount is too large to be stored (more than 38 digits).');
  }
  return new MoneyError(
    'too_large',
    `The amount is too large: the maximum is ${toDecimalString(max, decimals)}.`,
  );
}
