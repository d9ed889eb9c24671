import { describe, expect, it } from 'vitest';
import { RACE_PRIZE_SHARES_PERMILLE } from '@nebula/contracts';
import { clockOffset, formatDecimal, nextWeekEnd, shareLabel, timeLeft } from './race-model';

describe('race countdown', () => {
  it('counts down to the server’s week end', () => {
    const left = timeLeft('2026-11-23T00:00:00.000Z', Date.parse('2026-11-22T09:08:09.576Z'));
    expect(left).toMatchObject({ d: 0, h: 14, m: 51, s: 50 });
    expect(timeLeft('2026-11-23T00:00:00.000Z', Date.parse('2026-11-16T00:00:00Z'))).toMatchObject({
      d: 7,
      h: 0,
    });
    expect(timeLeft('2026-11-23T00:00:00.000Z', Date.parse('2026-11-24T00:00:00Z')).ms).toBe(0);
  });
  it('follows the server clock, not the device', () => {
    const device = Date.parse('2026-11-22T10:00:00Z');
    const offset = clockOffset('2026-11-22T09:00:00Z', device);
    expect(offset).toBe(-3_600_000);
    expect(timeLeft('2026-11-23T00:00:00Z', device + offset).h).toBe(15);
  });
  it('falls back to the next Sunday midnight UTC', () => {
    expect(nextWeekEnd(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextWeekEnd(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextWeekEnd(new Date('2026-11-18T12:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('race display', () => {
  it('formats amounts and shares', () => {
    expect(formatDecimal('193.89815')).toBe('193.89');
    expect(formatDecimal('10000')).toBe('10,000.00');
    expect(formatDecimal('2', 0)).toBe('2');
    expect(RACE_PRIZE_SHARES_PERMILLE.map(shareLabel).slice(0, 3)).toEqual(['40%', '18%', '11%']);
    expect(shareLabel(2)).toBe('0.2%');
  });
});
