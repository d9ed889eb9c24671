import { z } from 'zod';
import { policy } from '../endpoint.js';
import { defineEvent, defineWhisper } from '../realtime.js';

/**
 * Crash, the multiplayer game (spec 3 sections 3, 4, 8): shared rounds run by the jobs leader. A round
 * takes bets for the betting time (spec 3 section 4: 15 s by default; the client turns the timer orange
 * at 10 s left and red at 5 s), then its multiplier rises until it busts at the crash point fixed by the
 * hash chain. Players cash out by hand (`CrashCashOut`) or at their auto cash-out target.
 *
 * Multipliers are decimal strings with two places ("2.35"); the auto cash-out target in requests is an
 * integer of hundredths (235 = 2.35x), as limbo's target. Amounts are decimal strings of the currency.
 * Every event goes to the public `Everyone` channel and carries `game: 'crash'` and the round id.
 */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
const multiplierString = z.string().regex(/^\d+\.\d{2}$/);
const roundId = z.string().regex(/^\d{1,19}$/, 'A round id.');
const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** The phases of a round: taking bets, rising, busted (the crash point is revealed). */
export const crashPhaseSchema = z.enum(['betting', 'running', 'busted']);
export type CrashPhase = z.infer<typeof crashPhaseSchema>;

/** A player as other players see them (hidden when they keep their bets private). */
export const crashPlayerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  private_bets: z.boolean(),
});

/**
 * One bet of a round. `status`: active (in the round, not cashed out yet), cashed_out, lost, or
 * cancelled (taken back during betting and refunded).
 */
export const crashBetSchema = z.object({
  round: roundId,
  user: crashPlayerSchema,
  currency: z.string(),
  wager: decimalString,
  status: z.enum(['active', 'cashed_out', 'lost', 'cancelled']),
  /** The multiplier paid ("0.00" until cashed out and for a loss). */
  multiplier: multiplierString,
  payout: decimalString,
  profit: decimalString,
});
export type CrashBet = z.infer<typeof crashBetSchema>;

/** The caller's own bet: the public view plus the auto cash-out target (others never see targets). */
export const crashOwnBetSchema = crashBetSchema.extend({
  /** The auto cash-out target in force ("2.00"), or null for a manual bet. */
  autoCashOut: multiplierString.nullable(),
  demo: z.literal(false),
});
export type CrashOwnBet = z.infer<typeof crashOwnBetSchema>;

/**
 * The answer to a bet, a cash-out and a cancellation: the Play response of a multiplayer game (spec 3
 * section 3). In progress while the bet can still be cashed out or cancelled, else finished.
 */
export const multiplayerPlayResponseSchema = z.object({
  game: z.object({
    id: z.literal('crash'),
    /** The round id. */
    round: roundId,
    status: z.enum(['in-progress', 'win', 'lose', 'cancelled']),
    win: z.boolean(),
    delay: z.number().int(),
    bet: crashOwnBetSchema,
  }),
  type: z.literal('multiplayer'),
  /** The round id. */
  id: roundId,
  /** True while the round runs and the bet is still in it: CrashCashOut would pay now. */
  canBeFinished: z.boolean(),
  /** True during betting: CrashCancelBet would take the bet back. */
  canBeCancelled: z.boolean(),
});
export type MultiplayerPlayResponse = z.infer<typeof multiplayerPlayResponseSchema>;

/** Bet request: the Play request without `api_id` (Play with `api_id: 'crash'` takes the same fields). */
export const crashBetRequestSchema = z
  .object({
    bet: z.string().min(1).max(64),
    currency: z.string().min(1).max(32),
    /** Crash takes no demo bets: true is answered with play error -7. */
    demo: z.boolean().default(false),
    quick: z.boolean().optional(),
    /** `{autoCashOut?: hundredths 101..100000000}`; checked by the game's schema (422 when invalid). */
    data: z.unknown().optional(),
  })
  .strict();

export const crashBetWhisper = defineWhisper({
  event: 'CrashBet',
  request: crashBetRequestSchema,
  response: multiplayerPlayResponseSchema,
  policy: policy.public,
  summary: 'Places a bet in the betting phase of the current crash round (one bet per round).',
});

export const crashRoundRequestSchema = z.object({ id: roundId }).strict();

export const crashCashOutWhisper = defineWhisper({
  event: 'CrashCashOut',
  request: crashRoundRequestSchema,
  response: multiplayerPlayResponseSchema,
  policy: policy.user,
  summary: "Cashes out the caller's bet in the running round at the multiplier the server clock gives.",
});

export const crashCancelBetWhisper = defineWhisper({
  event: 'CrashCancelBet',
  request: crashRoundRequestSchema,
  response: multiplayerPlayResponseSchema,
  policy: policy.user,
  summary: "Takes back the caller's bet during betting (refunded; no new bet in that round).",
});

/**
 * How a chain turns a round's HMAC into its crash point (@nebula/games `CrashScheme`): `hmac32` (the
 * first 32 bits, the large casino's published algorithm; every chain since G4) or `hmac52` (the first
 * 52 bits; the chains published before).
 */
export const crashSchemeSchema = z.enum(['hmac52', 'hmac32']);

/**
 * The block of a public chain whose hash is a hash chain's salt (decision 0008), announced when the hash
 * chain was published, at a height the chain had not reached then. The salt is fixed once the block
 * exists with `confirmations` confirmations, and equals `hash`.
 */
export const crashSaltBlockSchema = z.object({
  /** The chain's id: eth, bsc, btc, ltc, doge, trx. */
  chain: z.string(),
  /**
   * Where the server read it: `evm`, a node of the public chain (anyone can check the block on any
   * explorer of that chain); `simulated`, the development and demo chain kept by the server itself
   * (not public: nothing to check elsewhere).
   */
  source: z.enum(['evm', 'simulated']),
  /** The announced block height. */
  height: z.number().int().nonnegative(),
  /** Confirmations the block needed before its hash was taken. */
  confirmations: z.number().int().positive(),
  /** When the height was announced (the chain's publication, or later for chains published before). */
  announcedAt: z.string(),
  /** The block's hash (the salt) once taken; null before. */
  hash: z.string().nullable(),
  /** The block's own timestamp once taken (EVM: to the second). */
  minedAt: z.string().nullable(),
  /** The operator's block explorer page for the block, when one is configured. */
  explorerUrl: z.string().nullable(),
});
export type CrashSaltBlock = z.infer<typeof crashSaltBlockSchema>;

/** A hash chain as the fairness page shows it. The salt is null until the chain's first round. */
export const crashChainSchema = z.object({
  id: z.number().int(),
  terminatingHash: hash,
  length: z.number().int(),
  scheme: crashSchemeSchema,
  salt: z.string().nullable(),
  publishedAt: z.string(),
  saltFixedAt: z.string().nullable(),
  /**
   * The block the salt comes from; null for chains whose salt the server drew before block salts
   * (migration 0021). Sent by CrashHistory; absent in other answers.
   */
  saltBlock: crashSaltBlockSchema.nullable().optional(),
});
export type CrashChain = z.infer<typeof crashChainSchema>;

/** A busted round with everything needed to verify it. */
export const crashResultSchema = z.object({
  id: roundId,
  crashPoint: multiplierString,
  hash,
  chainId: z.number().int(),
  /** Game `chainIndex` of the chain: hashing `hash` chainIndex + 1 times gives the terminating hash. */
  chainIndex: z.number().int(),
  houseEdgeBps: z.number().int(),
  /** Its chain's scheme. */
  scheme: crashSchemeSchema,
  bustedAt: z.string(),
});
export type CrashResult = z.infer<typeof crashResultSchema>;

/** The current round as anyone may see it (no hash or crash point before the bust). */
export const crashRoundSchema = z.object({
  id: roundId,
  phase: crashPhaseSchema,
  /** The betting time of this round, ms. */
  bettingMs: z.number().int(),
  bettingEndsAt: z.string(),
  startedAt: z.string().nullable(),
  /** Milliseconds since the multiplier started rising (0 before). */
  elapsed: z.number().int(),
  multiplier: multiplierString,
  /** Set once busted. */
  result: crashResultSchema.nullable(),
  serverTime: z.string(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

export const crashStateSchema = z.object({
  round: crashRoundSchema.nullable(),
  bets: z.array(crashBetSchema),
  /** The caller's bet in this round (null for guests and players without one). */
  mine: multiplayerPlayResponseSchema.nullable(),
  /** The latest busted rounds, newest first. */
  history: z.array(crashResultSchema),
});
export type CrashState = z.infer<typeof crashStateSchema>;

export const crashStateWhisper = defineWhisper({
  event: 'CrashState',
  request: z.object({}).strict(),
  response: crashStateSchema,
  policy: policy.public,
  summary: "The current crash round, its bets, the caller's bet and the latest results.",
  readOnly: true,
});

export const crashHistoryWhisper = defineWhisper({
  event: 'CrashHistory',
  request: z
    .object({
      /** Rounds with ids below this (paging backwards); the newest when absent. */
      before: roundId.optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  response: z.object({ rounds: z.array(crashResultSchema), chains: z.array(crashChainSchema) }),
  policy: policy.public,
  summary: 'Busted crash rounds with their hashes, and the published hash chains (fairness page).',
  readOnly: true,
});

const event = { game: z.literal('crash'), round: roundId };

/** A new round takes bets: the timer runs from now for `duration` ms. */
export const multiplayerTimerStartEvent = defineEvent(
  'MultiplayerTimerStart',
  z.object({
    ...event,
    duration: z.number().int(),
    endsAt: z.string(),
    serverTime: z.string(),
    /** The chain this round's hash comes from. */
    chain: z.object({ id: z.number().int(), terminatingHash: hash }),
  }),
);

/** Betting opened (`betting`) or closed because the multiplier started rising (`running`). */
export const multiplayerBettingStateChangeEvent = defineEvent(
  'MultiplayerBettingStateChange',
  z.object({
    ...event,
    state: crashPhaseSchema,
    startedAt: z.string().nullable(),
    serverTime: z.string(),
  }),
);

/**
 * Players' bets joined the round: a node gathers the bets it placed over a short window (about 200 ms)
 * into one event, oldest first, so a busy betting phase is not one frame per bet to every socket.
 */
export const multiplayerGameBetEvent = defineEvent(
  'MultiplayerGameBet',
  z.object({ ...event, bets: z.array(crashBetSchema).min(1) }),
);

/** A bet left the round during betting (taken back by its player), refunded. */
export const multiplayerBetCancellationEvent = defineEvent(
  'MultiplayerBetCancellation',
  z.object({ ...event, user: z.string() }),
);

/** The rising multiplier, every ~150 ms while the round runs, with the cash-outs since the last one. */
export const multiplayerDataUpdateEvent = defineEvent(
  'MultiplayerDataUpdate',
  z.object({
    ...event,
    elapsed: z.number().int(),
    multiplier: multiplierString,
    cashOuts: z.array(
      z.object({
        user: z.string(),
        multiplier: multiplierString,
        payout: decimalString,
        currency: z.string(),
      }),
    ),
  }),
);

/** The round busted: its crash point and the hash that proves it. */
export const multiplayerGameFinishedEvent = defineEvent(
  'MultiplayerGameFinished',
  z.object({ ...event, result: crashResultSchema, salt: z.string() }),
);
