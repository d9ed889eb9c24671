/**
 * The reality check's schedule (issue G5 item 3), framework-free: checks fall due on the server's
 * clock at the session's start plus each whole interval (start + n x interval, n = 1, 2, ...). The
 * browser's clock is only used through the offset measured against the server's `now`, so a wrong
 * local clock neither hides a check nor shows one early. After a long pause (a closed laptop) only
 * the latest due check is shown: one modal, never a queue of them.
 */

/** How long the browser waits at most before it looks at the schedule again (timers drift when hidden). */
export const MAX_WAIT_MS = 60_000;

/** The server's clock as the browser estimates it: `Date.now() + offset`. */
export function clockOffset(serverNowIso: string, receivedAt: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

export interface RealitySchedule {
  /** The session's start, server time (ms). */
  startMs: number;
  /** The player's interval (ms); 0 or less: no reality check. */
  intervalMs: number;
  /** The last check the player answered (0: none yet). */
  acknowledged: number;
}

/** The number of the latest check due at server time `nowMs` (0: none due yet). */
export function latestDue(schedule: Pick<RealitySchedule, 'startMs' | 'intervalMs'>, nowMs: number): number {
  const { startMs, intervalMs } = schedule;
  if (!(intervalMs > 0) || !Number.isFinite(startMs) || nowMs < startMs) return 0;
  return Math.floor((nowMs - startMs) / intervalMs);
}

/** Server time (ms) at which check `n` falls due. */
export function dueAt(schedule: Pick<RealitySchedule, 'startMs' | 'intervalMs'>, n: number): number {
  return schedule.startMs + n * schedule.intervalMs;
}

export type RealityStep =
  { kind: 'off' } | { kind: 'show'; check: number; elapsedMs: number } | { kind: 'wait'; ms: number };

/**
 * What to do at server time `nowMs`: show check `n` (the latest due one, when the player has not
 * answered it), or wait (at most MAX_WAIT_MS, then look again).
 */
export function realityStep(schedule: RealitySchedule, nowMs: number): RealityStep {
  if (!(schedule.intervalMs > 0) || !Number.isFinite(schedule.startMs)) return { kind: 'off' };
  const due = latestDue(schedule, nowMs);
  if (due > schedule.acknowledged) {
    return { kind: 'show', check: due, elapsedMs: Math.max(0, nowMs - schedule.startMs) };
  }
  const next = dueAt(schedule, Math.max(due, schedule.acknowledged) + 1);
  return { kind: 'wait', ms: Math.min(MAX_WAIT_MS, Math.max(0, next - nowMs)) };
}

/** Hours, minutes and seconds of a duration (negative counts as zero). */
export function splitDuration(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** `1:05:09` / `05:09`: a session clock. */
export function formatClock(ms: number): string {
  const { hours, minutes, seconds } = splitDuration(ms);
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
