import { Channels, onlineCountEvent } from '@nebula/contracts';
import type { AppContext } from '../platform/context.js';
import { pruneUsedCaptchas } from '../modules/captcha/index.js';
import { registerChatJobs } from '../modules/chat/index.js';
import { registerCrashJobs } from '../modules/crash/index.js';
import { gameStatsConsumer } from '../modules/games/index.js';
import { registerDepositJobs } from '../modules/deposits/index.js';
import { registerPriceJobs } from '../modules/prices/index.js';
import { raceConsumer, registerRaceJobs } from '../modules/race/index.js';
import { registerTipsJobs } from '../modules/tips/index.js';
import { registerWagerStream } from '../modules/wagers/index.js';
import { registerWithdrawalJobs } from '../modules/withdrawals/index.js';
import type { JobRunner } from './runner.js';

/**
 * Platform-wide loops that must run on exactly one node (the leader). Each is idempotent:
 * running it twice, or halfway and again, changes nothing that matters.
 */
export function registerCoreJobs(jobs: JobRunner, ctx: AppContext): void {
  // The online counter every player sees: merged presence of all nodes, published once.
  jobs.register({
    name: 'realtime.online-count',
    intervalMs: ctx.config.realtime.presenceIntervalMs,
    run: async () => {
      const s = await ctx.realtime.presence.summary();
      ctx.realtime.hub.publish(Channels.everyone, onlineCountEvent, {
        total: s.total,
        users: s.users.length,
        guests: s.guests,
      });
    },
  });
  jobs.register({
    name: 'captcha.prune-used',
    intervalMs: 10 * 60_000,
    runOnElect: true,
    run: () => pruneUsedCaptchas(ctx.database),
  });
  registerDepositJobs(jobs, ctx);
  registerPriceJobs(jobs, ctx);
  registerWithdrawalJobs(jobs, ctx);
  registerCrashJobs(jobs, ctx);
  registerRaceJobs(jobs, ctx);
  registerTipsJobs(jobs, ctx);
  registerChatJobs(jobs, ctx);
  // The consumers of the wager stream: whatever follows from a settled stake, once, after its commit.
  registerWagerStream(jobs, ctx, [gameStatsConsumer, raceConsumer]);
}
