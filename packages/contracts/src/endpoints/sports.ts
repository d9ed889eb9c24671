import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import {
  MAX_MULTI_LEGS,
  MAX_ODDS,
  MIN_ODDS,
  SPORT_SIDEBAR_VIEWS,
  oddsChangePolicies,
  sportBetTypes,
  sportEventStatuses,
  sportLegResults,
  sportMarketStatuses,
  sportTypes,
} from '../constants/sports.js';

/**
 * The sportsbook (issue G9; spec 1 routes /sport and /{sportLink}/{id}, spec 2 sidebar, spec 3 bet slip
 * and its errors; decision 0028). Events come from feeds (the simulated feed on the embedded start);
 * each has markets (a template such as 1x2 or totals, with specifiers such as `total=2.5`) and each
 * market outcomes with odds. Odds are integers: decimal odds x 1000 (`1850` is 1.85), never floats.
 * Amounts are decimal strings of the currency, as in every money call.
 *
 * A bet on a market with a live delay (a live event) is queued: the place call answers a queue id and
 * the time after which `confirm` may be called; confirming earlier is 'You're too fast', later than the
 * queue's expiry 'too late'. Pre-match bets are placed at once. Every refusal is `{code, message}` with
 * a code of `SportSlipErrorCode` (or the stake policy's play codes: -2 sign in, -5 unavailable...).
 */

export * from '../constants/sports.js';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Ids of the sportsbook's rows (events, markets, outcomes, bets, queue entries): decimal strings. */
const id = z.string().regex(/^\d{1,19}$/, 'An id.');
/** Odds in thousandths (1850 = 1.85). */
export const oddsSchema = z.number().int().min(MIN_ODDS).max(MAX_ODDS);

export const sportTypeSchema = z.enum(sportTypes);
export const sportEventStatusSchema = z.enum(sportEventStatuses);
export const sportMarketStatusSchema = z.enum(sportMarketStatuses);
export const sportLegResultSchema = z.enum(sportLegResults);
export const oddsChangePolicySchema = z.enum(oddsChangePolicies);
export const sportBetTypeSchema = z.enum(sportBetTypes);
/** Spec 3 section 3: 0 pending, 1 refunded, 2 won, 3 lost. */
export const sportBetStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** A sport of the sidebar with what it has now. */
export const sportSchema = z.object({
  /** The sidebar item and `{sportLink}`, e.g. `soccer-1`. */
  key: z.string(),
  id: z.number().int().nullable(),
  name: z.string(),
  type: sportTypeSchema,
  /** Events live now, and not started yet (bookable). */
  live: z.number().int(),
  upcoming: z.number().int(),
});
export type Sport = z.infer<typeof sportSchema>;

export const sportCompetitorSchema = z.object({
  id,
  name: z.string(),
  abbreviation: z.string(),
  qualifier: z.enum(['home', 'away']),
});
export type SportCompetitor = z.infer<typeof sportCompetitorSchema>;

/** The match clock of a live event: minute and second of play at `at` (server time), running or stopped. */
export const sportClockSchema = z.object({
  /** e.g. `1st_half`, `halftime`, `2nd_half`, `map_2`. */
  period: z.string(),
  minute: z.number().int().min(0),
  second: z.number().int().min(0).max(59),
  running: z.boolean(),
  /** When this reading was taken (ISO); a running clock advances from it. */
  at: z.string(),
  /**
   * Match seconds per real second while running (1 for real matches; the simulated feed's matches run
   * faster, e.g. 11.25 for 90 minutes in 8). Absent: 1.
   */
  speed: z.number().positive().optional(),
});
export type SportClock = z.infer<typeof sportClockSchema>;

export const sportScoreSchema = z.object({
  home: z.number().int().min(0),
  away: z.number().int().min(0),
  /** Per period (halves, maps...), in order. */
  periods: z.array(z.object({ period: z.string(), home: z.number().int(), away: z.number().int() })),
});
export type SportScore = z.infer<typeof sportScoreSchema>;

export const sportOutcomeSchema = z.object({
  id,
  /** The outcome's name as shown, e.g. `Arsenal`, `Draw`, `Over 2.5`. */
  name: z.string(),
  odds: oddsSchema,
  /** The odds before the last change (null before any), so the screen can flash up or down. */
  previousOdds: oddsSchema.nullable(),
  /** False: not bookable now (its market is not active, or the outcome was withdrawn). */
  active: z.boolean(),
});
export type SportOutcome = z.infer<typeof sportOutcomeSchema>;

export const sportMarketSchema = z.object({
  id,
  /** The market template, e.g. `1x2`, `total`, `handicap`, `btts`, `map_winner`, `winner`. */
  template: z.string(),
  /** The market's name with its specifiers, e.g. `Total goals 2.5`. */
  name: z.string(),
  /** The specifiers, e.g. `{total: '2.5'}`; empty for a market without. */
  specifiers: z.record(z.string(), z.string()),
  status: sportMarketStatusSchema,
  /** A live bet on this market waits this long in the queue before it can be confirmed (0 pre-match). */
  liveDelayMs: z.number().int().min(0),
  /** Bets whose every leg is on a market that allows it can be cashed out. */
  cashOut: z.boolean(),
  outcomes: z.array(sportOutcomeSchema),
});
export type SportMarket = z.infer<typeof sportMarketSchema>;

const sportRef = z.object({ key: z.string(), name: z.string(), type: sportTypeSchema });
const named = z.object({ id, name: z.string() });

/** An event as lists show it (with its main market, e.g. 1x2, when it has one). */
export const sportEventSummarySchema = z.object({
  id,
  /** `home vs away` (or the event's own name for outrights). */
  name: z.string(),
  sport: sportRef,
  category: named,
  tournament: named,
  competitors: z.array(sportCompetitorSchema),
  startsAt: z.string(),
  status: sportEventStatusSchema,
  score: sportScoreSchema.nullable(),
  clock: sportClockSchema.nullable(),
  /** Sports: the id the match tracker widget shows; null when there is none. */
  matchTrackerId: z.string().nullable(),
  /** Esports: the stream's URL; null: the widget shows its 'unavailable' text. */
  streamUrl: z.string().nullable(),
  /** From the simulated feed: shown with the label "Simulated" wherever the event appears. */
  simulated: z.boolean(),
  /** Demo bets only unless the operator allows real money on simulated events. */
  realMoney: z.boolean(),
  /** Markets the event has that take bets now. */
  marketCount: z.number().int(),
  mainMarket: sportMarketSchema.nullable(),
});
export type SportEventSummary = z.infer<typeof sportEventSummarySchema>;

export const sportEventSchema = sportEventSummarySchema.extend({
  markets: z.array(sportMarketSchema),
});
export type SportEvent = z.infer<typeof sportEventSchema>;

/** The slip's limits in force (operator settings; spec 3 section 9 defaults: Min $1, Max $20). */
export const sportLimitsSchema = z.object({
  minBetUsd: decimalString,
  maxBetUsd: decimalString,
  /** The most a bet may pay, in USD at bet time. */
  maxPayoutUsd: decimalString,
  maxMultiLegs: z.number().int(),
  /** How many pending multi bets a player may hold ('too many multi bets' beyond). */
  maxPendingMulti: z.number().int(),
  /** Whether simulated events take real-money bets (off by default: demo balance only). */
  simulatedRealMoney: z.boolean(),
});
export type SportLimits = z.infer<typeof sportLimitsSchema>;

export const sportsListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/list',
  request: z.object({ type: sportTypeSchema.optional() }).strict(),
  response: z.object({
    sports: z.array(sportSchema),
    limits: sportLimitsSchema,
    serverTime: z.string(),
  }),
  policy: policy.public,
  summary:
    "The sports of the sidebar in its order, with how many events each has live and upcoming, and the slip's limits.",
});

export const sportEventsRequestSchema = z
  .object({
    /** A sport key (`soccer-1`); all sports when absent. */
    sport: z.string().max(64).optional(),
    /** `live` now, `upcoming` (not started), or both. */
    view: z.enum(['live', 'upcoming', 'all']).default('all'),
    type: sportTypeSchema.optional(),
    /** Only these events (the favourites view keeps its ids locally). */
    ids: z.array(id).max(100).optional(),
    limit: z.number().int().min(1).max(100).default(50),
    /** The `next` of the previous page. */
    cursor: z.string().max(64).optional(),
  })
  .strict();

export const sportEventsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/events',
  request: sportEventsRequestSchema,
  response: z.object({
    events: z.array(sportEventSummarySchema),
    next: z.string().nullable(),
    serverTime: z.string(),
  }),
  policy: policy.public,
  summary:
    'Events by sport and view (live first, then by start time), each with its main market; closed and cancelled events are left out.',
});

export const sportEventEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/event',
  request: z.object({ id }).strict(),
  response: z.object({ event: sportEventSchema, serverTime: z.string() }),
  policy: policy.public,
  summary: 'One event (the `/{sportLink}/{id}` page) with all its markets and outcomes; 404 when unknown.',
});

/** One leg of a bet slip: the outcome and the odds the player saw. */
export const sportSelectionSchema = z.object({ outcome: id, odds: oddsSchema }).strict();
export type SportSelection = z.infer<typeof sportSelectionSchema>;

export const sportPlaceBetRequestSchema = z
  .object({
    /** `single`: exactly one selection; `multi`: 2 to MAX_MULTI_LEGS selections of different events. */
    type: sportBetTypeSchema,
    selections: z.array(sportSelectionSchema).min(1).max(MAX_MULTI_LEGS),
    /** The stake, a decimal string of `currency`. */
    stake: z.string().min(1).max(64),
    currency: z.string().min(1).max(32),
    /** A demo-balance bet (simulated events take demo bets only unless the operator allows real money). */
    demo: z.boolean().default(false),
    /** Overrides the player's saved odds-change policy for this bet. */
    oddsChange: oddsChangePolicySchema.optional(),
    /** The client's id of this bet (8 to 64 of A-Z a-z 0-9 _ -): a retry with it never bets twice. */
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use 8 to 64 letters, digits, - or _.'),
  })
  .strict();
export type SportPlaceBetRequest = z.input<typeof sportPlaceBetRequestSchema>;

export const sportBetLegSchema = z.object({
  event: z.object({
    id,
    name: z.string(),
    sport: sportRef,
    startsAt: z.string(),
    status: sportEventStatusSchema,
    score: sportScoreSchema.nullable(),
    simulated: z.boolean(),
  }),
  market: z.object({ id, name: z.string(), template: z.string() }),
  outcome: z.object({ id, name: z.string() }),
  /** The odds the leg was accepted at. */
  odds: oddsSchema,
  result: sportLegResultSchema,
  /** A dead heat's factor as `num/den` (e.g. `1/2`); null otherwise. */
  deadHeatFactor: z.string().nullable(),
});
export type SportBetLeg = z.infer<typeof sportBetLegSchema>;

export const sportBetSchema = z.object({
  id,
  type: sportBetTypeSchema,
  status: sportBetStatusSchema,
  currency: z.string(),
  demo: z.boolean(),
  stake: decimalString,
  /** The product of the legs' odds, in thousandths rounded down (display only; payouts are exact). */
  totalOdds: z.number().int(),
  /** What the bet pays if every leg wins (capped at the max payout per bet). */
  potentialPayout: decimalString,
  /** What it paid (refund, win or cash-out); null while pending, '0' when lost. */
  payout: decimalString.nullable(),
  /** The bet was cashed out (status 2 with the cash-out amount as its payout). */
  cashedOut: z.boolean(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(sportBetLegSchema),
});
export type SportBet = z.infer<typeof sportBetSchema>;

/** A live bet waiting in the queue for its markets' delay. */
export const sportQueuedBetSchema = z.object({
  queueId: id,
  /** `confirm` before this is "You're too fast". */
  confirmAfter: z.string(),
  /** `confirm` after this is too late (the stake was never taken). */
  expiresAt: z.string(),
  delayMs: z.number().int(),
  serverTime: z.string(),
});
export type SportQueuedBet = z.infer<typeof sportQueuedBetSchema>;

export const sportPlaceBetResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('placed'), bet: sportBetSchema }),
  z.object({ status: z.literal('queued'), queue: sportQueuedBetSchema }),
]);
export type SportPlaceBetResponse = z.infer<typeof sportPlaceBetResponseSchema>;

export const sportPlaceBetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/bet',
  request: sportPlaceBetRequestSchema,
  response: sportPlaceBetResponseSchema,
  policy: policy.user,
  summary:
    'Places a single or multi bet: pre-match at once, live through the queue (confirm after the delay). Slip errors as SportSlipErrorCode.',
});

export const sportConfirmBetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/bet/confirm',
  request: z.object({ queueId: id }).strict(),
  response: z.object({ bet: sportBetSchema }),
  policy: policy.user,
  summary:
    "Confirms a queued live bet after its delay: odds and markets re-checked, the stake taken; 'You're too fast' before, too late after expiry.",
});

export const sportMyBetsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/bets',
  request: z
    .object({
      /** `pending` (status 0), `settled` (1, 2, 3) or all. */
      view: z.enum(['pending', 'settled', 'all']).default('all'),
      limit: z.number().int().min(1).max(100).default(20),
      /** The `next` of the previous page. */
      cursor: z.string().max(64).optional(),
    })
    .strict(),
  response: z.object({ bets: z.array(sportBetSchema), next: z.string().nullable() }),
  policy: policy.user,
  summary: "The caller's sports bets, newest first (the sidebar's 'bets' item, My sports bets).",
});

/** A cash-out offer: the amount now, null when the bet cannot be cashed out now. */
export const sportCashOutOfferSchema = z.object({
  betId: id,
  amount: decimalString.nullable(),
  currency: z.string(),
  serverTime: z.string(),
});
export type SportCashOutOffer = z.infer<typeof sportCashOutOfferSchema>;

export const sportCashOutOfferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/cashout/offer',
  request: z.object({ betIds: z.array(id).min(1).max(100) }).strict(),
  response: z.object({ offers: z.array(sportCashOutOfferSchema) }),
  policy: policy.user,
  summary:
    "Cash-out offers for the caller's pending bets: from the current odds minus the operator's margin; null where not available.",
});

export const sportCashOutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/cashout',
  request: z
    .object({
      betId: id,
      /** The offer the player accepts: refused with `sport_cash_out_changed` when the offer now differs. */
      amount: decimalString,
    })
    .strict(),
  response: z.object({ bet: sportBetSchema }),
  policy: policy.user,
  summary:
    'Cashes out a pending bet at the offered amount, re-checked against the current offer (status 2, cashedOut true).',
});

export const sportPreferencesSchema = z.object({ oddsChange: oddsChangePolicySchema });
export type SportPreferences = z.infer<typeof sportPreferencesSchema>;

export const sportPreferencesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/preferences',
  request: z.object({}).strict(),
  response: sportPreferencesSchema,
  policy: policy.user,
  summary: "The caller's sportsbook preferences (odds-change policy; default none).",
});

export const sportUpdatePreferencesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sports/preferences/update',
  request: z.object({ oddsChange: oddsChangePolicySchema }).strict(),
  response: sportPreferencesSchema,
  policy: policy.user,
  summary: "Saves the caller's odds-change policy: none, higher or any.",
});

/** The sidebar views (spec 2), for the web's route checks. */
export const sportSidebarViewSchema = z.enum(SPORT_SIDEBAR_VIEWS);

// --- Realtime: public events on the `Sportsbook` channel, the settled bet on the player's channel. ---

/**
 * Odds and market statuses changed (a feed's odds change or bet stop): the new state of each market
 * named, gathered per event. Sent on `Sportsbook`.
 */
export const sportOddsChangeEvent = defineEvent(
  'SportOddsChange',
  z.object({
    event: id,
    markets: z.array(
      z.object({
        id,
        status: sportMarketStatusSchema,
        outcomes: z.array(z.object({ id, odds: oddsSchema, active: z.boolean() })),
      }),
    ),
    at: z.string(),
  }),
);

/** An event's status, score or clock changed (kick-off, a goal, half time, full time...). On `Sportsbook`. */
export const sportEventStatusEvent = defineEvent(
  'SportEventStatus',
  z.object({
    event: id,
    status: sportEventStatusSchema,
    score: sportScoreSchema.nullable(),
    clock: sportClockSchema.nullable(),
    at: z.string(),
  }),
);

/** One of the player's bets was settled, rolled back to pending, refunded or cashed out. On `User.{id}`. */
export const sportBetSettledEvent = defineEvent('SportBetSettled', z.object({ bet: sportBetSchema }));

/**
 * The live feed's sport game (spec 3 section 7: "live feed game and sport game"): a settled real sports
 * bet, in the shape of `LiveGame` with the game type `single` or `multi` and the event in `metadata`.
 * On `Everyone`. A won one is a latest win with winType `sport`.
 */
export const liveFeedSportGameEvent = defineEvent(
  'LiveFeedSportGame',
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
      type: sportBetTypeSchema,
      user: z.string(),
      profit_usd_converted: decimalString,
      created_at: z.string().optional(),
    }),
    /** `id` the sport key; `name` the event's name (a multi: `Multi (n)`); `image` the sport's icon path. */
    metadata: z.object({ id: z.string(), name: z.string(), image: z.string() }),
    delay: z.number().int(),
  }),
);

// --- Staff: feed messages entered by hand, and the recordings (back office, G8). ---

/** The permission of the sportsbook's staff calls. */
export const SPORTS_STAFF_PERMISSION = 'sportsbook';

export const sportStaffFeedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sports/feed',
  request: z
    .object({
      /**
       * One feed message (decision 0028: fixture, odds_change, bet_stop, bet_settlement, bet_cancel,
       * rollback_bet_settlement) without `feed`, `seq` and `at` (the server sets them: feed `staff`);
       * `eventFeed` names the feed of the event it acts on (default `staff`, e.g. `simulated`).
       */
      message: z.record(z.string(), z.unknown()),
    })
    .strict(),
  response: z.object({ applied: z.boolean(), seq: z.number().int() }),
  policy: policy.permission(SPORTS_STAFF_PERMISSION),
  summary:
    'Applies a feed message entered by staff (a manual settlement, cancel, rollback, odds or fixture); 422 when it is malformed or names an unknown event. Audited.',
});

export const sportFeedRecordingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sports/recording',
  request: z
    .object({
      feed: z.string().min(1).max(32),
      /** Only messages after this sequence number. */
      after: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(100_000).default(10_000),
    })
    .strict(),
  response: z.object({ ndjson: z.string(), count: z.number().int(), last: z.number().int() }),
  policy: policy.permission(SPORTS_STAFF_PERMISSION),
  summary: "A feed's applied messages as an NDJSON recording, in the order they were applied (replayable).",
});

export const sportImageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/img/sports/:file',
  request: z.object({}).strict(),
  /** The SVG document (image/svg+xml). */
  response: z.string(),
  policy: policy.public,
  summary:
    "A sport's generated icon (`/api/img/sports/{key}.svg`, `multi.svg` for multi bets): the image of LiveFeedSportGame entries.",
});
