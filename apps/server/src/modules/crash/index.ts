/**
 * Crash module: the multiplayer game of shared rounds (spec 3; ARCHITECTURE section 4). Bets,
 * cash-outs and the read side run on every node (service.ts); the round loop, the chain publisher and
 * the repair job run on the jobs leader only (loop.ts, chain-store.ts, repair.ts); money moves exactly
 * once through ledger keys `crash:{round}:{user}:wager|payout|refund` (settle.ts). Schema: migration
 * 0015_crash.sql. Options: CRASH_* environment variables (config.ts).
 */
import {
  crashBetWhisper,
  crashCancelBetWhisper,
  crashCashOutWhisper,
  crashHistoryWhisper,
  crashStateWhisper,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { ensureChainReserve } from './chain-store.js';
import { type CrashOptions, crashOptionsFromEnv } from './config.js';
import { CrashLoop } from './loop.js';
import { CrashRepair } from './repair.js';
import { CrashService } from './service.js';

export {
  chainHashOf,
  createChain,
  ensureChainReserve,
  fixSalt,
  gamesRemaining,
  generateChainAsync,
  insertChain,
  nextGame,
  type NewChain,
} from './chain-store.js';
export { CRASH_DEFAULTS, type CrashOptions, crashOptionsFromEnv } from './config.js';
export { CrashLoop } from './loop.js';
export { CrashRepair, type CrashRepairReport } from './repair.js';
export { CrashService, type CrashBetInput, type CrashServiceOptions, MAX_CAP_HUNDREDTHS } from './service.js';
export { crashKey, crashWagerRecord, markSettled, payBet, settleRound } from './settle.js';
export { type BetRow, type RoundRow, outcomeOf } from './views.js';

const services = new WeakMap<AppContext['database'], CrashService>();

/** The node's crash service (one per database, shared by the whispers and Play). */
export function crashServiceFor(ctx: AppContext): CrashService {
  let service = services.get(ctx.database);
  if (!service) services.set(ctx.database, (service = new CrashService(ctx)));
  return service;
}

/**
 * Registers the crash whispers (CrashBet, CrashCashOut, CrashCancelBet, CrashState, CrashHistory).
 * Play with api_id 'crash' is routed to `crashServiceFor(ctx).bet(user, input)` by the games module.
 */
export function registerCrashModule(_app: FastifyInstance, ctx: AppContext): void {
  const service = crashServiceFor(ctx);
  const { whispers } = ctx.realtime;
  whispers.register(crashBetWhisper, ({ input, caller }) => service.bet(caller.user, input));
  whispers.register(crashCashOutWhisper, ({ input, caller }) => service.cashOut(caller.user, input));
  whispers.register(crashCancelBetWhisper, ({ input, caller }) => service.cancel(caller.user, input));
  whispers.register(crashStateWhisper, ({ caller }) => service.state(caller.user));
  whispers.register(crashHistoryWhisper, ({ input }) => service.history(input));
}

/** Job names, for health pages and tests. */
export const CRASH_JOBS = { rounds: 'crash.rounds', chain: 'crash.chain', repair: 'crash.repair' } as const;

/**
 * The leader-only crash jobs: the round loop (its run lasts until demotion; restarted a second after an
 * error), the chain publisher (a new chain ahead of need), and the repair job.
 */
export function registerCrashJobs(
  jobs: JobRunner,
  ctx: AppContext,
  opts: CrashOptions = crashOptionsFromEnv(),
): void {
  const loop = new CrashLoop(ctx, opts);
  const repair = new CrashRepair(ctx, { graceSeconds: opts.repairGraceSeconds });
  jobs.register({
    name: CRASH_JOBS.rounds,
    intervalMs: 1_000,
    runOnElect: true,
    run: ({ signal }) => loop.run(signal),
  });
  jobs.register({
    name: CRASH_JOBS.chain,
    intervalMs: 60_000,
    runOnElect: true,
    run: async ({ signal }) => {
      const id = await ensureChainReserve(ctx.database, opts, signal);
      if (id !== undefined) ctx.log.info({ chain: id }, 'published a new crash hash chain');
    },
  });
  jobs.register({
    name: CRASH_JOBS.repair,
    intervalMs: 30_000,
    runOnElect: true,
    run: async ({ signal }) => {
      await repair.runOnce(signal);
    },
  });
}
