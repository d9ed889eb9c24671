/**
 * The crash multiplier curve: how the shown multiplier rises with the time since the round started.
 *
 *   multiplierAt(ms) = floor(100 * e^(0.00006 * ms)) hundredths   (2.00x after 11.56 s, 10x after 38.4 s)
 *
 * It is computed exactly in bigint fixed point (no `Math.exp`), so every node, the browser and the
 * verifier agree to the hundredth on every millisecond: the server pays a manual cash-out at
 * `multiplierAt(ms)` with `ms` measured by the database clock, and `timeFor(m)` (the first millisecond
 * the curve shows `m`) fixes when a round busts and when an auto cash-out fires. `e^x` is irrational for
 * every rational x other than 0, so 100 * e^x is never an integer and the floor is decided by computing
 * far enough (the precision doubles in the never-seen case that 40 digits do not decide it).
 */

/** The growth rate per millisecond, 0.00006 = 3 / 50000, as an exact fraction. */
export const CRASH_GROWTH_NUM = 3n;
export const CRASH_GROWTH_DEN = 50_000n;
/** The same rate as a number, for animations only. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** Working precision in decimal digits (doubled when a floor is not decided). */
const BASE_DIGITS = 80;

const eCache = new Map<number, bigint>();
const ePowCache = new Map<string, bigint>();

/** e * 10^digits, to within a few units (sum of 1/k!, truncated). */
function eScaled(digits: number): bigint {
  const hit = eCache.get(digits);
  if (hit !== undefined) return hit;
  const scale = 10n ** BigInt(digits);
  let term = scale;
  let sum = scale;
  for (let k = 1n; term > 0n; k += 1n) {
    term /= k;
    sum += term;
  }
  eCache.set(digits, sum);
  return sum;
}

/** e^q * 10^digits for an integer q >= 0 (relative error about q * 10^-(digits - 3)). */
function ePowScaled(q: bigint, digits: number): bigint {
  const key = `${digits}:${q}`;
  const hit = ePowCache.get(key);
  if (hit !== undefined) return hit;
  const scale = 10n ** BigInt(digits);
  let result = scale;
  let base = eScaled(digits);
  let n = q;
  while (n > 0n) {
    if (n & 1n) result = (result * base) / scale;
    n >>= 1n;
    if (n > 0n) base = (base * base) / scale;
  }
  if (ePowCache.size > 4096) ePowCache.clear();
  ePowCache.set(key, result);
  return result;
}

/** e^(num / den) * 10^digits for num, den > 0 (Taylor series on the fractional part). */
function expScaled(num: bigint, den: bigint, digits: number): bigint {
  const scale = 10n ** BigInt(digits);
  const q = num / den;
  const r = num % den;
  let term = scale;
  let sum = scale;
  for (let k = 1n; term > 0n; k += 1n) {
    term = (term * r) / (den * k);
    sum += term;
  }
  return (ePowScaled(q, digits) * sum) / scale;
}

function checkMs(ms: number): void {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new RangeError(`elapsed time must be a non-negative integer of milliseconds, got ${ms}`);
  }
}

/**
 * The multiplier shown `ms` milliseconds after the round started, in hundredths (100 = 1.00x):
 * `floor(100 * e^(0.00006 * ms))`. Non-decreasing in `ms`.
 *
 * @throws RangeError for a negative or non-integer `ms`
 */
export function multiplierAt(ms: number): bigint {
  checkMs(ms);
  if (ms === 0) return 100n;
  const num = CRASH_GROWTH_NUM * BigInt(ms);
  for (let digits = BASE_DIGITS; ; digits *= 2) {
    const scale = 10n ** BigInt(digits);
    const value = 100n * expScaled(num, CRASH_GROWTH_DEN, digits);
    const whole = value / scale;
    const fraction = value % scale;
    // The computed value is within far less than 10^(digits/2) units of the true one (see the module
    // comment); outside that band of an integer, its floor is the true floor.
    const margin = 10n ** BigInt(digits / 2);
    if (fraction > margin && scale - fraction > margin) return whole;
  }
}

/**
 * The first millisecond at which the curve shows at least `hundredths`: the smallest integer `ms` with
 * `multiplierAt(ms) >= hundredths` (0 for 1.00x or less). A round whose crash point is `c` busts at
 * `timeFor(c)`; an auto cash-out at target `t` fires at `timeFor(t)`.
 *
 * @throws RangeError for a negative target
 */
export function timeFor(hundredths: bigint): number {
  if (hundredths < 0n) throw new RangeError('a multiplier cannot be negative');
  if (hundredths <= 100n) return 0;
  let ms = Math.max(0, Math.ceil(Math.log(Number(hundredths) / 100) / CRASH_GROWTH_PER_MS));
  while (multiplierAt(ms) < hundredths) ms += 1;
  while (ms > 0 && multiplierAt(ms - 1) >= hundredths) ms -= 1;
  return ms;
}

/** e^(0.00006 * ms) as a number: for drawing the curve between server updates, never for money. */
export function curveValue(ms: number): number {
  return Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, ms));
}
