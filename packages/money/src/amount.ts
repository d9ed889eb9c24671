/**
 * Amounts are bigints of atomic units (1 BTC = 100_000_000 atomic units at 8 decimals). They are never
 * JavaScript numbers: a double cannot hold 2^53 + 1 satoshi, and 0.1 + 0.2 !== 0.3.
 *
 * Invariant: every `Amount` produced by this package lies within the storage range of PostgreSQL
 * `numeric(38,0)`, i.e. |a| <= 10^38 - 1. Anything larger throws `MoneyError('too_large')` instead of
 * failing later inside the database.
 */
import { MoneyError } from './errors.js';

/** A signed bigint of atomic units, branded so a raw bigint (a nonce, a count) is not taken for money. */
export type Amount = bigint & { readonly __brand: 'Amount' };

/** Largest magnitude PostgreSQL `numeric(38,0)` stores: 10^38 - 1. */
export const MAX_STORABLE_ATOMIC = 10n ** 38n - 1n;

/** Largest `decimals` a currency may have; more could not hold even one whole unit in numeric(38,0). */
export const MAX_DECIMALS = 38;

/** Throws `RangeError` unless `decimals` is an integer in 0..38 (a bug in the caller, not bad input). */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${String(decimals)}`);
  }
}

/** Throws `MoneyError('too_large')` when |x| does not fit numeric(38,0); returns `x` branded. */
export function checkStorable(x: bigint): Amount {
  if (x > MAX_STORABLE_ATOMIC || x < -MAX_STORABLE_ATOMIC) {
    throw new MoneyError('too_large', 'The amount is too large to be stored (more than 38 digits).');
  }
  return x as Amount;
}

/**
 * Brands a bigint of atomic units as an {@link Amount}. Negative values are allowed (ledger postings
 * are signed); use `parseAmount` for user input, which refuses them.
 *
 * @throws MoneyError `too_large` when |x| > 10^38 - 1; `not_a_number` when `x` is not a bigint at runtime
 */
export function amount(x: bigint): Amount {
  if (typeof x !== 'bigint') {
    throw new MoneyError('not_a_number', `An amount must be a bigint of atomic units, got ${typeof x}.`);
  }
  return checkStorable(x);
}

/** Zero atomic units. */
export const ZERO: Amount = amount(0n);

/**
 * Reads an integer string of atomic units, e.g. a `numeric(38,0)` column value or a JSON field.
 * Accepts an optional leading '-'; no decimal point, no exponent, no spaces.
 *
 * @throws MoneyError `empty`, `not_a_number` or `too_large`
 */
export function parseAtomic(text: string): Amount {
  if (text.length === 0) throw new MoneyError('empty', 'Enter an amount.');
  if (!/^-?\d+$/.test(text)) {
    throw new MoneyError('not_a_number', `"${preview(text)}" is not a whole number of atomic units.`);
  }
  // A bounded length keeps BigInt() linear-time on hostile input.
  if (text.replace(/^-?0*/, '').length > 38) {
    throw new MoneyError('too_large', 'The amount is too large to be stored (more than 38 digits).');
  }
  return checkStorable(BigInt(text));
}

/** The atomic units as an integer string (what `numeric(38,0)` and JSON payloads carry). */
export function toAtomicString(a: Amount): string {
  return a.toString();
}

/** Shortens user text for an error message. */
export function preview(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}
