/**
 * Race weeks (all in UTC): a week runs from Monday 00:00 UTC to the next Monday 00:00 UTC (Sunday
 * 24:00 UTC, the countdown's target) and is named by its Monday, `YYYY-MM-DD`.
 */

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** The week `at` falls in. */
export function raceWeekOf(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The week's start (inclusive) and end (exclusive). */
export function raceWeekBounds(week: string): { start: Date; end: Date } {
  const start = new Date(`${week}T00:00:00.000Z`);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/** The week before `week`. */
export function previousRaceWeek(week: string): string {
  return new Date(raceWeekBounds(week).start.getTime() - WEEK_MS).toISOString().slice(0, 10);
}

/** True when `text` is a real calendar date (YYYY-MM-DD) that is a Monday. */
export function isRaceWeek(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text && d.getUTCDay() === 1;
}
