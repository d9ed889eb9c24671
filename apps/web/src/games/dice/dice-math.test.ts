import { describe, expect, it } from 'vitest';
import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  type DiceParams,
  diceParamsSchema,
  diceWinningRolls,
} from '@nebula/games';
import {
  DICE_DEFAULT_PARAMS,
  clampTarget,
  diceChanceText,
  diceMultiplierText,
  rollsForChanceText,
  rollsForMultiplierText,
  stepChance,
  stepMultiplier,
  swapCondition,
  targetBounds,
  withRolls,
  withTarget,
} from './dice-math';

const valid = (params: DiceParams) => diceParamsSchema.safeParse(params).success;

describe('dice linked values', () => {
  it('opens with roll over 50.50, 49.50%, 2.0002x (1% edge) and valid params', () => {
    expect(valid(DICE_DEFAULT_PARAMS)).toBe(true);
    expect(diceChanceText(DICE_DEFAULT_PARAMS)).toBe('49.50');
    expect(diceMultiplierText(DICE_DEFAULT_PARAMS, 100)).toBe('2.0002');
    expect(diceMultiplierText({ condition: 'under', target: 5000 }, 100)).toBe('1.9801');
  });

  it('keeps every target within the package limits on both sides', () => {
    for (const condition of ['over', 'under'] as const) {
      const { min, max } = targetBounds(condition);
      expect(valid({ condition, target: min })).toBe(true);
      expect(valid({ condition, target: max })).toBe(true);
      expect(valid({ condition, target: min - 1 })).toBe(false);
      expect(valid({ condition, target: max + 1 })).toBe(false);
      for (const target of [-50, 0, 1, 199, 200, 5050.4, 9800, 9801, 9999, 10_000, 12_000]) {
        expect(valid(withTarget({ condition, target: 5000 }, target))).toBe(true);
      }
      expect(clampTarget(5050.4, condition)).toBe(5050);
    }
  });

  it('swapping mirrors the target and keeps chance and multiplier', () => {
    const under = swapCondition(DICE_DEFAULT_PARAMS);
    expect(under).toEqual({ condition: 'under', target: 4950 });
    expect(diceWinningRolls(under)).toBe(diceWinningRolls(DICE_DEFAULT_PARAMS));
    expect(swapCondition(under)).toEqual(DICE_DEFAULT_PARAMS);
    for (const condition of ['over', 'under'] as const) {
      const { min, max } = targetBounds(condition);
      expect(valid(swapCondition({ condition, target: min }))).toBe(true);
      expect(valid(swapCondition({ condition, target: max }))).toBe(true);
    }
  });

  it('maps every shown multiplier back to its own winning rolls', () => {
    for (const edge of [0, 100, 250]) {
      for (let rolls = DICE_MIN_WINNING_ROLLS; rolls <= DICE_MAX_WINNING_ROLLS; rolls += 1) {
        const params = withRolls({ condition: 'under', target: 1 }, rolls);
        expect(rollsForMultiplierText(diceMultiplierText(params, edge), edge)).toBe(rolls);
      }
    }
  });

  it('reads typed multipliers and flags impossible ones', () => {
    expect(rollsForMultiplierText('2', 100)).toBe(4950);
    expect(rollsForMultiplierText('2,5', 100)).toBe(3960);
    expect(rollsForMultiplierText('.5', 100)).toBeNull();
    expect(rollsForMultiplierText('1.00', 100)).toBeNull();
    expect(rollsForMultiplierText('9900.99', 100)).toBe(1);
    expect(rollsForMultiplierText('10000', 100)).toBeNull();
    expect(rollsForMultiplierText('abc', 100)).toBeNull();
    expect(rollsForMultiplierText('', 100)).toBeNull();
    expect(rollsForMultiplierText('-2', 100)).toBeNull();
  });

  it('reads typed win chances in hundredths of a percent', () => {
    expect(rollsForChanceText('49.5')).toBe(4950);
    expect(rollsForChanceText('0.01')).toBe(1);
    expect(rollsForChanceText('98')).toBe(9800);
    expect(rollsForChanceText('98.01')).toBeNull();
    expect(rollsForChanceText('0')).toBeNull();
    expect(rollsForChanceText('12.345')).toBeNull();
    expect(rollsForChanceText('x')).toBeNull();
  });

  it('steps the multiplier by about 1x and the chance by 1%, always valid', () => {
    const up = stepMultiplier(DICE_DEFAULT_PARAMS, 1, 100);
    expect(diceMultiplierText(up, 100)).toBe('3.0003');
    expect(diceMultiplierText(stepMultiplier(DICE_DEFAULT_PARAMS, -1, 100), 100)).toBe('1.0103');
    expect(diceChanceText(stepChance(DICE_DEFAULT_PARAMS, 1))).toBe('50.50');
    expect(diceChanceText(stepChance(DICE_DEFAULT_PARAMS, -1))).toBe('48.50');
    // Stepping from every end keeps the params valid and never stalls.
    let params: DiceParams = { condition: 'over', target: 200 };
    for (let i = 0; i < 40; i += 1) {
      const next = stepMultiplier(params, 1, 100);
      expect(valid(next)).toBe(true);
      if (diceWinningRolls(params) > DICE_MIN_WINNING_ROLLS) {
        expect(diceWinningRolls(next)).toBeLessThan(diceWinningRolls(params));
      }
      params = next;
    }
    expect(valid(stepChance({ condition: 'under', target: 9800 }, 1))).toBe(true);
    expect(valid(stepChance({ condition: 'under', target: 1 }, -1))).toBe(true);
  });
});
