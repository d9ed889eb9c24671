import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, clockOffset, dueAt, formatClock, latestDue, realityStep } from './reality-check';

const MIN = 60_000;
const start = Date.parse('2026-11-27T10:00:00.000Z');
const schedule = (acknowledged = 0, intervalMs = 30 * MIN) => ({ startMs: start, intervalMs, acknowledged });

describe('reality check schedule', () => {
  it('measures the server clock against the browser clock', () => {
    expect(clockOffset('2026-11-27T10:00:05.000Z', start)).toBe(5000);
    expect(clockOffset('2026-11-27T09:59:58.000Z', start)).toBe(-2000);
    expect(clockOffset('not a date', start)).toBe(0);
  });

  it('numbers the checks from the session start, one per whole interval', () => {
    expect(latestDue(schedule(), start - 1)).toBe(0);
    expect(latestDue(schedule(), start + 30 * MIN - 1)).toBe(0);
    expect(latestDue(schedule(), start + 30 * MIN)).toBe(1);
    expect(latestDue(schedule(), start + 95 * MIN)).toBe(3);
    expect(dueAt(schedule(), 2)).toBe(start + 60 * MIN);
  });

  it('waits until the next check, at most MAX_WAIT_MS at a time', () => {
    expect(realityStep(schedule(0, 20_000), start + 5000)).toEqual({ kind: 'wait', ms: 15_000 });
    expect(realityStep(schedule(), start + 10 * MIN)).toEqual({ kind: 'wait', ms: MAX_WAIT_MS });
  });

  it('shows a due check with the elapsed time, once answered waits for the next', () => {
    expect(realityStep(schedule(), start + 30 * MIN + 2000)).toEqual({
      kind: 'show',
      check: 1,
      elapsedMs: 30 * MIN + 2000,
    });
    expect(realityStep(schedule(1, 20_000), start + 25_000)).toEqual({ kind: 'wait', ms: 15_000 });
  });

  it('after a long pause shows only the latest due check', () => {
    expect(realityStep(schedule(1), start + 150 * MIN)).toMatchObject({ kind: 'show', check: 5 });
    // Answered: the next one is the sixth.
    expect(realityStep(schedule(5, 20_000), start + 100_500)).toEqual({ kind: 'wait', ms: 19_500 });
  });

  it('is off without an interval or a start', () => {
    expect(realityStep(schedule(0, 0), start)).toEqual({ kind: 'off' });
    expect(realityStep({ startMs: Number.NaN, intervalMs: MIN, acknowledged: 0 }, start)).toEqual({
      kind: 'off',
    });
  });

  it('formats a session clock', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(3_909_000)).toBe('1:05:09');
    expect(formatClock(-5)).toBe('00:00');
  });
});
