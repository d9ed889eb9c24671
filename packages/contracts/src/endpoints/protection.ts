import { z } from 'zod';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PROTECTION_BLOCK_TYPES,
  SELF_EXCLUSION_DURATIONS,
  TIME_OUT_DURATIONS,
} from '../constants/protection.js';
import { defineEndpoint, policy } from '../endpoint.js';
import { decimalStringSchema, emptyRequest } from './platform.js';
import { requestIdSchema } from './tips.js';

/**
 * Player protection (responsible gambling, issue G5; decision 0025). One record per player, kept by
 * the server: deposit, loss and wager limits per day/week/month, a session time limit, a reality-check
 * interval, a time-out or a self-exclusion, and the append-only history of every change. Decreases and
 * new restrictions apply at once; an increase or removal becomes a pending change that can be
 * confirmed 24 hours after it was asked for (never on its own); a new request for the same thing
 * replaces the pending one. Every write answers the whole record as it is afterwards.
 *
 * Times are ISO strings of the server's clock; `serverTime` lets the client count down without
 * trusting its own clock. Amounts are decimal strings in the limit's currency (`usd`: USD at the
 * stake's or deposit's price).
 */

export * from '../constants/protection.js';

export const limitKindSchema = z.enum(LIMIT_KINDS);
export const limitPeriodSchema = z.enum(LIMIT_PERIODS);
export const timeOutDurationSchema = z.enum(TIME_OUT_DURATIONS);
export const selfExclusionDurationSchema = z.enum(SELF_EXCLUSION_DURATIONS);

/** An amount in a currency (`usd`, or a currency id such as `btc`). */
export const limitValueSchema = z.object({ amount: decimalStringSchema, currency: z.string() });
export type LimitValue = z.infer<typeof limitValueSchema>;

/** A limit in force, with what the current period has used of it. */
export const protectionLimitSchema = z.object({
  kind: limitKindSchema,
  period: limitPeriodSchema,
  amount: decimalStringSchema,
  currency: z.string(),
  /** Used in the current period, in the limit's currency: deposits credited (held ones excluded), net loss (stakes minus returns, an unsettled stake counting in full; never below zero here), or stakes. */
  used: decimalStringSchema,
  /** amount - used, never below zero. */
  remaining: decimalStringSchema,
  periodStart: z.string(),
  /** When the period resets (the next period's start). */
  resetsAt: z.string(),
  since: z.string(),
});
export type ProtectionLimit = z.infer<typeof protectionLimitSchema>;

const pendingBase = {
  id: z.string(),
  requestedAt: z.string(),
  /** From this time on the player may confirm it (requestedAt + 24 h); it never applies on its own. */
  appliesAt: z.string(),
  confirmable: z.boolean(),
};

/** An increase or removal waiting for its 24 h and the player's confirmation. `to: null` removes. */
export const pendingChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('limit'),
    kind: limitKindSchema,
    period: limitPeriodSchema,
    from: limitValueSchema.nullable(),
    to: limitValueSchema.nullable(),
    ...pendingBase,
  }),
  z.object({
    type: z.literal('session_limit'),
    /** Minutes. */
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    ...pendingBase,
  }),
  z.object({
    type: z.literal('reality_check'),
    /** Seconds. */
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    ...pendingBase,
  }),
]);
export type PendingChange = z.infer<typeof pendingChangeSchema>;

export const protectionBlockTypeSchema = z.enum(PROTECTION_BLOCK_TYPES);

/** A time-out or self-exclusion in force: the account is withdraw-only until `until`. */
export const protectionBlockSchema = z.object({
  type: protectionBlockTypeSchema,
  /** The duration chosen last ('24h'... or '6m'... 'indefinite'). */
  duration: z.string(),
  since: z.string(),
  /** The end; null while an indefinite self-exclusion lasts (only staff can lift it, then 24 h cooling-off). */
  until: z.string().nullable(),
  indefinite: z.boolean(),
  /** Set when staff lifted an indefinite exclusion: the block ends at `until` (= this) after the cooling-off. */
  liftedAt: z.string().nullable(),
});
export type ProtectionBlock = z.infer<typeof protectionBlockSchema>;

/** A deposit (or its part) credited over the deposit limit: held, released when the period resets. */
export const heldDepositSchema = z.object({
  currency: z.string(),
  amount: decimalStringSchema,
  /** The next reset of the limit that held it: the release runs then (as much as that period allows). */
  releasesAt: z.string(),
});

export const PROTECTION_HISTORY_ACTIONS = [
  'limit_set',
  'limit_lowered',
  'change_requested',
  'change_replaced',
  'change_confirmed',
  'change_cancelled',
  'time_out',
  'self_exclusion',
  'exclusion_lifted',
  'deposit_held',
  'deposit_released',
] as const;

/** One row of the append-only history, newest first. */
export const protectionHistoryItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(PROTECTION_HISTORY_ACTIONS),
  /** What it is about: `limit:{kind}:{period}`, `session_limit`, `reality_check`, `block`, `deposit:{currency}`. */
  target: z.string(),
  /** The values before and after, as shown: e.g. "100 USD", "60 min", "6m", null for none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  by: z.enum(['player', 'staff', 'system']),
});
export type ProtectionHistoryItem = z.infer<typeof protectionHistoryItemSchema>;

export const protectionSchema = z.object({
  serverTime: z.string(),
  limits: z.array(protectionLimitSchema),
  /** Minutes of a session before new bets are refused; null: none. */
  sessionLimitMinutes: z.number().int().nullable(),
  /** Seconds between reality checks; null: off. */
  realityCheckSeconds: z.number().int().nullable(),
  pending: z.array(pendingChangeSchema),
  block: protectionBlockSchema.nullable(),
  held: z.array(heldDepositSchema),
  history: z.array(protectionHistoryItemSchema),
  /** What the screens offer. */
  options: z.object({
    timeOuts: z.array(timeOutDurationSchema),
    selfExclusions: z.array(selfExclusionDurationSchema),
    /** The operator's reality-check intervals in seconds (setting `protection.realityCheck`). */
    realityCheckSeconds: z.array(z.number().int()),
    sessionLimitMinutes: z.object({ min: z.number().int(), max: z.number().int() }),
    /** Minutes without activity after which the next activity starts a new session. */
    sessionBreakMinutes: z.number().int(),
  }),
});
export type Protection = z.infer<typeof protectionSchema>;

export const protectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection',
  request: emptyRequest,
  response: protectionSchema,
  policy: policy.user,
  summary:
    "The caller's protection record: limits with usage, session limit, reality check, pending changes, block, held deposits, history.",
});

/** What a write did: applied now, waiting as a pending change, or nothing to change (a retry). */
export const protectionWriteSchema = z.object({
  outcome: z.enum(['applied', 'pending', 'unchanged']),
  protection: protectionSchema,
});
export type ProtectionWrite = z.infer<typeof protectionWriteSchema>;

/**
 * Sets, changes or removes (`amount: null`) one limit. A lower amount in the same currency, or a
 * new limit, applies at once; a higher amount, another currency or a removal becomes a pending change
 * (replacing any pending one of that limit). The amount is parsed canonically (`parseWireAmount`):
 * 422 `invalid_limit` for zero, negative, too large or malformed, `invalid_currency` for an unknown
 * currency.
 */
export const setLimitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/limit',
  request: z
    .object({
      kind: limitKindSchema,
      period: limitPeriodSchema,
      amount: z.string().max(64).nullable(),
      currency: z.string().min(1).max(32),
    })
    .strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary:
    'Sets, lowers (at once), raises or removes (after 24 h and confirmation) a deposit/loss/wager limit.',
});

/** Session time limit in minutes (null removes): shorter or new at once, longer or removal pending. */
export const setSessionLimitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/session-limit',
  request: z.object({ minutes: z.number().int().nullable() }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Sets the session time limit (shorter at once; longer or removal after 24 h and confirmation).',
});

/** Reality-check interval in seconds, one of `options.realityCheckSeconds` (null: off, pending). */
export const setRealityCheckEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/reality-check',
  request: z.object({ seconds: z.number().int().nullable() }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Sets the reality-check interval (shorter at once; longer or off after 24 h and confirmation).',
});

/** Confirms a pending change whose 24 h have passed (409 `pending_not_due` before; a retry answers `unchanged`). */
export const confirmChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/confirm',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Confirms a pending increase or removal after its 24 h wait; it applies then.',
});

export const cancelChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/cancel',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Cancels a pending change (the limit stays as it is).',
});

/** Takes a time-out; 409 `cannot_shorten` when a block in force ends later. */
export const timeOutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/time-out',
  request: z.object({ duration: timeOutDurationSchema, requestId: requestIdSchema }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Takes a time-out (24 h, 1 week, 1 month, 6 weeks): withdraw-only until it ends.',
});

/** Self-excludes; 409 `cannot_shorten` when a block in force ends later. */
export const selfExcludeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/self-exclude',
  request: z.object({ duration: selfExclusionDurationSchema, requestId: requestIdSchema }).strict(),
  response: protectionWriteSchema,
  policy: policy.user,
  summary: 'Self-excludes (6 months, 1, 2 or 5 years, indefinite): withdraw-only until it ends.',
});

/**
 * The reality check and session limit, on the server's clock. Calling it counts as activity (the web
 * calls it when it starts and at each reality check); a session starts at the first activity after
 * `sessionBreakMinutes` without any. Net result: returns minus stakes of the session's real bets, USD.
 */
export const protectionSessionSchema = z.object({
  serverTime: z.string(),
  startedAt: z.string(),
  elapsedSeconds: z.number().int(),
  netResultUsd: decimalStringSchema,
  wageredUsd: decimalStringSchema,
  bets: z.number().int(),
  /** Null: reality checks are off. */
  realityCheckSeconds: z.number().int().nullable(),
  /** The next reality check: startedAt + k x interval, the first one after serverTime. */
  nextCheckAt: z.string().nullable(),
  sessionLimitMinutes: z.number().int().nullable(),
  /** startedAt + limit; null without a limit. */
  sessionEndsAt: z.string().nullable(),
  /** True from sessionEndsAt on: bets answer 403 `session_limit` until a new session after the break. */
  limitReached: z.boolean(),
  /** When a new session can start (limit reached: sessionEndsAt + break); null otherwise. */
  breakUntil: z.string().nullable(),
});
export type ProtectionSession = z.infer<typeof protectionSessionSchema>;

export const protectionSessionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/session',
  request: emptyRequest,
  response: protectionSessionSchema,
  policy: policy.user,
  summary:
    'The session on server time (start, elapsed, net result) for the reality check and the session limit.',
});

export const helpOrganisationSchema = z.object({
  name: z.string(),
  url: z.string(),
  /** Free text: country or languages served, a phone number... */
  description: z.string(),
});
export type HelpOrganisation = z.infer<typeof helpOrganisationSchema>;

export const helpOrganisationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/protection/help',
  request: emptyRequest,
  response: z.object({
    organisations: z.array(helpOrganisationSchema),
    /** The operator's support e-mail (setting `legal.operator`); null: the live support chat only. */
    supportEmail: z.string().nullable(),
  }),
  policy: policy.public,
  summary:
    'Where to find help with gambling problems (setting `protection.helpOrganisations`) and the operator’s support e-mail.',
});

/** Staff: a player's record (back office, G8). */
export const adminProtectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/protection',
  request: z.object({ userId: z.string().uuid() }).strict(),
  response: protectionSchema,
  policy: policy.permission('users'),
  summary: "A player's protection record for staff.",
});

/** Staff: lifts an indefinite self-exclusion; it ends 24 h later (cooling-off). Audited. */
export const adminLiftExclusionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/protection/lift',
  request: z.object({ userId: z.string().uuid(), reason: z.string().trim().min(3).max(500) }).strict(),
  response: protectionSchema,
  policy: policy.permission('users'),
  summary: "Lifts a player's indefinite self-exclusion after a 24 h cooling-off (reason required, audited).",
});
