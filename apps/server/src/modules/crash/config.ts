/**
 * Timing and chain options of the crash loop. Defaults follow spec 3 section 4 (15 s betting);
 * operators and tests override them with CRASH_* environment variables (checked here with zod; a
 * malformed value stops the start-up with a clear message like the platform config does).
 */
import { z } from 'zod';

export interface CrashOptions {
  /** Betting time of a round, ms (spec 3 section 4: 15 s). */
  bettingMs: number;
  /** Pause after a bust before the next round opens, ms (players see the crash point). */
  pauseMs: number;
  /** Interval of MultiplayerDataUpdate while a round runs, ms. */
  tickMs: number;
  /** Games in a newly generated hash chain. */
  chainLength: number;
  /** A checkpoint every this many games (at most this many hashes to find any game's hash). */
  checkpointEvery: number;
  /** A new chain is generated (and published) when fewer games than this remain in the current one. */
  chainReserve: number;
  /** Bets older than this with unsettled money are repaired by the leader's job, seconds. */
  repairGraceSeconds: number;
}

export const CRASH_DEFAULTS: CrashOptions = {
  bettingMs: 15_000,
  pauseMs: 3_000,
  tickMs: 150,
  chainLength: 1_000_000,
  checkpointEvery: 1_000,
  chainReserve: 10_000,
  repairGraceSeconds: 30,
};

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  CRASH_BETTING_MS: int(1_000, 600_000).optional(),
  CRASH_PAUSE_MS: int(0, 60_000).optional(),
  CRASH_TICK_MS: int(50, 2_000).optional(),
  CRASH_CHAIN_LENGTH: int(10, 100_000_000).optional(),
  CRASH_CHECKPOINT_EVERY: int(1, 100_000).optional(),
  CRASH_CHAIN_RESERVE: int(1, 100_000_000).optional(),
  CRASH_REPAIR_GRACE_SECONDS: int(0, 86_400).optional(),
});

/**
 * The options from `env` (default `process.env`) over {@link CRASH_DEFAULTS}.
 *
 * @throws Error naming the malformed variables
 */
export function crashOptionsFromEnv(env: Record<string, string | undefined> = process.env): CrashOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid crash configuration: ${list}`);
  }
  const e = parsed.data;
  return {
    bettingMs: e.CRASH_BETTING_MS ?? CRASH_DEFAULTS.bettingMs,
    pauseMs: e.CRASH_PAUSE_MS ?? CRASH_DEFAULTS.pauseMs,
    tickMs: e.CRASH_TICK_MS ?? CRASH_DEFAULTS.tickMs,
    chainLength: e.CRASH_CHAIN_LENGTH ?? CRASH_DEFAULTS.chainLength,
    checkpointEvery: e.CRASH_CHECKPOINT_EVERY ?? CRASH_DEFAULTS.checkpointEvery,
    chainReserve: e.CRASH_CHAIN_RESERVE ?? CRASH_DEFAULTS.chainReserve,
    repairGraceSeconds: e.CRASH_REPAIR_GRACE_SECONDS ?? CRASH_DEFAULTS.repairGraceSeconds,
  };
}
