import { z } from 'zod';
import { type Ratio, divRatio, mulRatioExact, ratio } from './ratio.js';

/** Default house edge of every game: 100 basis points = 1%. */
export const DEFAULT_HOUSE_EDGE_BPS = 100;
/** Basis points in 1 (100%). */
export const BPS = 10_000;
/** Largest accepted house edge: 50%. Anything above is a misconfiguration, not a game. */
export const MAX_HOUSE_EDGE_BPS = 5_000;

/** A house edge in integer basis points, 0 to {@link MAX_HOUSE_EDGE_BPS}. */
export const houseEdgeBpsSchema = z.number().int().min(0).max(MAX_HOUSE_EDGE_BPS);

/**
 * The target return to player `1 - houseEdge` as an exact ratio, e.g. 99/100 for 100 bps.
 *
 * @throws RangeError for an edge outside 0..{@link MAX_HOUSE_EDGE_BPS} or not an integer
 */
export function rtpOf(houseEdgeBps: number): Ratio {
  if (!houseEdgeBpsSchema.safeParse(houseEdgeBps).success) {
    throw new RangeError(`house edge must be an integer 0..${MAX_HOUSE_EDGE_BPS} bps, got ${houseEdgeBps}`);
  }
  return ratio(BPS - houseEdgeBps, BPS);
}

/**
 * True odds times `(1 - houseEdge)` for an outcome of probability `probability`: `rtp / probability`.
 */
export function fairMultiplier(probability: Ratio, houseEdgeBps: number): Ratio {
  return divRatio(rtpOf(houseEdgeBps), probability);
}

/**
 * Scales a conventional table (multipliers with probabilities) so its expected return is exactly
 * `1 - houseEdge`: every entry is multiplied by the same exact factor `rtp / baseRtp`. Zero entries stay
 * zero and the shape (ratios between entries) is kept. This is the method for plinko, keno, wheel and
 * diamonds.
 *
 * @throws RangeError when the base table never pays
 */
export function scaleToRtp(
  entries: readonly { readonly multiplier: Ratio; readonly probability: Ratio }[],
  houseEdgeBps: number,
): Ratio[] {
  let base: Ratio = ratio(0);
  for (const { multiplier, probability } of entries) {
    const term = mulRatioExact(multiplier, probability);
    base = ratio(base.num * term.den + term.num * base.den, base.den * term.den);
  }
  if (base.num === 0n) throw new RangeError('a table that never pays cannot be scaled');
  const factor = divRatio(rtpOf(houseEdgeBps), base);
  return entries.map(({ multiplier }) => mulRatioExact(multiplier, factor));
}
