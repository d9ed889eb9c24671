/**
 * The bonus wheel's draw (spec 1: 6 configured prizes shown doubled to 12 segments; decision 0039).
 * A spin takes one nonce of the player's seed pair, like a bet, and two floats of
 * `HMAC_SHA256(serverSeed, clientSeed:nonce:0)`:
 *  - float 0 picks the prize by the published integer weights: with `k` its 32-bit numerator and `W`
 *    the sum of the weights, the point `floor(k * W / 2^32)` (exact, in bigint) falls in the prize
 *    whose cumulative range `[w0 + ... + w(i-1), w0 + ... + wi)` holds it;
 *  - float 1 picks which of the prize's two segments the wheel stops on: `i` or `i + 6`.
 * Pure: the server settles a spin with it and the fairness page replays it from the revealed seed.
 */
import { FLOAT_DENOMINATOR, floatNumerator, floats, hashServerSeed } from '@nebula/fairness';

/** Configured prizes (spec 1 section 3). */
export const BONUS_WHEEL_PRIZES = 6;
/** Segments on the wheel: the prizes doubled. */
export const BONUS_WHEEL_SEGMENTS = BONUS_WHEEL_PRIZES * 2;
/** The largest weight of one prize (keeps the table readable; the draw is exact for any size). */
export const BONUS_WHEEL_MAX_WEIGHT = 1_000_000;

export interface BonusWheelDraw {
  /** The two floats the spin used. */
  readonly floats: readonly [number, number];
  /** The point on the weight line: `floor(k * W / 2^32)`, 0 .. W - 1. */
  readonly point: number;
  /** The sum of the weights. */
  readonly total: number;
  /** The prize drawn, 0 .. 5. */
  readonly prize: number;
  /** The segment the wheel stops on, 0 .. 11 (`prize` or `prize + 6`). */
  readonly segment: number;
}

/** Throws unless `weights` are 6 non-negative integers with a positive sum. */
export function assertBonusWheelWeights(weights: readonly number[]): void {
  if (weights.length !== BONUS_WHEEL_PRIZES)
    throw new RangeError(`the wheel has ${BONUS_WHEEL_PRIZES} prizes, got ${weights.length} weights`);
  for (const w of weights)
    if (!Number.isInteger(w) || w < 0 || w > BONUS_WHEEL_MAX_WEIGHT)
      throw new RangeError(`a weight is an integer from 0 to ${BONUS_WHEEL_MAX_WEIGHT}, got ${w}`);
  if (weights.reduce((a, b) => a + b, 0) <= 0) throw new RangeError('the weights sum to 0');
}

/** The draw from two floats (see the module comment). */
export function bonusWheelFromFloats(values: readonly number[], weights: readonly number[]): BonusWheelDraw {
  assertBonusWheelWeights(weights);
  const [f0, f1] = values;
  if (f0 === undefined || f1 === undefined) throw new RangeError('the wheel needs 2 floats');
  const total = weights.reduce((a, b) => a + b, 0);
  const point = Number((BigInt(floatNumerator(f0)) * BigInt(total)) / BigInt(FLOAT_DENOMINATOR));
  let prize = 0;
  let upTo = 0;
  for (let i = 0; i < weights.length; i++) {
    upTo += weights[i]!;
    if (point < upTo) {
      prize = i;
      break;
    }
  }
  const copy = Math.floor(f1 * 2);
  return { floats: [f0, f1], point, total, prize, segment: prize + BONUS_WHEEL_PRIZES * copy };
}

/** The prize a segment shows. */
export const bonusWheelPrizeOf = (segment: number): number => segment % BONUS_WHEEL_PRIZES;

/** A spin replayed from its seeds, as the server settled it. */
export function bonusWheelDraw(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  weights: readonly number[],
): BonusWheelDraw & { readonly serverSeedHash: string } {
  const values = floats(serverSeed, clientSeed, nonce, 2);
  return { ...bonusWheelFromFloats(values, weights), serverSeedHash: hashServerSeed(serverSeed) };
}
