import { describe, expect, it } from 'vitest';
import { floats } from '@nebula/fairness';
import { eqRatio, mulRatioExact, ratio, rtpOf } from '../index.js';
import {
  LIMBO_MAX,
  limbo,
  limboLastWinningNumerator,
  limboParamsSchema,
  limboResultFromNumerator,
  limboTargetMultiplier,
} from './limbo.js';

const TWO_POW_32 = 2 ** 32;

describe('limbo', () => {
  it('result = floor(100 * 0.99 / float) hundredths, at least 1.00x, at most 1,000,000x', () => {
    expect(limboResultFromNumerator(0, 100)).toBe(LIMBO_MAX);
    expect(limboResultFromNumerator(1, 100)).toBe(LIMBO_MAX);
    expect(limboResultFromNumerator(TWO_POW_32 / 2, 100)).toBe(198); // float 0.5 -> 1.98x
    expect(limboResultFromNumerator(TWO_POW_32 - 1, 100)).toBe(100); // 0.99 / ~1 < 1 -> 1.00x
    expect(limboResultFromNumerator(TWO_POW_32 / 4, 0)).toBe(400); // no edge: 1 / 0.25
  });

  it('agrees with the published double formula max(1, floor(1e8 / (f * 1e8) * 0.99 * 100) / 100)', () => {
    const values = floats('limbo-agreement', 'client', 0, 20_000);
    let disagreements = 0;
    for (const f of values) {
      const published = Math.max(1, Math.floor((1e8 / (f * 1e8)) * 0.99 * 100) / 100);
      const ours = limbo.outcome([f], { target: 200 }, 100).result;
      if (Math.min(Math.round(published * 100), LIMBO_MAX) !== ours) disagreements += 1;
    }
    expect(disagreements).toBe(0);
  });

  it('accepts targets 1.01x .. 1,000,000x in hundredths only', () => {
    expect(limboParamsSchema.safeParse({ target: 101 }).success).toBe(true);
    expect(limboParamsSchema.safeParse({ target: 100 }).success).toBe(false);
    expect(limboParamsSchema.safeParse({ target: 100_000_000 }).success).toBe(true);
    expect(limboParamsSchema.safeParse({ target: 100_000_001 }).success).toBe(false);
    expect(limboParamsSchema.safeParse({ target: 2.5 }).success).toBe(false);
  });

  it('pays exactly the target when result >= target', () => {
    expect(limbo.multiplier({ target: 200 }, { result: 200 }, 100)).toEqual(ratio(2));
    expect(limbo.multiplier({ target: 200 }, { result: 199 }, 100)).toEqual(ratio(0));
    expect(limbo.multiplier({ target: 101 }, { result: LIMBO_MAX }, 100)).toEqual(ratio(101, 100));
  });

  it('RTP: analytically exactly 1 - edge; on the 2^32 grid in (1 - edge, 1 - edge + target * 2^-32]', () => {
    for (const edge of [0, 100, 300]) {
      const rtp = rtpOf(edge);
      for (const target of [101, 150, 198, 200, 1000, 12_345, 100_000, 1_000_000, 10_000_000, LIMBO_MAX]) {
        const multiplier = limboTargetMultiplier({ target });
        // Continuous model: P(result >= T) = rtp / T, so the RTP is T * rtp / T.
        expect(eqRatio(mulRatioExact(multiplier, mulRatioExact(rtp, ratio(100, target))), rtp)).toBe(true);

        // Exact grid: wins are k = 0 .. K. Prove the boundary through the outcome function itself.
        const last = Number(limboLastWinningNumerator(target, edge));
        const at = (k: number) => limbo.outcome([k / TWO_POW_32], { target }, edge);
        expect(limbo.multiplier({ target }, at(0), edge)).toEqual(multiplier);
        expect(limbo.multiplier({ target }, at(last), edge)).toEqual(multiplier);
        expect(limbo.multiplier({ target }, at(last + 1), edge).num).toBe(0n);
        const gridRtp = ratio(BigInt(last + 1) * multiplier.num, multiplier.den * 2n ** 32n);
        const excess =
          (Number(gridRtp.num) / Number(gridRtp.den) - Number(rtp.num) / Number(rtp.den)) * TWO_POW_32;
        expect(excess).toBeGreaterThan(0);
        expect(excess).toBeLessThanOrEqual(target / 100 + 1e-3);
      }
    }
  });

  it('result never increases with the float', () => {
    const values = floats('limbo-monotone', 'c', 1, 2000).sort((a, b) => a - b);
    const results = values.map((f) => limbo.outcome([f], { target: 101 }, 100).result);
    for (let i = 1; i < results.length; i += 1) {
      expect(results[i] as number).toBeLessThanOrEqual(results[i - 1] as number);
    }
  });
});
