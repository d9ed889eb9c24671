import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent, defineWhisper } from '../realtime.js';
import { emptyRequest } from './platform.js';

/**
 * In-house games: the seeds of provable fairness (one active pair per player) and the Play call of the
 * single-round games (spec 2 section 7, spec 3 section 8 for the error codes).
 */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A client seed: 1 to 64 printable ASCII characters. */
export const clientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x20-\x7e]+$/, 'Printable characters only.');

export const revealedSeedPairSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The next nonce the pair would have used: the pair settled nonces 0 .. nonce - 1. */
  nonce: z.number().int(),
});

export const seedPairStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next bet. */
  nonce: z.number().int(),
  previous: revealedSeedPairSchema.nullable(),
});
export type SeedPairState = z.infer<typeof seedPairStateSchema>;

export const fairnessSeedsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/fairness/seeds',
  request: emptyRequest,
  response: seedPairStateSchema,
  policy: policy.user,
  summary: 'The active seed pair (server seed hash only) and the last revealed pair.',
});

export const clientSeedChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/client_seed_change',
  request: z.object({ client_seed: clientSeedSchema }).strict(),
  response: seedPairStateSchema,
  policy: policy.user,
  summary: 'Sets a new client seed: reveals the server seed, commits a new one, nonce back to 0.',
});

export const fairnessRotateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/fairness/rotate',
  request: z.object({ client_seed: clientSeedSchema.optional() }).strict(),
  response: seedPairStateSchema,
  policy: policy.user,
  summary: 'Rotates the seed pair (random client seed unless one is given) and reveals the old one.',
});

/** Play error codes (spec 3 section 8). */
export const PlayErrorCode = {
  MinimalWager: -1,
  AuthorizationRequired: -2,
  UnknownGame: -3,
  NotEnoughMoney: -4,
  Unavailable: -5,
  NoDemo: -7,
  MaxBet: -9,
  NoPrice: -10,
  MaxProfit: -11,
  Disabled: -99,
} as const;

export const playRequestSchema = z
  .object({
    /** The game id, e.g. `dice`. */
    api_id: z.string().min(1).max(64),
    /** The wager, a decimal string in the currency's units. */
    bet: z.string().min(1).max(64),
    demo: z.boolean().default(false),
    currency: z.string().min(1).max(32),
    quick: z.boolean().optional(),
    /** The game's params (its own schema). */
    data: z.unknown().optional(),
  })
  .strict();

export const playResponseSchema = z.object({
  game: z.object({
    id: z.string(),
    /** The outcome (the game's own shape). */
    data: z.unknown(),
    /** Milliseconds the client animates before showing the result. */
    delay: z.number().int(),
    status: z.enum(['win', 'lose']),
    win: z.boolean(),
    /** The multiplier paid, rounded down to 8 decimals. */
    multiplier: z.string(),
    profit: decimalString,
    payout: decimalString,
  }),
  type: z.literal('single'),
  /** The bet id. */
  id: z.string(),
});
export type PlayResponse = z.infer<typeof playResponseSchema>;

export const playWhisper = defineWhisper({
  event: 'Play',
  request: playRequestSchema,
  response: playResponseSchema,
  policy: policy.public,
  summary: 'Places and settles one bet of a single-round in-house game.',
});

/** The live feed event on Everyone for every settled real bet (spec 3 section 3). */
export const liveGameEvent = defineEvent(
  'LiveGame',
  z.object({
    user: z.object({
      _id: z.string(),
      name: z.string(),
      avatar: z.string().nullable(),
      private_bets: z.boolean(),
    }),
    game: z.object({
      _id: z.string(),
      currency: z.string(),
      wager: decimalString,
      splitTotal: decimalString,
      multiplier: z.string(),
      status: z.enum(['win', 'lose']),
      profit: decimalString,
      type: z.literal('single'),
      user: z.string(),
      profit_usd_converted: decimalString,
    }),
    metadata: z.object({ id: z.string(), name: z.string(), image: z.string() }),
    delay: z.number().int(),
  }),
);
