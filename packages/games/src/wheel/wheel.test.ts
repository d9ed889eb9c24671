import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, ratio, ratioToNumber, rtpOf } from '../index.js';
import { WHEEL_RISKS, WHEEL_SEGMENTS, wheel, wheelBaseLayout, wheelParamsSchema } from './wheel.js';

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
