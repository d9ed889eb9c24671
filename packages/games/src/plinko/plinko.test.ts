import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, mulRatioExact, ratio, ratioToNumber, rtpOf } from '../index.js';
import {
  PLINKO_RISKS,
  plinko,
  plinkoBaseTable,
  plinkoBucketProbability,
  plinkoParamsSchema,
  plinkoTable,
} from './plinko.js';

const ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16];

describe('plinko', () => {
  it('each row goes left (float < 0.5) or right; the bucket counts the rights', () => {
    const outcome = plinko.outcome([0.1, 0.5, 0.9, 0.49, 0.51, 0, 0.99, 0.3], { rows: 8, risk: 'low' }, 100);
    expect(outcome).toEqual({ path: [0, 1, 1, 0, 1, 0, 1, 0], bucket: 4 });
    expect(() => plinko.outcome([0.1], { rows: 8, risk: 'low' }, 100)).toThrow(RangeError);
  });

  it('every path of every board lands with binomial frequency (all 2^rows paths through outcome)', () => {
    for (const rows of ROWS) {
      const counts = new Array<number>(rows + 1).fill(0);
      for (let path = 0; path < 2 ** rows; path += 1) {
        const values = Array.from({ length: rows }, (_, i) => ((path >> i) & 1 ? 0.75 : 0.25));
        const { bucket } = plinko.outcome(values, { rows, risk: 'high' }, 100);
        counts[bucket] = (counts[bucket] as number) + 1;
      }
      counts.forEach((count, k) => expect(ratio(count, 2 ** rows)).toEqual(plinkoBucketProbability(rows, k)));
    }
  });

  it('RTP is exactly 1 - edge for every rows x risk (binomial), edges 0, 1%, 2%', () => {
    for (const edge of [0, 100, 200]) {
      for (const rows of ROWS) {
        for (const risk of PLINKO_RISKS) {
          let rtp: Ratio = ratio(0);
          for (let bucket = 0; bucket <= rows; bucket += 1) {
            const m = plinko.multiplier({ rows, risk }, { path: [], bucket }, edge);
            rtp = addRatio(rtp, mulRatioExact(plinkoBucketProbability(rows, bucket), m));
          }
          expect(rtp).toEqual(rtpOf(edge));
        }
      }
    }
  });

  it('keeps the conventional shape: symmetric, scale factor within 2% of 1 at the default edge', () => {
    for (const rows of ROWS) {
      for (const risk of PLINKO_RISKS) {
        const base = plinkoBaseTable(rows, risk);
        const table = plinkoTable(rows, risk, 100);
        expect(table).toHaveLength(rows + 1);
        expect(table.map(ratioToNumber)).toEqual([...table].reverse().map(ratioToNumber));
        const factor = ratioToNumber(table[0] as Ratio) / ratioToNumber(base[0] as Ratio);
        expect(Math.abs(factor - 1)).toBeLessThan(0.02);
      }
    }
    expect(ratioToNumber(plinko.maxMultiplier({ rows: 16, risk: 'high' }, 100))).toBeCloseTo(1000, -1);
  });

  it('validates rows 8..16 and the risk', () => {
    expect(plinkoParamsSchema.safeParse({ rows: 7, risk: 'low' }).success).toBe(false);
    expect(plinkoParamsSchema.safeParse({ rows: 17, risk: 'low' }).success).toBe(false);
    expect(plinkoParamsSchema.safeParse({ rows: 12, risk: 'extreme' }).success).toBe(false);
    expect(plinkoParamsSchema.safeParse({ rows: 12, risk: 'medium' }).success).toBe(true);
  });
});
