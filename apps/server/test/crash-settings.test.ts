import { createHash } from 'node:crypto';
import type { EventFrame } from '@nebula/contracts';
import { crashPointFromHash, generateChain, hashFromCheckpoints } from '@nebula/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CrashLoop,
  crashBettingMs,
  crashPauseMs,
  generateChainAsync,
  insertChain,
} from '../src/modules/crash/index.js';
import type { AppContext } from '../src/platform/context.js';
import { createTestDatabase } from './helpers/test-server.js';
import { createHandContext } from './helpers/hand-context.js';

/**
 * The crash round timings are operator settings (`crash.betting_ms`, `crash.pause_ms`): the loop reads
 * them at each round start, so a change made while a round is open applies from the next round, and
 * the open round keeps the betting time it was opened with (PGlite by default, PostgreSQL when
 * DATABASE_URL is set).
 */
const SALT = 'e'.repeat(64);
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A seed whose first `games` crash points (salt SALT, 1% edge, hmac32) are at most 1.15x: short rounds. */
function quickSeed(games: number): string {
  for (let n = 0; ; n += 1) {
    const seed = sha(`crash-settings-${n}`);
    const chain = generateChain(seed, games);
    const points = Array.from({ length: games }, (_, i) =>
      crashPointFromHash(hashFromCheckpoints(chain.checkpoints, games, i), SALT, 100, 'hmac32'),
    );
    if (points.every((p) => p <= 115n)) return seed;
  }
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: AppContext;
const frames: EventFrame[] = [];

beforeAll(async () => {
  ({ db, ctx } = await createHandContext('crash-settings', { everyone: frames }));
  await insertChain(db.database, await generateChainAsync(quickSeed(2), 2, 1), SALT);
});
afterAll(async () => {
  await ctx?.realtime.close();
  await db?.drop();
});

interface Round {
  id: string;
  betting_ms: number;
  opened: Date;
  busted_at: Date | null;
}
const rounds = () =>
  db.database.query<Round>(
    `select id::text as id, betting_ms, betting_ends_at - betting_ms * interval '1 millisecond' as opened,
            busted_at
       from crash_rounds order by id`,
  );
const waitFor = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the crash round timings are settings', () => {
  it('a changed betting time and pause apply from the next round; the open round keeps its own', async () => {
    await ctx.settings.change(crashBettingMs, 1_000);
    await ctx.settings.change(crashPauseMs, 0);
    const leader = new AbortController();
    const done = new CrashLoop(ctx, { tickMs: 100 }).run(leader.signal);
    try {
      await waitFor('the first round', async () => (await rounds()).length === 1);
      // The operator changes both while the first round is open.
      await ctx.settings.change(crashBettingMs, 2_500);
      await ctx.settings.change(crashPauseMs, 1_500);
      await waitFor('the second round', async () => (await rounds()).length === 2);
    } finally {
      leader.abort();
      await done;
    }
    const [first, second] = await rounds();
    expect(first?.betting_ms).toBe(1_000);
    expect(second?.betting_ms).toBe(2_500);
    // The second round opened no sooner than the new pause after the first one's bust (database clock).
    expect(second!.opened.getTime() - first!.busted_at!.getTime()).toBeGreaterThanOrEqual(1_500);
    // Players were told each round's own betting time.
    const timers = frames.filter((f) => f.event === 'MultiplayerTimerStart').map((f) => f.data);
    expect(timers).toMatchObject([
      { round: first?.id, duration: 1_000 },
      { round: second?.id, duration: 2_500 },
    ]);
  });

  it('refuses a betting time or pause out of range (422 invalid_setting), writing nothing', async () => {
    for (const [setting, value] of [
      [crashBettingMs, 0],
      [crashBettingMs, 999],
      [crashBettingMs, 600_001],
      [crashBettingMs, 1_500.5],
      [crashBettingMs, '15000'],
      [crashPauseMs, -1],
      [crashPauseMs, 600_001],
    ] as const)
      await expect(ctx.settings.change(setting, value), `${setting.key} ${value}`).rejects.toMatchObject({
        status: 422,
        code: 'invalid_setting',
      });
    expect(await ctx.settings.get(crashBettingMs)).toBe(2_500);
    expect(await ctx.settings.get(crashPauseMs)).toBe(1_500);
  });
});
