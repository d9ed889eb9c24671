import { describe, expect, it } from 'vitest';
import { floats } from '@nebula/fairness';
import { bonusWheelDraw, bonusWheelFromFloats, bonusWheelPrizeOf } from './bonus-wheel.js';

const W = [40, 25, 17, 10, 6, 2];

describe('bonus wheel draw', () => {
  it('maps the first float onto the cumulative weights, exactly at the edges', () => {
    expect(bonusWheelFromFloats([0, 0], W)).toMatchObject({ point: 0, total: 100, prize: 0, segment: 0 });
    // The first float whose point reaches 40 is the first of prize 1; the one before is prize 0's last.
    const k = Math.ceil(0.4 * 2 ** 32);
    expect(bonusWheelFromFloats([k / 2 ** 32, 0], W)).toMatchObject({ point: 40, prize: 1 });
    expect(bonusWheelFromFloats([(k - 1) / 2 ** 32, 0], W)).toMatchObject({ point: 39, prize: 0 });
    expect(bonusWheelFromFloats([1 - 2 ** -32, 0], W)).toMatchObject({ point: 99, prize: 5 });
  });

  it('the second float picks the copy: segment = prize or prize + 6', () => {
    expect(bonusWheelFromFloats([0.5, 0.5 - 2 ** -32], W).segment).toBe(1);
    expect(bonusWheelFromFloats([0.5, 0.5], W).segment).toBe(7);
    expect(bonusWheelPrizeOf(7)).toBe(1);
  });

  it('a prize of weight 0 is never drawn', () => {
    for (let nonce = 0; nonce < 200; nonce++)
      expect(bonusWheelDraw('a'.repeat(64), 'client', nonce, [0, 0, 1, 0, 0, 0]).prize).toBe(2);
  });

  it('replays from the seeds with the floats of nonce:0', () => {
    const d = bonusWheelDraw('b'.repeat(64), 'seed', 7, W);
    expect(d.floats).toEqual(floats('b'.repeat(64), 'seed', 7, 2));
    expect(d.total).toBe(100);
  });

  it('refuses weights that are not 6 non-negative integers with a positive sum', () => {
    expect(() => bonusWheelFromFloats([0, 0], [1, 2, 3])).toThrow(RangeError);
    expect(() => bonusWheelFromFloats([0, 0], [0, 0, 0, 0, 0, 0])).toThrow(RangeError);
    expect(() => bonusWheelFromFloats([0, 0], [1.5, 0, 0, 0, 0, 1])).toThrow(RangeError);
  });
});
