import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { SLOT_EMULATOR_SCENARIOS } from '../constants/slots.js';

/**
 * Third-party games through an aggregator with a seamless wallet (issue G10): the launch of a game
 * (real or demo), the aggregator's callback endpoint (its own form-encoded protocol, answered in the
 * protocol's JSON), the game images served through our own host, and the development emulator that
 * fires signed callbacks.
 */

export * from '../constants/slots.js';

export const slotLaunchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/slots/launch',
  request: z
    .object({
      /** The catalogue id of the game (without the `external:` prefix). */
      game: z.string().min(1).max(120),
      /** Demo play (the provider's own fun credits): no wallet call, no sign-in needed. */
      demo: z.boolean().default(false),
      /** The currency of real play (a currency id, e.g. `usdt`). */
      currency: z.string().min(1).max(32).optional(),
    })
    .strict(),
  response: z.object({
    /** Where the provider's frame loads the game. */
    url: z.string(),
    demo: z.boolean(),
    game: z.object({ id: z.string(), name: z.string(), image: z.string() }),
    provider: z.object({ id: z.string(), name: z.string() }),
    /** Whether the provider offers demo play of this game. */
    hasDemo: z.boolean(),
    /** True when the game is served by the platform's own local aggregator (development). */
    simulated: z.boolean(),
  }),
  policy: policy.public,
  summary:
    "Launches a third-party game: the provider's launch URL (real play needs a sign-in and a currency); 403 slot_unavailable when the provider is restricted in the caller's country or the game is unavailable.",
});

/**
 * The aggregator's callback (actions balance, bet, win, refund, rollback), form-encoded and signed
 * (X-Merchant-Id, X-Timestamp, X-Nonce, X-Sign). The answer is the protocol's JSON, with HTTP 200 for
 * its error answers too (`error_code` INSUFFICIENT_FUNDS or INTERNAL_ERROR).
 */
export const slotCallbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/slots/callback',
  request: z.record(z.string(), z.unknown()),
  response: z.union([
    z.object({
      balance: z.number(),
      transaction_id: z.string().optional(),
      rollback_transactions: z.array(z.string()).optional(),
    }),
    z.object({ error_code: z.string(), error_description: z.string() }),
  ]),
  policy: policy.public,
  summary: "The aggregator's signed wallet callback (balance, bet, win, refund, rollback).",
});

/** A game image, fetched from the aggregator once and served from our own host. */
export const slotImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/slots/img/:uuid',
  request: z.object({}).strict(),
  response: z.unknown(),
  policy: policy.public,
  summary: "A third-party game's image, served through our own host (cached).",
});

export const slotEmulatorScenarioSchema = z.enum(SLOT_EMULATOR_SCENARIOS);

/**
 * One call a development emulator sent (the aggregator's callbacks, the external sportsbook's wallet
 * calls) and what the endpoint answered.
 */
export const emulatorStepSchema = z.object({
  action: z.string(),
  /** What the step shows (e.g. "the same bet again"). */
  note: z.string(),
  /** The request's data (the callback's parameters; a wallet call's JWT `payload` claim). */
  params: z.record(z.string(), z.unknown()),
  /** How the request was signed, when the scenario says (e.g. "ES256, another key"). */
  signing: z.string().optional(),
  status: z.number().int(),
  answer: z.unknown(),
  /** Whether the answer is the one the protocol requires for this step. */
  expected: z.boolean(),
  /** What the protocol requires, in words. */
  expectation: z.string(),
  /** The caller's real balance after the step and its change by the step (decimal strings), when read. */
  balance: z.string().optional(),
  change: z.string().optional(),
});
export type EmulatorStep = z.infer<typeof emulatorStepSchema>;
export const slotEmulatorStepSchema = emulatorStepSchema;
export type SlotEmulatorStep = EmulatorStep;

/** What a scenario of a development emulator did. */
export const emulatorRunSchema = z.object({
  currency: z.string(),
  steps: z.array(emulatorStepSchema),
  /** The caller's real balance before and after (decimal strings). */
  balanceBefore: z.string(),
  balanceAfter: z.string(),
  /** The least balance the money scenarios need (decimal string): with less, stakes are refused. */
  needs: z.string(),
  /** Whether the balance before was below `needs`. */
  short: z.boolean(),
});

export const slotEmulatorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/debug/slotegrator/scenario',
  request: z
    .object({
      scenario: slotEmulatorScenarioSchema,
      /** The game of the session (catalogue id); default the first game of the local aggregator. */
      game: z.string().min(1).max(120).optional(),
      currency: z.string().min(1).max(32).default('usdt'),
    })
    .strict(),
  response: emulatorRunSchema.extend({ scenario: slotEmulatorScenarioSchema, game: z.string() }),
  policy: policy.permission('dashboard'),
  summary:
    'Development only: fires one scenario of signed aggregator callbacks at the callback endpoint as the caller, and shows each answer.',
});

// ---- the local aggregator (development and tests; modules/local-aggregator) ------------------------

const operatorCall = z.record(z.string(), z.unknown());

export const localAggregatorGamesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/local-aggregator/games',
  request: operatorCall,
  response: z.unknown(),
  policy: policy.public,
  summary: "Development: the local aggregator's game list (operator API, signed by the merchant).",
});

export const localAggregatorInitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-aggregator/games/init',
  request: operatorCall,
  response: z.unknown(),
  policy: policy.public,
  summary: "Development: the local aggregator's real-money launch (operator API, signed by the merchant).",
});

export const localAggregatorInitDemoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-aggregator/games/init-demo',
  request: operatorCall,
  response: z.unknown(),
  policy: policy.public,
  summary: "Development: the local aggregator's demo launch (operator API, signed by the merchant).",
});

export const localAggregatorPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/local-aggregator/play/:token',
  request: z.object({}).strict(),
  response: z.unknown(),
  policy: policy.public,
  summary: "Development: a launched game's page (the provider's frame), HTML.",
});

const launchToken = z.string().min(8).max(64);

export const localSpinAnswerSchema = z.union([
  z.object({
    ok: z.literal(true),
    outcome: z.object({
      engine: z.enum(['reels', 'wheel']),
      stops: z.array(z.number().int()),
      symbols: z.array(z.string()).optional(),
      multiplier: z.string(),
    }),
    bet: z.string(),
    payout: z.string(),
    balance: z.string(),
    currency: z.string(),
    nonce: z.number().int(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);

export const localAggregatorSpinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-aggregator/spin',
  request: z.object({ token: launchToken, bet: z.string().max(64) }).strict(),
  response: localSpinAnswerSchema,
  policy: policy.public,
  summary:
    'Development: one spin of a launched game; real play sends the operator signed bet and win callbacks.',
});

export const localAggregatorRotateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/local-aggregator/rotate',
  request: z.object({ token: launchToken, clientSeed: z.string().min(1).max(64).optional() }).strict(),
  response: z.object({
    previous: z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
    }),
    serverSeedHash: z.string(),
  }),
  policy: policy.public,
  summary: "Development: reveals a launch's server seed and starts a new seed pair.",
});
