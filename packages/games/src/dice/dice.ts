import { floatToIndex } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, fairMultiplier } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, ratio } from '../ratio.js';

/**
 * Dice. The roll is `floor(float * 10001)` hundredths, i.e. 0.00 to 100.00 in 10,001 equally likely
 * steps (the public algorithm). Targets are integers in hundredths (5050 = 50.50).
 *
 * - `under` wins when roll < target: `target` winning rolls (0.00 .. target - 0.01).
 * - `over` wins when roll > target: `10000 - target` winning rolls (target + 0.01 .. 100.00).
 *
 * Win chance = winning rolls / 10001, multiplier = (1 - edge) * 10001 / winning rolls, exact: the
 * return is exactly 1 - edge for every target. The displayed "win chance" is winning rolls / 100 %
 * (e.g. under 50.00 shows 50.00% and pays 1.9801...x at 1% edge).
 */
export const DICE_OUTCOMES = 10_001;
/** Fewest winning rolls a bet may cover (0.01%). */
export const DICE_MIN_WINNING_ROLLS = 1;
/** Most winning rolls a bet may cover (98.00%), so every bet pays more than its wager. */
export const DICE_MAX_WINNING_ROLLS = 9_800;

/** Bet parameters: target in hundredths (0..10000) and the side that wins. */
export const diceParamsSchema = z
  .object({
    target: z.number().int().min(0).max(10_000),
    condition: z.enum(['over', 'under']),
  })
  .strict()
  .refine(
    (p) => {
      const rolls = diceWinningRolls(p);
      return rolls >= DICE_MIN_WINNING_ROLLS && rolls <= DICE_MAX_WINNING_ROLLS;
    },
    { message: `win chance must cover ${DICE_MIN_WINNING_ROLLS} to ${DICE_MAX_WINNING_ROLLS} rolls` },
  );

/** Parsed dice params. */
export type DiceParams = z.infer<typeof diceParamsSchema>;
/** A dice outcome: the roll in hundredths, 0..10000. */
export interface DiceOutcome {
  readonly roll: number;
}

/** How many of the 10,001 rolls win for these params. */
export function diceWinningRolls(params: DiceParams): number {
  return params.condition === 'under' ? params.target : 10_000 - params.target;
}

/** True when `roll` (hundredths) wins for `params`. */
export function diceIsWin(params: DiceParams, roll: number): boolean {
  return params.condition === 'under' ? roll < params.target : roll > params.target;
}

/** The multiplier a winning roll pays: (1 - edge) * 10001 / winning rolls. */
export function diceWinMultiplier(params: DiceParams, houseEdgeBps: number): Ratio {
  return fairMultiplier(ratio(diceWinningRolls(params), DICE_OUTCOMES), houseEdgeBps);
}

/** Dice: see {@link DICE_OUTCOMES}. */
export const dice: SingleRoundGame<'dice', DiceParams, DiceOutcome> = {
  id: 'dice',
  kind: 'single',
  name: 'Dice',
  params: diceParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => 1,
  outcome(values) {
    expectFloats(values, 1);
    return { roll: floatToIndex(values[0] as number, DICE_OUTCOMES) };
  },
  multiplier(params, outcome, houseEdgeBps) {
    return diceIsWin(params, outcome.roll) ? diceWinMultiplier(params, houseEdgeBps) : ZERO_RATIO;
  },
  maxMultiplier: (params, houseEdgeBps) => diceWinMultiplier(params, houseEdgeBps),
};
