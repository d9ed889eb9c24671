/**
 * Player protection (responsible gambling, issue G5; decision 0025): the kinds, periods and durations
 * of the player's limits and blocks, the bounds of their inputs, and the error codes and texts the
 * server answers with (HTTP status beside each code). Zod-free: the web imports these values.
 */

/** What a money limit counts: deposits credited, net loss (stakes minus returns; an unsettled stake counts as lost), stakes. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Calendar periods in UTC: a day from 00:00, a week from Monday 00:00, a month from the 1st 00:00. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The unit of a limit: this currency id, or every currency at its USD value. */
export const USD_LIMIT_CURRENCY = 'usd';

/** A limit's amount must be above zero and at most this many whole units of its currency (or USD). */
export const LIMIT_MAX_UNITS = 1_000_000_000;

/** USD limits are parsed with this many decimals (cents). */
export const USD_DECIMALS = 2;

/** Time-outs (a short break): 24 hours, 1 week, 1 month, 6 weeks. */
export const TIME_OUT_DURATIONS = ['24h', '1w', '1m', '6w'] as const;
export type TimeOutDuration = (typeof TIME_OUT_DURATIONS)[number];

/** Self-exclusion: 6 months, 1, 2 or 5 years, or indefinite (lifted only by staff, then 24 h cooling-off). */
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '2y', '5y', 'indefinite'] as const;
export type SelfExclusionDuration = (typeof SELF_EXCLUSION_DURATIONS)[number];

/** Increases and removals of a limit wait this long, then need the player's confirmation. */
export const PROTECTION_COOLING_OFF_HOURS = 24;

/** A session time limit in minutes: 15 minutes to 24 hours. */
export const SESSION_LIMIT_MIN_MINUTES = 15;
export const SESSION_LIMIT_MAX_MINUTES = 1440;

/** Reality-check intervals in seconds: the operator's choices come from the `protection.realityCheck` setting; any chosen value must be within these bounds. */
export const REALITY_CHECK_MIN_SECONDS = 1;
export const REALITY_CHECK_MAX_SECONDS = 86_400;

/** The state of the account while a time-out or self-exclusion lasts: sign-in and withdrawals only. */
export const PROTECTION_BLOCK_TYPES = ['time_out', 'self_exclusion'] as const;
export type ProtectionBlockType = (typeof PROTECTION_BLOCK_TYPES)[number];

/**
 * Error codes of player protection, with their HTTP status:
 *  - 403 `self_excluded` / `timed_out`: the account is withdraw-only (every route that moves money or
 *    plays, except withdrawals, answers one of these while the block lasts);
 *  - 403 `loss_limit` / `wager_limit` / `session_limit`: the stake would cross a limit (autobet stops
 *    with this message);
 *  - 422 `invalid_limit`: zero, negative, absurdly large or malformed amount / minutes / seconds;
 *    422 `invalid_currency`: unknown currency (or not `usd`);
 *  - 404 `no_pending_change`: the pending change does not exist (or was replaced, applied, cancelled);
 *  - 409 `pending_not_due`: confirming before the 24 h wait ended;
 *  - 409 `cannot_shorten`: a time-out or self-exclusion in force ends later than the one asked for;
 *  - 409 `not_indefinite`: staff lift of an exclusion that is not indefinite (or already lifted);
 *  - 403 `recipient_unavailable`: a tip to a player who cannot receive one now (never says why).
 */
export const ProtectionErrorCode = {
  SelfExcluded: 'self_excluded',
  TimedOut: 'timed_out',
  LossLimit: 'loss_limit',
  WagerLimit: 'wager_limit',
  SessionLimit: 'session_limit',
  InvalidLimit: 'invalid_limit',
  InvalidCurrency: 'invalid_currency',
  NoPendingChange: 'no_pending_change',
  PendingNotDue: 'pending_not_due',
  CannotShorten: 'cannot_shorten',
  NotIndefinite: 'not_indefinite',
  RecipientUnavailable: 'recipient_unavailable',
} as const;
export type ProtectionErrorCode = (typeof ProtectionErrorCode)[keyof typeof ProtectionErrorCode];

/** The texts of those errors (the server may add the date or amount after them). */
export const ProtectionMessages = {
  selfExcluded: 'Your account is self-excluded: deposits and games are closed until it ends.',
  timedOut: 'Your account is on a time-out: deposits and games are closed until it ends.',
  lossLimit: 'This bet would exceed your loss limit.',
  wagerLimit: 'This bet would exceed your wager limit.',
  sessionLimit: 'You have reached your session time limit. Take a break before playing again.',
  invalidLimit: 'Enter an amount above zero.',
  limitTooLarge: 'Enter an amount of at most 1,000,000,000.',
  invalidMinutes: `Choose a session limit between ${SESSION_LIMIT_MIN_MINUTES} and ${SESSION_LIMIT_MAX_MINUTES} minutes.`,
  invalidRealityCheck: 'Choose one of the offered reality-check intervals.',
  invalidCurrency: 'Unknown currency.',
  noPendingChange: 'There is no such pending change.',
  pendingNotDue: 'This change can be confirmed once its 24 hour waiting period has ended.',
  cannotShorten: 'A time-out or self-exclusion in force cannot be shortened.',
  notIndefinite: 'This account has no indefinite self-exclusion to lift.',
  recipientUnavailable: 'This player cannot receive tips right now.',
} as const;
