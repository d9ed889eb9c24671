import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, mulRatioExact, ratio, ratioToDecimal, rtpOf } from '../index.js';
import { DIAMONDS_PATTERNS, DIAMONDS_PATTERN_COUNTS, diamonds, diamondsPattern } from './diamonds.js';

describe('diamonds', () => {
  it('names patterns', () => {
    expect(diamondsPattern([1, 1, 1, 1, 1])).toBe('fiveOfAKind');
    expect(diamondsPattern([1, 2, 1, 1, 1])).toBe('fourOfAKind');
    expect(diamondsPattern([2, 1, 2, 1, 1])).toBe('fullHouse');
    expect(diamondsPattern([2, 1, 3, 1, 1])).toBe('threeOfAKind');
    expect(diamondsPattern([2, 1, 2, 3, 1])).toBe('twoPair');
    expect(diamondsPattern([2, 1, 4, 3, 1])).toBe('pair');
    expect(diamondsPattern([0, 1, 2, 3, 4])).toBe('none');
  });

  it('RTP is exactly 1 - edge over all 7^5 rows (multinomial counts proved by enumeration), edges 0, 1%, 2%', () => {
    const counts = new Map<string, number>();
    const rows: { readonly gems: readonly number[]; readonly pattern: (typeof DIAMONDS_PATTERNS)[number] }[] =
      [];
    for (let code = 0; code < 7 ** 5; code += 1) {
      const values = Array.from({ length: 5 }, (_, i) => ((Math.floor(code / 7 ** i) % 7) + 0.5) / 7);
      const outcome = diamonds.outcome(values, {}, 100);
      counts.set(outcome.pattern, (counts.get(outcome.pattern) ?? 0) + 1);
      rows.push(outcome);
    }
    expect(DIAMONDS_PATTERNS.map((p) => counts.get(p) ?? 0)).toEqual([...DIAMONDS_PATTERN_COUNTS]);
    for (const edge of [0, 100, 200]) {
      let total: Ratio = ratio(0);
      DIAMONDS_PATTERNS.forEach((pattern, i) => {
        const m = diamonds.multiplier({}, { gems: [], pattern }, edge);
        total = addRatio(total, mulRatioExact(m, ratio(DIAMONDS_PATTERN_COUNTS[i] as number)));
      });
      expect(ratio(total.num, total.den * 16_807n)).toEqual(rtpOf(edge));
    }
  });

  it('scales the conventional table 50/5/4/3/2/0.1/0 by 0.99 * 16807 / 16520', () => {
    expect(ratioToDecimal(diamonds.maxMultiplier({}, 100), 4)).toBe('50.3599');
    expect(diamonds.multiplier({}, { gems: [], pattern: 'none' }, 100)).toEqual(ratio(0));
    expect(diamonds.multiplier({}, { gems: [], pattern: 'twoPair' }, 100)).toEqual(
      ratio(2n * 99n * 16_807n, 100n * 16_520n),
    );
  });
});
