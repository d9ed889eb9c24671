import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, ratio, ratioToNumber, rtpOf, verify } from '../index.js';
import {
  WHEEL_LAYOUT,
  WHEEL_LAYOUT_VERSIONS,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  wheel,
  wheelBaseLayout,
  wheelLayoutOf,
  wheelParamsSchema,
} from './wheel.js';

describe('wheel', () => {
  it('stops on floor(float * segments)', () => {
    expect(wheel.outcome([0], { segments: 10, risk: 'low' }, 100)).toEqual({ segment: 0 });
    expect(wheel.outcome([0.999], { segments: 50, risk: 'low' }, 100)).toEqual({ segment: 49 });
    expect(wheel.outcome([0.5], { segments: 30, risk: 'low' }, 100)).toEqual({ segment: 15 });
  });

  it('RTP is exactly 1 - edge for every size x risk (each segment through outcome), edges 0, 1%, 4%', () => {
    for (const edge of [0, 100, 400]) {
      for (const segments of WHEEL_SEGMENTS) {
        for (const risk of WHEEL_RISKS) {
          let total: Ratio = ratio(0);
          for (let i = 0; i < segments; i += 1) {
            const outcome = wheel.outcome([(i + 0.5) / segments], { segments, risk }, edge);
            expect(outcome.segment).toBe(i);
            total = addRatio(total, wheel.multiplier({ segments, risk }, outcome, edge));
          }
          expect(ratio(total.num, total.den * BigInt(segments))).toEqual(rtpOf(edge));
        }
      }
    }
  });

  it('high risk pays one segment 0.99 x segments at the default edge; layouts have the right length', () => {
    for (const segments of WHEEL_SEGMENTS) {
      expect(ratioToNumber(wheel.maxMultiplier({ segments, risk: 'high' }, 100))).toBeCloseTo(
        0.99 * segments,
        9,
      );
      for (const risk of WHEEL_RISKS) expect(wheelBaseLayout(segments, risk)).toHaveLength(segments);
    }
    // The low and medium 10-segment layouts are already at 99%: scaling leaves them unchanged.
    expect(wheel.multiplier({ segments: 10, risk: 'low' }, { segment: 0 }, 100)).toEqual(ratio(3, 2));
    expect(wheel.multiplier({ segments: 10, risk: 'medium' }, { segment: 8 }, 100)).toEqual(ratio(3));
  });

  it('validates the size and risk', () => {
    expect(wheelParamsSchema.safeParse({ segments: 15, risk: 'low' }).success).toBe(false);
    expect(wheelParamsSchema.safeParse({ segments: 40, risk: 'high' }).success).toBe(true);
  });
});

describe('wheel layout versions', () => {
  const medium10 = { segments: 10, risk: 'medium' } as const;
  const asText = (layout: readonly Ratio[]) => layout.map((r) => ratioToNumber(r)).join(' ');

  it('version 2 medium/10 is the public table; version 1 is the old layout shifted by one', () => {
    expect(asText(wheelBaseLayout(10, 'medium', 2))).toBe('0 1.9 0 1.5 0 2 0 1.5 0 3');
    expect(asText(wheelBaseLayout(10, 'medium', 1))).toBe('1.9 0 1.5 0 2 0 1.5 0 3 0');
    expect(WHEEL_LAYOUT).toBe(2);
    expect(asText(wheelBaseLayout(10, 'medium'))).toBe('0 1.9 0 1.5 0 2 0 1.5 0 3');
  });

  it('the other 14 layouts are the same in both versions', () => {
    for (const segments of WHEEL_SEGMENTS) {
      for (const risk of WHEEL_RISKS) {
        if (segments === 10 && risk === 'medium') continue;
        expect(wheelBaseLayout(segments, risk, 2)).toEqual(wheelBaseLayout(segments, risk, 1));
      }
    }
  });

  it('RTP is exactly 1 - edge for both versions of medium/10', () => {
    for (const layout of WHEEL_LAYOUT_VERSIONS) {
      for (const edge of [0, 100, 400]) {
        let total: Ratio = ratio(0);
        for (let i = 0; i < 10; i += 1) {
          total = addRatio(total, wheel.multiplier({ ...medium10, layout }, { segment: i }, edge));
        }
        expect(ratio(total.num, total.den * 10n)).toEqual(rtpOf(edge));
      }
    }
  });

  it('params without a layout pay by version 1 (stored bets); new bets are stamped with version 2', () => {
    expect(wheelLayoutOf(wheelParamsSchema.parse(medium10))).toBe(1);
    expect(wheel.multiplier(medium10, { segment: 0 }, 100)).toEqual(ratio(19, 10));
    expect(wheel.multiplier({ ...medium10, layout: 2 }, { segment: 0 }, 100)).toEqual(ratio(0));
    expect(wheel.multiplier({ ...medium10, layout: 2 }, { segment: 9 }, 100)).toEqual(ratio(3));
    expect(wheel.forNewBet?.(medium10)).toEqual({ ...medium10, layout: 2 });
    // A player cannot choose the old layout for a new bet.
    expect(wheel.forNewBet?.({ ...medium10, layout: 1 })).toEqual({ ...medium10, layout: 2 });
    expect(wheelParamsSchema.safeParse({ ...medium10, layout: 3 }).success).toBe(false);
  });

  it('a stored version-1 bet still verifies to its recorded result; the same seeds pay version 2 now', () => {
    // The registry's known-answer seed lands on segment 0 of a 10-segment wheel (registry.test.ts).
    const seed = '7f3a1c9e5b2d4f6081a3c5e7f9b1d3e5a7c9e1f3b5d7f9a1c3e5a7b9d1f3e5a7';
    // Recorded by the old code: params { segments: 10, risk: 'medium' }, segment 0, 1.9x.
    const old = verify('wheel', seed, 'nebula', 0, medium10, 100);
    expect(old.outcome).toEqual({ segment: 0 });
    expect(old.multiplierDecimal).toBe('1.90000000');
    // A bet placed now stores layout 2: segment 0 is a zero of the public table.
    const now = verify('wheel', seed, 'nebula', 0, wheel.forNewBet?.(medium10), 100);
    expect(now.outcome).toEqual({ segment: 0 });
    expect(now.params).toEqual({ ...medium10, layout: 2 });
    expect(now.multiplierDecimal).toBe('0.00000000');
  });
});
