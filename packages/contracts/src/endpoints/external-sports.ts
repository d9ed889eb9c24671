import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { EXTERNAL_SPORT_OPERATIONS, SPORTSBOOK_EMULATOR_SCENARIOS } from '../constants/external-sports.js';
import { emulatorRunSchema } from './slots.js';

/**
 * The external sportsbook (issue G10 item 4; decision 0034): the player's launch (the renderer's
 * address and the player JWT, ES256), the operator wallet the provider calls with signed JWT payloads
 * (`bet/make`, `bet/commit`, `bet/settlement`, `bet/win`, `bet/lost`, `bet/refund`, `bet/discard`,
 * `bet/rollback`; the protocol's own answers), and the local sportsbook that stands in for the provider
 * in development and tests (modules/local-sportsbook).
 */

export * from '../constants/external-sports.js';

export const externalSportsLaunchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/external-sports/launch',
  request: z
    .object({
      /** The currency the player bets in (a currency id, e.g. `usdt`); ignored for guests. */
      currency: z.string().min(1).max(32).optional(),
    })
    .strict(),
  response: z.object({
    /** The player JWT the renderer is initialised with (null for a guest: the renderer shows odds only). */
    token: z.string().nullable(),
    /** When the token expires (ISO time), null for a guest. */
    expiresAt: z.string().nullable(),
    brandId: z.string(),
    /** The renderer's page, loaded in the frame with `?path=` and `&brand_id=`. */
    rendererUrl: z.string(),
    /** True when the renderer is the platform's own local sportsbook (development). */
    simulated: z.boolean(),
  }),
  policy: policy.public,
  summary:
    "Opens the external sportsbook: the renderer's address and, for a signed-in player, the player JWT (ES256) naming the player and the currency; 404 when the external sportsbook is off.",
});

const walletBody = z.object({ payload: z.string() }).strict();
/** A wallet answer: the transaction's receipt with the balance (integer units), or the protocol's error. */
const walletAnswer = z.union([
  z.object({
    id: z.string(),
    ext_transaction_id: z.string(),
    parent_transaction_id: z.string().nullable(),
    user_id: z.string(),
    operation: z.string(),
    amount: z.number(),
    currency: z.string(),
    balance: z.number(),
  }),
  z.object({}).strict(),
  z.object({ code: z.number().int(), message: z.string() }),
]);

/** The wallet endpoints, one per operation, at `/api/external-sports/wallet/bet/{operation}`. */
export const externalSportsWalletEndpoints = EXTERNAL_SPORT_OPERATIONS.map((operation) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/external-sports/wallet/bet/${operation}`,
    request: walletBody,
    response: walletAnswer,
    policy: policy.public,
    summary: `The external sportsbook's signed wallet call bet/${operation} (body {payload: JWT}); refusals are HTTP 400 {code, message} with the protocol's numeric codes.`,
  }),
);

export const externalSportsPingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/external-sports/wallet/ping',
  request: z.object({}).strict(),
  response: z.object({ timestamp: z.number().int() }),
  policy: policy.public,
  summary: "The external sportsbook's availability check of the operator wallet.",
});

// ---- the local sportsbook (development and tests; modules/local-sportsbook) -------------------------

const playerToken = z.string().min(1).max(4000);

export const localSportsbookRendererEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/local-sportsbook/renderer',
  request: z.object({ path: z.string().max(300).optional(), brand_id: z.string().min(1).max(120) }).strict(),
  response: z.unknown(),
  policy: policy.public,
  summary: "Development: the local sportsbook's renderer page (an HTML page loaded in the frame).",
});

export const localSportOutcomeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal odds as text, e.g. "1.85". */
  odds: z.string(),
});
export const localSportEventSchema = z.object({
  id: z.string(),
  sport: z.string(),
  sportName: z.string(),
  tournament: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  live: z.boolean(),
  status: z.enum(['open', 'settled']),
  result: z.string().nullable(),
  market: z.string(),
  outcomes: z.array(localSportOutcomeSchema),
});
export type LocalSportEvent = z.infer<typeof localSportEventSchema>;

export const localSportsbookEventsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-sportsbook/events',
  request: z.object({ sport: z.string().max(64).optional(), live: z.boolean().optional() }).strict(),
  response: z.object({ events: z.array(localSportEventSchema) }),
  policy: policy.public,
  summary: "Development: the local sportsbook's simulated events with their odds.",
});

export const localSportsbookSessionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-sportsbook/session',
  request: z.object({ token: playerToken }).strict(),
  response: z.object({ player: z.string(), name: z.string(), currency: z.string() }),
  policy: policy.public,
  summary: "Development: checks a player JWT as the provider does (the operator's ES256 public key).",
});

export const localSportBetSchema = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  outcome: z.string(),
  odds: z.string(),
  stake: z.string(),
  currency: z.string(),
  potentialWin: z.string(),
  status: z.enum(['open', 'won', 'lost', 'refund', 'discarded']),
  placedAt: z.string(),
});
export type LocalSportBet = z.infer<typeof localSportBetSchema>;

export const localSportsbookBetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-sportsbook/bet',
  request: z
    .object({
      token: playerToken,
      event: z.string().min(1).max(64),
      outcome: z.string().min(1).max(64),
      /** The stake in the token's currency, a decimal such as "1.5". */
      stake: z.string().min(1).max(40),
      /** The odds the player saw; a different price now refuses the bet. */
      odds: z.string().min(1).max(16),
    })
    .strict(),
  response: z.union([
    z.object({ ok: z.literal(true), bet: localSportBetSchema, balance: z.string() }),
    z.object({ ok: z.literal(false), code: z.number().int(), message: z.string() }),
  ]),
  policy: policy.public,
  summary:
    "Development: places a bet on the local sportsbook, which calls the operator wallet's bet/make then bet/commit with signed JWT payloads.",
});

export const localSportsbookBetsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-sportsbook/bets',
  request: z.object({ token: playerToken }).strict(),
  response: z.object({ bets: z.array(localSportBetSchema) }),
  policy: policy.public,
  summary: "Development: the player's bets on the local sportsbook.",
});

export const localSportsbookSettleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/debug/local-sportsbook/settle',
  request: z
    .object({
      event: z.string().min(1).max(64),
      /** The winning outcome's id, or `cancel` to refund every bet on the event. */
      result: z.string().min(1).max(64),
    })
    .strict(),
  response: z.object({
    event: z.string(),
    settled: z.number().int(),
    calls: z.array(z.object({ operation: z.string(), status: z.number().int(), answer: z.unknown() })),
  }),
  policy: policy.permission('dashboard'),
  summary:
    'Development only: settles a local sportsbook event, sending bet/win, bet/lost or bet/refund and then bet/settlement for each of its bets.',
});

export const sportsbookEmulatorScenarioSchema = z.enum(SPORTSBOOK_EMULATOR_SCENARIOS);

export const sportsbookEmulatorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/debug/sportsbook/scenario',
  request: z
    .object({
      scenario: sportsbookEmulatorScenarioSchema,
      currency: z.string().min(1).max(32).default('usdt'),
    })
    .strict(),
  response: emulatorRunSchema.extend({
    scenario: sportsbookEmulatorScenarioSchema,
    /** The simulated event and outcome the scenario's bet slip names. */
    event: z.string(),
  }),
  policy: policy.permission('dashboard'),
  summary:
    "Development only: fires one scenario of the external sportsbook's signed wallet calls (the local sportsbook's key) at the wallet endpoint as the caller, and shows each answer and balance change.",
});
