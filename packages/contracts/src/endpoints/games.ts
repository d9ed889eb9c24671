import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent, defineWhisper } from '../realtime.js';
import { multiplayerPlayResponseSchema } from './crash.js';
import { extendedPlayResponseSchema } from './extended.js';
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
  BadStage: -6,
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
  response: z.union([playResponseSchema, extendedPlayResponseSchema, multiplayerPlayResponseSchema]),
  policy: policy.public,
  summary: 'Places and settles one bet of a single-round game, or opens a round of an extended game.',
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
      /** `single` for every casino bet; a sports bet (`LiveFeedSportGame`) is `single` or `multi`. */
      type: z.enum(['single', 'multi']),
      user: z.string(),
      profit_usd_converted: decimalString,
      /** When the bet was placed (ISO 8601): the feed's time column. Live events may leave it out. */
      created_at: z.string().optional(),
    }),
    metadata: z.object({ id: z.string(), name: z.string(), image: z.string() }),
    delay: z.number().int(),
  }),
);

/** Bet overview (spec 2 section 3): what the `Info` whisper answers for one bet id. */
export const betOverviewSchema = z.object({
  info: z.object({
    /** The bet id. */
    _id: z.string(),
    id: z.string(),
    /** The game id, e.g. `dice`. */
    game: z.string(),
    /** The player's id; empty when the bet is private and the viewer may not see it. */
    user: z.string(),
    currency: z.string(),
    /** The wager, a decimal string. */
    splitTotal: decimalString,
    wager: decimalString,
    payout: decimalString,
    multiplier: z.string(),
    profit: decimalString,
    status: z.enum(['win', 'lose']),
    demo: z.boolean(),
    /** Revealed only once the seed pair was rotated; null before. */
    server_seed: z.string().nullable(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    /**
     * The bet's nonce, shown at once (it is no secret; a crash bet's is its round's place in its chain).
     * Older servers answered -1 while the server seed was secret.
     */
    nonce: z.number().int(),
    /** The bet's params as the game's schema parsed them (needed to replay it). */
    params: z.unknown(),
    /** The outcome as stored. */
    outcome: z.unknown(),
    house_edge_bps: z.number().int(),
    created_at: z.string(),
  }),
  metadata: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ _id: z.string().nullable(), name: z.string(), private_bets: z.boolean() }),
});
export type BetOverview = z.infer<typeof betOverviewSchema>;

export const infoWhisper = defineWhisper({
  event: 'Info',
  request: z.object({ game_id: z.string().regex(/^\d{1,19}$/, 'A bet id.') }).strict(),
  response: betOverviewSchema,
  policy: policy.public,
  summary: 'The bet overview of one bet (anyone may look; private bets hide the player).',
  readOnly: true,
});

/** A game's live configuration for its page: the house edge and limits in force. */
export const gameDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  houseEdgeBps: z.number().int(),
  /** Max bet per real bet in EUR (decimal string). */
  maxBetEur: decimalString,
  /** Max profit per real bet in USD (decimal string). */
  maxProfitUsd: decimalString,
  /** False when the operator disabled in-house games or this game. */
  available: z.boolean(),
  /** False for games that take no demo bets. */
  demo: z.boolean(),
});
export type GameData = z.infer<typeof gameDataSchema>;

export const gameDataWhisper = defineWhisper({
  event: 'GameData',
  request: z.object({ api_id: z.string().min(1).max(64) }).strict(),
  response: gameDataSchema,
  policy: policy.public,
  summary: "A game's configuration: house edge, limits and availability.",
  readOnly: true,
});

/** One of the player's own bets in the game page's history. */
export const myBetSchema = z.object({
  id: z.string(),
  game: z.string(),
  currency: z.string(),
  demo: z.boolean(),
  wager: decimalString,
  multiplier: z.string(),
  payout: decimalString,
  profit: decimalString,
  status: z.enum(['win', 'lose']),
  nonce: z.number().int(),
  created_at: z.string(),
});
export type MyBet = z.infer<typeof myBetSchema>;

export const myBetsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/games/history',
  request: z
    .object({
      game: z.string().min(1).max(64).optional(),
      demo: z.boolean().optional(),
      limit: z.number().int().min(1).max(100).default(20),
    })
    .strict(),
  response: z.object({ bets: z.array(myBetSchema) }),
  policy: policy.user,
  summary: "The signed-in player's latest bets, newest first (optionally of one game).",
});
