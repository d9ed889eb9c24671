/**
 * Crash module: the multiplayer game of shared rounds (spec 3; ARCHITECTURE section 4). Bets,
 * cash-outs and the read side run on every node (service.ts); the round loop and the chain publisher
 * run on the jobs leader only (loop.ts, chain-store.ts), and so does the wagers module's repair job over
 * crash's declaration (repair.ts: busted rounds left unsettled); money moves exactly
 * once through ledger keys `crash:{round}:{user}:wager|payout|refund` (settle.ts). Each chain's salt is
 * the hash of a public block announced when the chain is published (salt-block.ts). Schema: migrations
 * 0015_crash.sql, 0018 and 0021. Operator settings: `crash.*` in the settings registry (settings.ts);
 * start-up options: CRASH_* environment variables (config.ts, the module's piece of the configuration).
 */
import {
  adminFairnessBetEndpoint,
  adminFairnessCrashEndpoint,
  crashBetWhisper,
  crashCancelBetWhisper,
  crashCashOutWhisper,
  crashHistoryWhisper,
  crashStateWhisper,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { crashChainStates, fairnessOfBet } from './admin-fairness.js';
import { announcePending, ensureChainReserve, withSaltBlocks } from './chain-store.js';
import { type CrashOptions, crashEnv } from './config.js';
import { CrashLoop } from './loop.js';
import { crashWagerRepair } from './repair.js';
import { crashSaltBlocks, crashService } from './services.js';
import { crashSettings } from './settings.js';

export {
  announcePending,
  chainHashOf,
  createChain,
  ensureChainReserve,
  fixSalt,
  gamesRemaining,
  generateChainAsync,
  insertChain,
  nextGame,
  type NewChain,
  withSaltBlocks,
} from './chain-store.js';
export { CRASH_DEFAULTS, type CrashOptions, crashEnv, crashOptionsFromEnv, SALT_CHAINS } from './config.js';
export {
  type AnnouncedBlock,
  type SaltAnnouncement,
  SaltBlocks,
  type SaltBlocksOptions,
  blockHashOfSalt,
  createSaltBlocks,
  explorerUrlOf,
  saltOfBlockHash,
} from './salt-block.js';
export { CrashLoop } from './loop.js';
export { crashBettingMs, crashPauseMs, crashSettings, loadCrashTimings } from './settings.js';
export { crashWagerRepair } from './repair.js';
export { crashSaltBlocks, crashService } from './services.js';
export { CrashService, type CrashBetInput, type CrashServiceOptions, MAX_CAP_HUNDREDTHS } from './service.js';
export { crashKey, crashWagerRecord, markSettled, payBet, settleRound } from './settle.js';
export { type BetRow, type RoundRow, outcomeOf } from './views.js';

/**
 * Registers the crash whispers (CrashBet, CrashCashOut, CrashCancelBet, CrashState, CrashHistory) and
 * the back office's fairness reads (chains, one bet recomputed).
 * Play with api_id 'crash' reaches the same service's `bet(user, input)` through the games module's
 * multiplayer registry (the definition's `multiplayer`).
 */
function registerCrashWhispers(app: FastifyInstance, ctx: AppContext): void {
  const service = crashService.of(ctx);
  const { whispers } = ctx.realtime;
  // The back office's fairness screen (decision 0045).
  registerEndpoint(app, adminFairnessCrashEndpoint, () => crashChainStates(ctx.database));
  registerEndpoint(app, adminFairnessBetEndpoint, ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    return fairnessOfBet(ctx.database, user, input.id);
  });
  whispers.register(crashBetWhisper, ({ input, caller }) => service.bet(caller.user, input));
  whispers.register(crashCashOutWhisper, ({ input, caller }) => service.cashOut(caller.user, input));
  whispers.register(crashCancelBetWhisper, ({ input, caller }) => service.cancel(caller.user, input));
  whispers.register(crashStateWhisper, ({ caller }) => service.state(caller.user));
  // The chains with the block each announced for its salt (the service's answer has the chains only).
  whispers.register(crashHistoryWhisper, async ({ input }) => {
    const history = await service.history(input);
    return { ...history, chains: await withSaltBlocks(ctx.database, history.chains) };
  });
}

/** Job names, for health pages and tests. */
export const CRASH_JOBS = { rounds: 'crash.rounds', chain: 'crash.chain' } as const;

/**
 * The leader-only crash jobs: the round loop (its run lasts until demotion; restarted a second after an
 * error), the chain publisher (a new chain ahead of need, announcing the block of its salt; and a block
 * for any chain published without one). The salt blocks are the server's (`crashSaltBlocks`, whose
 * creation at start refuses a salt chain without a block source). Busted rounds the loop left unsettled
 * are the wagers module's repair job's (the definition's `wagerRepair`).
 */
export function crashJobs(ctx: AppContext, opts: CrashOptions = crashEnv.of(ctx.config)): JobDefinition[] {
  const salts = crashSaltBlocks.of(ctx);
  const loop = new CrashLoop(ctx, opts, salts);
  return [
    {
      name: CRASH_JOBS.rounds,
      intervalMs: 1_000,
      runOnElect: true,
      run: ({ signal }) => loop.run(signal),
    },
    {
      name: CRASH_JOBS.chain,
      intervalMs: 60_000,
      runOnElect: true,
      run: async ({ signal }) => {
        const id = await ensureChainReserve(ctx.database, opts, signal, salts);
        if (id !== undefined) ctx.log.info({ chain: id }, 'published a new crash hash chain');
        const announced = await announcePending(ctx.database, salts);
        if (announced > 0) ctx.log.info({ chains: announced }, 'announced the salt blocks of crash chains');
      },
    },
  ];
}

export const crashModule = defineModule({
  name: 'crash',
  services: [crashService, crashSaltBlocks],
  register: registerCrashWhispers,
  jobs: (ctx) => crashJobs(ctx),
  // Play with api_id 'crash' (the games module's Play whisper) is a bet on the current round.
  multiplayer: { crash: (ctx) => (user, input) => crashService.of(ctx).bet(user, input) },
  env: crashEnv,
  settings: crashSettings,
  // Busted rounds the loop left unsettled: settled by the wagers module's repair job.
  wagerRepair: (ctx) => crashWagerRepair(ctx),
});
