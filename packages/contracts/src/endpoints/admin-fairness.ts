import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { GAME_STATS_PERMISSION } from './admin-games.js';
import { crashSchemeSchema } from './crash.js';
import { betOverviewSchema } from './games.js';

/**
 * The back office's fairness screen (`/admin/fairness`, issue 21, decision 0045): the crash hash chains'
 * state, and one bet looked up by id with its seeds and its outcome recomputed by the games' own math,
 * so staff can answer a player's fairness question. Read-only; permission `game_stats` (or `*`).
 */

export const adminCrashChainSchema = z.object({
  id: z.number().int(),
  /** The public commitment: hashing any game's hash (index + 1) times gives it. */
  terminatingHash: z.string(),
  length: z.number().int(),
  scheme: crashSchemeSchema,
  salt: z.string().nullable(),
  publishedAt: z.string(),
  saltFixedAt: z.string().nullable(),
  /** Games of the chain already played, and left. */
  played: z.number().int(),
  remaining: z.number().int(),
  /** playing: the chain in use; next: published, not started; finished: every game played. */
  state: z.enum(['playing', 'next', 'finished']),
});
export type AdminCrashChain = z.infer<typeof adminCrashChainSchema>;

export const adminFairnessCrashEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/fairness/crash',
  request: z.object({}).strict(),
  response: z.object({ chains: z.array(adminCrashChainSchema), gamesRemaining: z.number().int() }),
  policy: policy.permission(GAME_STATS_PERMISSION),
  summary: 'The crash hash chains newest first: commitment, salt, games played and left, rotation state.',
});

export const adminFairnessVerificationSchema = z.object({
  /**
   * verified: recomputed from the revealed seeds, the same multiplier as stored; mismatch: not the same;
   * secret: the server seed is not revealed yet (the player rotates the pair to reveal it);
   * replay: an extended game (decisions between stakes): replay it on the fairness page.
   */
  status: z.enum(['verified', 'mismatch', 'secret', 'replay']),
  /** The recomputed multiplier (decimal), when recomputed. */
  multiplier: z.string().nullable(),
  /** The SHA-256 of the revealed server seed equals the committed hash (null: not revealed). */
  hashMatches: z.boolean().nullable(),
});

export const adminFairnessBetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/fairness/bet',
  request: z
    .object({
      id: z
        .string()
        .trim()
        .regex(/^\d{1,19}$/, 'A bet id.'),
    })
    .strict(),
  response: z.object({
    bet: betOverviewSchema,
    player: z.object({ id: z.string(), name: z.string() }),
    verification: adminFairnessVerificationSchema,
  }),
  policy: policy.permission(GAME_STATS_PERMISSION),
  summary: "One bet with its seeds and nonce and its outcome recomputed by the game's own math.",
});
