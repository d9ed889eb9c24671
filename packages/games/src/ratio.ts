import { mulRatio, type Amount } from '@nebula/money';

/**
 * Multiplier representation: an exact non-negative rational `num / den` of bigints, always reduced with
 * `den > 0`. Payout tables are built as exact rationals (true odds times `1 - houseEdge`, or a
 * conventional table scaled by an exact factor), so the return to player is *exactly* `1 - houseEdge`,
 * which the RTP tests prove with rational arithmetic. Money never meets a float:
 * `payout = floor(wager * num / den)` in atomic units ({@link payoutFor}); the rounding is always down,
 * in the house's favour by less than one atomic unit.
 *
 * For display and storage use {@link ratioToDecimal} (a decimal string, rounded down) or
 * {@link ratioToFixed} (an integer at a fixed scale, e.g. 1e8, rounded down).
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * `num / den` reduced, sign on the numerator.
 *
 * @throws RangeError when `den` is 0
 */
export function ratio(num: bigint | number, den: bigint | number = 1n): Ratio {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('ratio denominator is 0');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

/** 0 as a ratio. */
export const ZERO_RATIO: Ratio = { num: 0n, den: 1n };
/** 1 as a ratio. */
export const ONE_RATIO: Ratio = { num: 1n, den: 1n };

/** `a + b`, exact. */
export function addRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** `a - b`, exact. */
export function subRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** `a * b`, exact. */
export function mulRatioExact(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

/**
 * `a / b`, exact.
 *
 * @throws RangeError when `b` is 0
 */
export function divRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den, a.den * b.num);
}

/** -1, 0 or 1 as `a <, =, > b`. */
export function cmpRatio(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** True when `a` and `b` are the same number. */
export function eqRatio(a: Ratio, b: Ratio): boolean {
  return a.num === b.num && a.den === b.den;
}

/**
 * A decimal literal (`"1.5"`, `"0.2"`, `"1000"`) as an exact ratio; how conventional tables are written.
 *
 * @throws RangeError for anything but a plain non-negative decimal
 */
export function ratioFromDecimal(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return ratio(BigInt(`${match[1] as string}${fraction}`), 10n ** BigInt(fraction.length));
}

/**
 * `floor(r * 10^scale)` as a bigint: a non-negative multiplier at a fixed decimal scale, e.g.
 * `ratioToFixed(m, 8)` for a 1e8 fixed-point column or `ratioToFixed(m, 4)` for basis points of 1x.
 */
export function ratioToFixed(r: Ratio, scale: number): bigint {
  return (r.num * 10n ** BigInt(scale)) / r.den;
}

/**
 * The ratio as a decimal string with exactly `decimals` digits after the point, rounded down (so a
 * displayed multiplier never promises more than is paid): `ratioToDecimal(ratio(99, 50), 2) === "1.98"`.
 */
export function ratioToDecimal(r: Ratio, decimals: number): string {
  const negative = r.num < 0n;
  const fixed = ratioToFixed(negative ? { num: -r.num, den: r.den } : r, decimals);
  const digits = fixed.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** An approximate JavaScript number, for charts and animations only, never for money. */
export function ratioToNumber(r: Ratio): number {
  return Number(r.num) / Number(r.den);
}

/**
 * The payout of a bet in atomic units: `floor(wager * multiplier)`. Rounding is down (house side).
 *
 * @throws MoneyError `too_large` when the payout leaves numeric(38,0); RangeError for a negative wager
 */
export function payoutFor(wager: Amount, multiplier: Ratio): Amount {
  if (wager < 0n) throw new RangeError('wager must not be negative');
  if (multiplier.num < 0n) throw new RangeError('multiplier must not be negative');
  return mulRatio(wager, multiplier.num, multiplier.den, 'floor');
}
