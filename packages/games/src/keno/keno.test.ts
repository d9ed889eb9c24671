import { floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, mulRatioExact, ratio, ratioToNumber, rtpOf } from '../index.js';
import { KENO_RISKS, keno, kenoBaseTable, kenoHitProbability, kenoParamsSchema, kenoTable } from './keno.js';

describe('keno', () => {
  it('draws 10 distinct squares of 1..40 by selection without replacement', () => {
    // floor(0 * 40) = 0 -> square 1; floor(0.5 * 39) = 19 of [2..40] -> 21; then always the last one left.
    const last = 1 - 2 ** -32;
    const outcome = keno.outcome(
      [0, 0.5, last, last, last, last, last, last, last, last],
      { picks: [1, 2, 21, 40], risk: 'classic' },
      100,
    );
    expect(outcome.drawn).toEqual([1, 21, 40, 39, 38, 37, 36, 35, 34, 33]);
    expect(outcome.hits).toEqual([1, 21, 40]);
  });

  it('hypergeometric probabilities sum to 1 and match a 20,000-round draw within 5 sigma', () => {
    for (let picks = 1; picks <= 10; picks += 1) {
      let sum: Ratio = ratio(0);
      for (let h = 0; h <= picks; h += 1) sum = addRatio(sum, kenoHitProbability(picks, h));
      expect(sum).toEqual(ratio(1));
    }
    const picks = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39];
    const counts = new Array<number>(11).fill(0);
    const rounds = 20_000;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const { hits } = keno.outcome(floats('keno-sim', 'c', nonce, 10), { picks, risk: 'high' }, 100);
      counts[hits.length] = (counts[hits.length] as number) + 1;
    }
    counts.forEach((count, h) => {
      const p = ratioToNumber(kenoHitProbability(10, h));
      expect(Math.abs(count - rounds * p)).toBeLessThanOrEqual(5 * Math.sqrt(rounds * p * (1 - p)) + 1);
    });
  });

  it('RTP is exactly 1 - edge for every risk x picks (hypergeometric), edges 0, 1%, 3%', () => {
    for (const edge of [0, 100, 300]) {
      for (const risk of KENO_RISKS) {
        for (let n = 1; n <= 10; n += 1) {
          const picks = Array.from({ length: n }, (_, i) => i + 1);
          let rtp: Ratio = ratio(0);
          for (let h = 0; h <= n; h += 1) {
            const m = keno.multiplier({ picks, risk }, { drawn: [], hits: picks.slice(0, h) }, edge);
            rtp = addRatio(rtp, mulRatioExact(kenoHitProbability(n, h), m));
          }
          expect(rtp).toEqual(rtpOf(edge));
        }
      }
    }
  });

  it('conventional tables are near 99% before scaling (scale factor within 3% of 1)', () => {
    for (const risk of KENO_RISKS) {
      for (let n = 1; n <= 10; n += 1) {
        const base = kenoBaseTable(risk, n);
        const scaled = kenoTable(risk, n, 100);
        const top = base.length - 1;
        expect(
          Math.abs(ratioToNumber(scaled[top] as Ratio) / ratioToNumber(base[top] as Ratio) - 1),
        ).toBeLessThan(0.03);
      }
    }
  });

  it('validates 1..10 distinct picks in 1..40', () => {
    expect(kenoParamsSchema.safeParse({ picks: [], risk: 'low' }).success).toBe(false);
    expect(kenoParamsSchema.safeParse({ picks: [1, 1], risk: 'low' }).success).toBe(false);
    expect(kenoParamsSchema.safeParse({ picks: [0], risk: 'low' }).success).toBe(false);
    expect(kenoParamsSchema.safeParse({ picks: [41], risk: 'low' }).success).toBe(false);
    expect(
      kenoParamsSchema.safeParse({ picks: Array.from({ length: 11 }, (_, i) => i + 1), risk: 'low' }).success,
    ).toBe(false);
    expect(kenoParamsSchema.safeParse({ picks: [40, 1, 7], risk: 'classic' }).success).toBe(true);
  });
});
