import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, eqRatio, mulRatioExact, ratio, rtpOf } from '../index.js';
import { DICE_MAX_WINNING_ROLLS, type DiceParams, dice, diceParamsSchema, diceWinningRolls } from './dice.js';

const TWO_POW_32 = 2n ** 32n;
/** Smallest float numerator k with floor(k * 10001 / 2^32) = roll. */
const firstK = (roll: number) => (BigInt(roll) * TWO_POW_32 + 10_000n) / 10_001n;

/** Every valid (target, condition) pair: 9,800 under + 9,800 over. */
function allParams(): DiceParams[] {
  const params: DiceParams[] = [];
  for (let target = 0; target <= 10_000; target += 1) {
    for (const condition of ['under', 'over'] as const) {
      const candidate = { target, condition };
      if (diceParamsSchema.safeParse(candidate).success) params.push(candidate);
    }
  }
  return params;
}

describe('dice', () => {
  it('rolls floor(float * 10001): 0.00 .. 100.00', () => {
    expect(dice.outcome([0], { target: 5000, condition: 'under' }, 100)).toEqual({ roll: 0 });
    expect(dice.outcome([1 - 2 ** -32], { target: 5000, condition: 'under' }, 100)).toEqual({ roll: 10_000 });
    for (const roll of [0, 1, 4999, 5000, 9999, 10_000]) {
      const k = Number(firstK(roll));
      expect(dice.outcome([k / 2 ** 32], { target: 1, condition: 'under' }, 100).roll).toBe(roll);
      if (k > 0)
        expect(dice.outcome([(k - 1) / 2 ** 32], { target: 1, condition: 'under' }, 100).roll).toBe(roll - 1);
    }
  });

  it('links win chance and multiplier: under 50.00 wins on 0.00-49.99 and pays 0.99 * 10001 / 5000', () => {
    const params = { target: 5000, condition: 'under' } as const;
    expect(dice.multiplier(params, { roll: 4999 }, 100)).toEqual(ratio(990_099, 500_000));
    expect(dice.multiplier(params, { roll: 5000 }, 100)).toEqual(ratio(0));
    const over = { target: 5000, condition: 'over' } as const;
    expect(dice.multiplier(over, { roll: 5000 }, 100)).toEqual(ratio(0));
    expect(dice.multiplier(over, { roll: 5001 }, 100)).toEqual(ratio(990_099, 500_000));
  });

  it('rejects targets outside 0.01% .. 98% win chance and non-integer hundredths', () => {
    expect(diceParamsSchema.safeParse({ target: 0, condition: 'under' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 1, condition: 'under' }).success).toBe(true);
    expect(diceParamsSchema.safeParse({ target: 9800, condition: 'under' }).success).toBe(true);
    expect(diceParamsSchema.safeParse({ target: 9801, condition: 'under' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 199, condition: 'over' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 9999, condition: 'over' }).success).toBe(true);
    expect(diceParamsSchema.safeParse({ target: 10_000, condition: 'over' }).success).toBe(false);
    expect(diceParamsSchema.safeParse({ target: 50.5, condition: 'over' }).success).toBe(false);
  });

  it('RTP is exactly 1 - edge for every target (uniform 10,001-roll model), edges 0, 1%, 2.5%', () => {
    const params = allParams();
    expect(params).toHaveLength(2 * DICE_MAX_WINNING_ROLLS);
    for (const edge of [0, 100, 250]) {
      for (const p of params) {
        const rtp = mulRatioExact(ratio(diceWinningRolls(p), 10_001), dice.maxMultiplier(p, edge));
        expect(eqRatio(rtp, rtpOf(edge))).toBe(true);
      }
    }
  });

  it('RTP by enumerating all 10,001 rolls through outcome/multiplier equals 1 - edge exactly', () => {
    const sample = allParams().filter((_, i) => i % 997 === 0 || i < 3);
    sample.push({ target: 9800, condition: 'under' }, { target: 200, condition: 'over' });
    for (const p of sample) {
      let total: Ratio = ratio(0);
      let wins = 0;
      for (let roll = 0; roll <= 10_000; roll += 1) {
        const m = dice.multiplier(p, { roll }, 100);
        if (m.num > 0n) {
          wins += 1;
          total = addRatio(total, m);
        }
      }
      expect(wins).toBe(diceWinningRolls(p));
      expect(mulRatioExact(total, ratio(1, 10_001))).toEqual(rtpOf(100));
    }
  });

  it('on the exact 2^32 float grid the RTP is within 10001 * 2^-32 (2.3e-6) of 1 - edge', () => {
    // Roll r takes firstK(r + 1) - firstK(r) of the 2^32 floats: 429,453 or 429,454, not exactly 1/10001.
    for (const p of [
      { target: 5000, condition: 'under' },
      { target: 1, condition: 'under' },
      { target: 9800, condition: 'under' },
      { target: 200, condition: 'over' },
    ] as const) {
      let winningK = 0n;
      for (let roll = 0; roll <= 10_000; roll += 1) {
        if (dice.multiplier(p, { roll }, 100).num > 0n) winningK += firstK(roll + 1) - firstK(roll);
      }
      const m = dice.maxMultiplier(p, 100);
      const gridRtp = Number((winningK * m.num * 10n ** 12n) / (m.den * TWO_POW_32)) / 1e12;
      expect(Math.abs(gridRtp - 0.99) / 0.99).toBeLessThan(10_001 / 2 ** 32);
    }
  });
});
