/** The games engine's environment keys (decision 0013): group commit of single-round bets. */
import { z } from 'zod';
import { booleanish, defineEnv } from '../../platform/env.js';

export const gamesEnv = defineEnv(
  {
    BET_GROUP_COMMIT: booleanish.default(true),
    BET_GROUP_COMMIT_MAX: z.coerce.number().int().min(1).max(1_000).default(64),
    BET_GROUP_COMMIT_PARALLEL: z.coerce.number().int().min(1).max(32).default(2),
  },
  (e) => ({
    /**
     * Group commit of single-round bets (group-commit.ts): bets arriving on this node while earlier ones
     * commit share one transaction (BET_GROUP_COMMIT), at most `maxBatch` bets each
     * (BET_GROUP_COMMIT_MAX), at most `parallel` such transactions at once (BET_GROUP_COMMIT_PARALLEL).
     */
    betGroupCommit: {
      enabled: e.BET_GROUP_COMMIT,
      maxBatch: e.BET_GROUP_COMMIT_MAX,
      parallel: e.BET_GROUP_COMMIT_PARALLEL,
    },
  }),
);
