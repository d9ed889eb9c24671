import { describe, expect, it } from 'vitest';
import { faucetStatus, faucetWait } from '@nebula/contracts/constants';
import { easeOut, segmentAt, targetRotation } from './wheel-svg';

describe('the wheel animation', () => {
  it('stops every segment under the pointer after 8 full rotations and less than one more', () => {
    for (const from of [0, 37.5, -200, 1234]) {
      for (let segment = 0; segment < 12; segment++) {
        const to = targetRotation(from, segment);
        expect(segmentAt(to)).toBe(segment);
        expect(to - from).toBeGreaterThanOrEqual(8 * 360);
        expect(to - from).toBeLessThan(9 * 360);
        // Inside the segment with a jitter of up to a third of it.
        expect(segmentAt(targetRotation(from, segment, 8, 9))).toBe(segment);
      }
    }
  });

  it('eases out from 0 to 1', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.9);
  });
});

describe("the faucet's status (spec 2 section 5)", () => {
  it('reads Available, or Available in N seconds/minutes/hours', () => {
    expect(faucetStatus(0)).toBe('Available');
    expect(faucetStatus(-5)).toBe('Available');
    expect(faucetStatus(1)).toBe('Available in 1 second');
    expect(faucetStatus(42.2)).toBe('Available in 43 seconds');
    expect(faucetStatus(60)).toBe('Available in 1 minute');
    expect(faucetStatus(61)).toBe('Available in 2 minutes');
    expect(faucetStatus(3600)).toBe('Available in 1 hour');
    expect(faucetStatus(86_400)).toBe('Available in 24 hours');
    expect(faucetWait(90)).toEqual({ unit: 'minutes', count: 2 });
  });
});
