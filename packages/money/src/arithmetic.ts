/**
 * Checked arithmetic on {@link Amount}s. Every result is range-checked against numeric(38,0), so an
 * overflow throws `MoneyError('too_large')` here rather than corrupting a balance or failing in SQL.
 * Division always names its rounding: money code must decide who keeps the remainder.
 */
import { type Amount, assertDecimals, checkStorable } from './amount.js';
import { MoneyError } from './errors.js';

/**
 * How a division rounds. `floor` and `ceil` are mathematical (toward -infinity / +infinity);
 * `half-even` rounds to the nearest and ties to the even neighbour (banker's rounding).
 * Pay players with `floor`, charge fees with `ceil`.
 */
export type Rounding = 'floor' | 'ceil' | 'half-even';

/** Options of {@link sub}. */
export interface SubOptions {
  /** Allow a negative result (ledger postings, deltas). Default false: a negative result throws. */
  readonly allowNegative?: boolean;
}

/**
 * a + b.
 * @throws MoneyError `too_large` when the sum leaves numeric(38,0)
 */
export function add(a: Amount, b: Amount): Amount {
  return checkStorable(a + b);
}

/**
 * a - b; refuses to go below zero unless `allowNegative`.
 * @throws MoneyError `negative` when the result is below zero and negatives are not allowed;
 *   `too_large` when it leaves numeric(38,0)
 */
export function sub(a: Amount, b: Amount, opts: SubOptions = {}): Amount {
  const result = a - b;
  if (result < 0n && !opts.allowNegative) {
    throw new MoneyError('negative', 'The result would be negative (insufficient amount).');
  }
  return checkStorable(result);
}

/**
 * Sum of any number of amounts (0 for none).
 * @throws MoneyError `too_large` when the sum leaves numeric(38,0)
 */
export function sum(amounts: Iterable<Amount>): Amount {
  let total = 0n;
  for (const a of amounts) total += a;
  return checkStorable(total);
}

/**
 * Divides `n` by `d` (d != 0) with the given rounding. Exact on bigints of any size.
 * @throws RangeError when `d` is 0
 */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d; // truncates toward zero
  const r = n % d; // same sign as n
  if (r === 0n) return q;
  const floor = n < 0n ? q - 1n : q;
  switch (rounding) {
    case 'floor':
      return floor;
    case 'ceil':
      return floor + 1n;
    case 'half-even': {
      // Distance from floor, doubled, compared with d: below half, above half or exactly half.
      const rem = n - floor * d; // 0 < rem < d
      const twice = rem * 2n;
      if (twice < d) return floor;
      if (twice > d) return floor + 1n;
      return floor % 2n === 0n ? floor : floor + 1n;
    }
  }
}

/**
 * a * numerator / denominator, rounded as asked. The product is exact (bigint), so there is no
 * intermediate overflow; only the result is range-checked. Use it for multipliers, percentages and
 * shares: `mulRatio(bet, 19_800n, 10_000n, 'floor')` pays 1.98x.
 *
 * @throws RangeError when `denominator` is 0; MoneyError `too_large` when the result leaves numeric(38,0)
 */
export function mulRatio(a: Amount, numerator: bigint, denominator: bigint, rounding: Rounding): Amount {
  return checkStorable(divRound(a * numerator, denominator, rounding));
}

/** -1, 0 or 1 as a <, =, > b. Handy for `Array.prototype.sort`. */
export function cmp(a: Amount, b: Amount): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The smaller of the given amounts. */
export function min(first: Amount, ...rest: Amount[]): Amount {
  let best = first;
  for (const a of rest) if (a < best) best = a;
  return best;
}

/** The larger of the given amounts. */
export function max(first: Amount, ...rest: Amount[]): Amount {
  let best = first;
  for (const a of rest) if (a > best) best = a;
  return best;
}

/** True when `a` is zero. */
export function isZero(a: Amount): boolean {
  return a === 0n;
}

/** True when `a` is below zero. */
export function isNegative(a: Amount): boolean {
  return a < 0n;
}

/**
 * Re-expresses atomic units of `fromDecimals` in atomic units of `toDecimals`, e.g. 8-decimal BTC
 * units to an 18-decimal chain's units (exact) or back (rounded as asked).
 *
 * @throws RangeError for decimals outside 0..38; MoneyError `too_large` when the result leaves numeric(38,0)
 */
export function convertDecimals(
  a: Amount,
  fromDecimals: number,
  toDecimals: number,
  rounding: Rounding,
): Amount {
  assertDecimals(fromDecimals);
  assertDecimals(toDecimals);
  if (toDecimals >= fromDecimals) return checkStorable(a * 10n ** BigInt(toDecimals - fromDecimals));
  return checkStorable(divRound(a, 10n ** BigInt(fromDecimals - toDecimals), rounding));
}
