/**
 * The calendar periods of limits, in UTC (decision 0025): a day from 00:00, a week from Monday 00:00,
 * a month from the 1st 00:00. And the durations of time-outs and self-exclusions. Pure.
 */
import type { LimitPeriod, SelfExclusionDuration, TimeOutDuration } from '@nebula/contracts';

const DAY_MS = 86_400_000;

/** The start of the period that contains `at`. */
export function periodStart(period: LimitPeriod, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'day') return new Date(day);
  if (period === 'week') return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The start of the period after the one that contains `at` (when the period resets). */
export function nextPeriodStart(period: LimitPeriod, at: Date): Date {
  const start = periodStart(period, at);
  if (period === 'day') return new Date(start.getTime() + DAY_MS);
  if (period === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** `at` plus whole calendar months (the day of month is kept where it exists, else the month's last day). */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  target.setUTCHours(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds());
  return target;
}

/** When a block of `duration` taken at `at` ends; null for an indefinite self-exclusion. */
export function blockEnd(duration: TimeOutDuration | SelfExclusionDuration, at: Date): Date | null {
  switch (duration) {
    case '24h':
      return new Date(at.getTime() + DAY_MS);
    case '1w':
      return new Date(at.getTime() + 7 * DAY_MS);
    case '1m':
      return addMonths(at, 1);
    case '6w':
      return new Date(at.getTime() + 42 * DAY_MS);
    case '6m':
      return addMonths(at, 6);
    case '1y':
      return addMonths(at, 12);
    case '2y':
      return addMonths(at, 24);
    case '5y':
      return addMonths(at, 60);
    case 'indefinite':
      return null;
  }
}
