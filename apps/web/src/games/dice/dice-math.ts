/**
 * The dice sidebar's linked values (multiplier, target, win chance) on top of the exact maths of
 * `@nebula/games`: everything is derived from the number of winning rolls, so the three always agree
 * with what the server pays, and every params object produced here passes `diceParamsSchema`.
 */
import {
  BPS,
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_OUTCOMES,
  type DiceParams,
  cmpRatio,
  diceWinMultiplier,
  diceWinningRolls,
  ratio,
  ratioFromDecimal,
  ratioToDecimal,
  ratioToNumber,
  subRatio,
} from '@nebula/games';
import { formatHundredths } from '../kit/format';

/** Highest target / roll in hundredths (100.00). */
export const DICE_MAX_ROLL = DICE_OUTCOMES - 1;
/** Decimals the multiplier is shown with. */
export const DICE_MULTIPLIER_DECIMALS = 4;

/** One unit of the last shown multiplier decimal. */
const STEP = ratio(1, 10 ** DICE_MULTIPLIER_DECIMALS);

/** Roll over 50.50: 49.50% win chance, 2.0002x at 1% edge (the usual opening bet). */
export const DICE_DEFAULT_PARAMS: DiceParams = { target: 5050, condition: 'over' };

/** `rolls` as an integer within the package's limits. */
export function clampRolls(rolls: number): number {
  const whole = Math.round(rolls);
  return Math.min(DICE_MAX_WINNING_ROLLS, Math.max(DICE_MIN_WINNING_ROLLS, whole));
}

/** The target that covers `rolls` winning rolls on `condition`'s side. */
export function targetForRolls(rolls: number, condition: DiceParams['condition']): number {
  const clamped = clampRolls(rolls);
  return condition === 'under' ? clamped : DICE_MAX_ROLL - clamped;
}

/** The targets the slider may reach for `condition` (inclusive), in hundredths. */
export function targetBounds(condition: DiceParams['condition']): { min: number; max: number } {
  return condition === 'under'
    ? { min: DICE_MIN_WINNING_ROLLS, max: DICE_MAX_WINNING_ROLLS }
    : { min: DICE_MAX_ROLL - DICE_MAX_WINNING_ROLLS, max: DICE_MAX_ROLL - DICE_MIN_WINNING_ROLLS };
}

/** `target` (any number) rounded and clamped to the valid targets of `condition`. */
export function clampTarget(target: number, condition: DiceParams['condition']): number {
  const { min, max } = targetBounds(condition);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Params with the same side and `rolls` winning rolls (clamped). */
export function withRolls(params: DiceParams, rolls: number): DiceParams {
  return { condition: params.condition, target: targetForRolls(rolls, params.condition) };
}

/** Params with the target moved to `target` (clamped to the side's limits). */
export function withTarget(params: DiceParams, target: number): DiceParams {
  return { condition: params.condition, target: clampTarget(target, params.condition) };
}

/** Over <-> under with the target mirrored: the win chance and multiplier stay the same. */
export function swapCondition(params: DiceParams): DiceParams {
  return {
    condition: params.condition === 'over' ? 'under' : 'over',
    target: DICE_MAX_ROLL - params.target,
  };
}

/** The multiplier a win pays, as shown (4 decimals, rounded down like every displayed multiplier). */
export function diceMultiplierText(params: DiceParams, houseEdgeBps: number): string {
  return ratioToDecimal(diceWinMultiplier(params, houseEdgeBps), DICE_MULTIPLIER_DECIMALS);
}

/** The win chance as shown: winning rolls / 100 percent (`49.50`). */
export function diceChanceText(params: DiceParams): string {
  return formatHundredths(diceWinningRolls(params));
}

/** The target as shown (`50.50`). */
export function diceTargetText(params: DiceParams): string {
  return formatHundredths(params.target);
}

/** The exact multiplier `rolls` winning rolls pay. */
function multiplierOfRolls(rolls: number, houseEdgeBps: number): ReturnType<typeof ratio> {
  return diceWinMultiplier({ condition: 'under', target: rolls }, houseEdgeBps);
}

function distance(a: ReturnType<typeof ratio>, b: ReturnType<typeof ratio>) {
  return cmpRatio(a, b) >= 0 ? subRatio(a, b) : subRatio(b, a);
}

/**
 * The winning rolls whose multiplier is closest to a typed multiplier (a decimal string), or null when
 * the text is not a number or no allowed win chance pays about that much.
 */
export function rollsForMultiplierText(text: string, houseEdgeBps: number): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned) && !/^\d*\.\d+$/.test(cleaned)) return null;
  const typed = ratioFromDecimal(cleaned.startsWith('.') ? `0${cleaned}` : cleaned);
  if (typed.num === 0n) return null;
  // rolls = (1 - edge) * 10001 / multiplier; the nearest whole numbers are the candidates.
  const exact = ratio(
    BigInt(BPS - houseEdgeBps) * BigInt(DICE_OUTCOMES) * typed.den,
    BigInt(BPS) * typed.num,
  );
  const low = Number(exact.num / exact.den);
  const candidates = [low - 1, low, low + 1].filter(
    (rolls) => rolls >= DICE_MIN_WINNING_ROLLS && rolls <= DICE_MAX_WINNING_ROLLS,
  );
  // First choice: the rolls whose shown (rounded down) multiplier is exactly what was typed.
  const shown = candidates.find((rolls) => {
    const multiplier = multiplierOfRolls(rolls, houseEdgeBps);
    return cmpRatio(multiplier, typed) >= 0 && cmpRatio(subRatio(multiplier, typed), STEP) < 0;
  });
  let best: number | null = shown ?? null;
  for (const candidate of shown === undefined ? candidates : []) {
    if (
      best === null ||
      cmpRatio(
        distance(multiplierOfRolls(candidate, houseEdgeBps), typed),
        distance(multiplierOfRolls(best, houseEdgeBps), typed),
      ) < 0
    ) {
      best = candidate;
    }
  }
  if (best === null) return null;
  // A typed value between two allowed ones is fine; one beyond the ends is not (the field is flagged).
  const lowest = multiplierOfRolls(DICE_MAX_WINNING_ROLLS, houseEdgeBps);
  const highest = multiplierOfRolls(DICE_MIN_WINNING_ROLLS, houseEdgeBps);
  if (cmpRatio(typed, subRatio(lowest, STEP)) < 0) return null;
  if (cmpRatio(typed, highest) > 0) return null;
  return best;
}

/** The winning rolls for a typed win chance in percent (hundredths of a percent), or null when invalid. */
export function rollsForChanceText(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match || !/\d/.test(cleaned)) return null;
  const rolls = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  if (rolls < DICE_MIN_WINNING_ROLLS || rolls > DICE_MAX_WINNING_ROLLS) return null;
  return rolls;
}

/**
 * One step of the multiplier stepper: about 1x up or down, always changing the bet by at least one
 * winning roll, within the package's limits.
 */
export function stepMultiplier(params: DiceParams, direction: 1 | -1, houseEdgeBps: number): DiceParams {
  const rolls = diceWinningRolls(params);
  // The next whole multiplier in that direction; values within 0.001 of a whole one count as it.
  const current = ratioToNumber(diceWinMultiplier(params, houseEdgeBps));
  const near = Math.round(current);
  const base = Math.abs(current - near) <= 0.001 ? near : current;
  const goal = Math.max(1, direction > 0 ? Math.floor(base) + 1 : Math.ceil(base) - 1);
  const found = rollsForMultiplierText(String(goal), houseEdgeBps);
  let next: number;
  if (direction > 0) {
    next = found === null ? DICE_MIN_WINNING_ROLLS : Math.min(found, rolls - 1);
  } else {
    next = found === null ? DICE_MAX_WINNING_ROLLS : Math.max(found, rolls + 1);
  }
  return withRolls(params, next);
}

/** One step of the win chance stepper: 1% up or down, within the package's limits. */
export function stepChance(params: DiceParams, direction: 1 | -1): DiceParams {
  return withRolls(params, diceWinningRolls(params) + direction * 100);
}
