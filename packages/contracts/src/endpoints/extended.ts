import { z } from 'zod';
import { policy } from '../endpoint.js';
import { defineWhisper } from '../realtime.js';

/**
 * Extended in-house games (mines, tower, stairs, hilo, coinflip, blackjack, video poker): Play opens a
 * round, `Turn` makes one decision, `Finish` takes the profit (or cancels and refunds when no decision
 * was made), `RestoreData` returns the open round after a reload or on another device (spec 3 sections
 * 3, 4 and 8).
 */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Turn error codes (spec 3 section 8). */
export const TurnErrorCode = {
  /** A conflicting decision of the same round is being applied: try again. */
  Retry: 0,
  /** No open round with this id for this player and game. */
  InvalidGameId: 1,
  /** The client may fall back to RestoreData (the round moved on elsewhere). */
  Fallback: 2,
  /** The decision is not allowed now (a revealed cell, a split without a pair). */
  InvalidOperation: 3,
} as const;

/** `extendedState` of spec 3 section 3. */
export const extendedStateSchema = z.enum(['in-progress', 'finished']);

/** One extended round as the client shows it. */
export const extendedGameSchema = z.object({
  /** The game id, e.g. `mines`. */
  id: z.string(),
  /** The round (bet) id. */
  extendedId: z.string(),
  extendedState: extendedStateSchema,
  /** The game's view: while in progress it never holds the undrawn outcome; once finished, everything. */
  data: z.unknown(),
  /** Milliseconds to animate the last step (0 in quick mode). */
  delay: z.number().int(),
  /** `cancelled` when Finish refunded a round without decisions (the result popup shows nothing). */
  status: z.enum(['in-progress', 'win', 'lose', 'cancelled']),
  win: z.boolean(),
  /** The multiplier the round pays now (open: its cash-out value), relative to the whole stake, 8 decimals. */
  multiplier: z.string(),
  /** The whole stake so far (the wager, plus blackjack's doubles and splits). */
  wager: decimalString,
  /** What taking now would pay (open), or what it paid (finished). */
  payout: decimalString,
  /** payout - wager: the `currentProfit` while open, the profit once finished. */
  profit: decimalString,
  currency: z.string(),
  demo: z.boolean(),
  /** The round's parameters as played (e.g. the mine count): a restored round shows them in the controls. */
  params: z.unknown().optional(),
});
export type ExtendedGameView = z.infer<typeof extendedGameSchema>;

export const extendedPlayResponseSchema = z.object({
  game: extendedGameSchema,
  type: z.literal('extended'),
  /** The round (bet) id. */
  id: z.string(),
  /** True when Finish would take a profit now (the button reads 'Take {profit}'). */
  canBeFinished: z.boolean(),
  /** True when Finish would cancel and refund (the button reads 'Cancel'). */
  canBeCancelled: z.boolean(),
});
export type ExtendedPlayResponse = z.infer<typeof extendedPlayResponseSchema>;

export const turnRequestSchema = z
  .object({
    api_id: z.string().min(1).max(64),
    /** The round id from Play or RestoreData. */
    id: z.string().regex(/^\d{1,19}$/, 'A round id.'),
    /** The decision (the game's own schema). */
    data: z.unknown(),
    quick: z.boolean().optional(),
  })
  .strict();

export const turnResponseSchema = extendedPlayResponseSchema.extend({
  /** continue: still open; lose: ended paying nothing; finish: ended and paid. */
  result: z.enum(['continue', 'lose', 'finish']),
});
export type TurnResponse = z.infer<typeof turnResponseSchema>;

export const turnWhisper = defineWhisper({
  event: 'Turn',
  request: turnRequestSchema,
  response: turnResponseSchema,
  policy: policy.public,
  summary: 'One decision in an open extended round.',
});

export const finishRequestSchema = z
  .object({
    api_id: z.string().min(1).max(64),
    id: z.string().regex(/^\d{1,19}$/, 'A round id.'),
  })
  .strict();

export const finishWhisper = defineWhisper({
  event: 'Finish',
  request: finishRequestSchema,
  response: extendedPlayResponseSchema,
  policy: policy.public,
  summary: 'Takes the profit of an open extended round, or cancels it (refund) when no decision was made.',
});

export const restoreRequestSchema = z
  .object({
    api_id: z.string().min(1).max(64),
  })
  .strict();

export const restoreWhisper = defineWhisper({
  event: 'RestoreData',
  request: restoreRequestSchema,
  response: z.object({ round: extendedPlayResponseSchema.nullable() }),
  policy: policy.public,
  summary: "The player's open round of this game, if any (after a reload, on another device).",
  readOnly: true,
});
