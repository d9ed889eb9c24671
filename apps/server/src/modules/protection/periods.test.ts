import { describe, expect, it } from 'vitest';
import { addMonths, blockEnd, nextPeriodStart, periodStart } from './periods.js';

const FRIDAY = new Date('2026-11-27T15:30:00.000Z');

describe('limit periods (UTC)', () => {
  it('starts a day at 00:00, a week on Monday, a month on the 1st', () => {
    expect(periodStart('day', FRIDAY).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(periodStart('week', FRIDAY).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('month', FRIDAY).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(periodStart('week', new Date('2026-11-30T00:00:00.000Z')).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });

  it('resets FRIDAY the next start, across a year end', () => {
    expect(nextPeriodStart('day', FRIDAY).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextPeriodStart('week', FRIDAY).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextPeriodStart('month', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('block durations', () => {
  it('adds calendar months, keeping the day where it exists', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(FRIDAY, 6).toISOString()).toBe('2027-05-27T15:30:00.000Z');
  });

  it('ends each duration where it should; indefinite has no end', () => {
    expect(blockEnd('24h', FRIDAY)?.toISOString()).toBe('2026-11-28T15:30:00.000Z');
    expect(blockEnd('1w', FRIDAY)?.toISOString()).toBe('2026-12-04T15:30:00.000Z');
    expect(blockEnd('1m', FRIDAY)?.toISOString()).toBe('2026-12-27T15:30:00.000Z');
    expect(blockEnd('6w', FRIDAY)?.toISOString()).toBe('2027-01-08T15:30:00.000Z');
    expect(blockEnd('1y', FRIDAY)?.toISOString()).toBe('2027-11-27T15:30:00.000Z');
    expect(blockEnd('5y', FRIDAY)?.toISOString()).toBe('2031-11-27T15:30:00.000Z');
    expect(blockEnd('indefinite', FRIDAY)).toBeNull();
  });
});
