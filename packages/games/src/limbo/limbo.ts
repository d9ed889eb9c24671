import { floatNumerator } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { BPS, DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, ratio } from '../ratio.js';

/**
 * Limbo. The public algorithm: `result = max(1, floor(100 * (1 - edge) / float) / 100)`, i.e. a
 * multiplier with P(result >= x) = (1 - edge) / x. We compute it in exact integers on the float's
 * numerator `k` (float = k / 2^32):
 *
 *   resultHundredths = floor(100 * (10000 - edgeBps) * 2^32 / (10000 * k)), clamped to 100..LIMBO_MAX,
 *   with k = 0 giving LIMBO_MAX.
 *
 * The player wins when result >= target and is paid exactly the target. Targets and results are
 * integers in hundredths (101 = 1.01x). The result is capped at 1,000,000x (spec 3 section 5); the cap
 * never changes a bet's result because targets are at most the cap.
 *
 * RTP: in the continuous limit exactly (1 - edge) for every target. On the 2^32 float grid the win
 * probability is (1 + floor((1 - edge) * 2^32 / target)) / 2^32, so the RTP lies in
 * (1 - edge, 1 - edge + target / 2^32]: at most 2.4e-4 above 1 - edge at the 1,000,000x cap, 2.4e-10
 * at 1.01x (the grid favours the player, never the house).
 */
export const LIMBO_MIN_TARGET = 101;
/** Largest target and result, in hundredths: 1,000,000.00x. */
export const LIMBO_MAX = 100_000_000;

const TWO_POW_32 = 2n ** 32n;

/** Bet parameters: the target multiplier in hundredths, 1.01x .. 1,000,000x. */
export const limboParamsSchema = z
  .object({ target: z.number().int().min(LIMBO_MIN_TARGET).max(LIMBO_MAX) })
  .strict();

/** Parsed limbo params. */
export type LimboParams = z.infer<typeof limboParamsSchema>;
/** A limbo outcome: the result multiplier in hundredths, 100..{@link LIMBO_MAX}. */
export interface LimboOutcome {
  readonly result: number;
}

/** The limbo result (hundredths) for the float numerator `k` (0 <= k < 2^32). */
export function limboResultFromNumerator(k: number, houseEdgeBps: number): number {
  rtpOf(houseEdgeBps);
  if (k === 0) return LIMBO_MAX;
  const raw = (100n * BigInt(BPS - houseEdgeBps) * TWO_POW_32) / (BigInt(BPS) * BigInt(k));
  const capped = raw > BigInt(LIMBO_MAX) ? LIMBO_MAX : Number(raw);
  return Math.max(100, capped);
}

/**
 * The largest float numerator that still reaches `target` (hundredths): result >= target exactly for
 * k in 0..this. Used by the exact RTP test.
 */
export function limboLastWinningNumerator(target: number, houseEdgeBps: number): bigint {
  return (100n * BigInt(BPS - houseEdgeBps) * TWO_POW_32) / (BigInt(BPS) * BigInt(target));
}

/** Limbo: see {@link LIMBO_MIN_TARGET}. */
export const limbo: SingleRoundGame<'limbo', LimboParams, LimboOutcome> = {
  id: 'limbo',
  kind: 'single',
  name: 'Limbo',
  params: limboParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => 1,
  outcome(values, _params, houseEdgeBps) {
    expectFloats(values, 1);
    return { result: limboResultFromNumerator(floatNumerator(values[0] as number), houseEdgeBps) };
  },
  multiplier(params, outcome) {
    return outcome.result >= params.target ? limboTargetMultiplier(params) : ZERO_RATIO;
  },
  maxMultiplier: (params) => limboTargetMultiplier(params),
};

/** The multiplier a win pays: the target itself (hundredths / 100). */
export function limboTargetMultiplier(params: LimboParams): Ratio {
  return ratio(params.target, 100);
}
