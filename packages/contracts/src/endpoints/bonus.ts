import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import { decimalStringSchema, emptyRequest } from './platform.js';

/**
 * Bonus money (issue G6 items 2-3, decision 0036): the signed-in player's active bonuses (spec 2
 * section 3 "Bonus": _id, currency, value, frozenValue; spec 3 section 7 `POST /api/bonusBalance`),
 * their cancellation (`POST /api/cancelBonus`), the deposit promotions (`depositBonus`, `depositOptIn`)
 * and the `BonusBalanceTransferred` event when a bonus's wagering is met and what is left of it moves
 * to the real balance. The usable part of a bonus is `value` minus `frozenValue` (the header adds it
 * to the real balance of that currency).
 */
export const bonusSchema = z.object({
  _id: z.string(),
  /** The currency id the bonus is held in. */
  currency: z.string(),
  /** What is left of the bonus, a decimal string in the currency's unit. */
  value: decimalStringSchema,
  /** The part of `value` not usable yet, a decimal string. */
  frozenValue: decimalStringSchema,
  /** Where it came from: `deposit` (a deposit promotion). */
  source: z.string(),
  /** The bonus as credited. */
  amount: decimalStringSchema,
  /** What must be wagered (weighted) before it turns into real money, and what has been. */
  wagering: z.object({ required: decimalStringSchema, done: decimalStringSchema }),
  /** ISO time after which what is left of it is forfeited. */
  expiresAt: z.string(),
});
export type Bonus = z.infer<typeof bonusSchema>;

export const bonusBalanceSchema = z.array(bonusSchema);
export type BonusBalance = z.infer<typeof bonusBalanceSchema>;

/** Spec 2 sections 5 and 8. */
export const BonusMessages = {
  login: 'Please login to your account.',
  cancelConfirm:
    "Are you sure? You won't be able to get this bonus again unless the promotion states otherwise.",
  failed: 'Something went wrong, Please try again.',
  notFound: 'Bonus not found.',
  promotionNotFound: 'Promotion not found.',
  alreadyUsed: 'This bonus has already been received.',
  alreadyOptedIn: 'You have already opted in to this bonus.',
  withdrawal: 'You have an active bonus: wager it through or cancel it before withdrawing.',
} as const;

export const bonusBalanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bonusBalance',
  request: emptyRequest,
  response: bonusBalanceSchema,
  policy: policy.user,
  summary: "The signed-in player's active bonuses with their wagering progress.",
});

export const cancelBonusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/cancelBonus',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: z.object({ success: z.literal(true) }),
  policy: policy.user,
  summary: 'Cancels one of the player’s active bonuses: what is left of it is forfeited.',
});

/** A deposit promotion as players see it (spec 2 "Deposit bonus": _id, name, description, max, multiplier). */
export const depositPromotionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The largest bonus, in USD (decimal string). */
  max: decimalStringSchema,
  /** The wagering requirement: the bonus times this. */
  multiplier: z.number().int(),
  /** The bonus as a percentage of the qualifying deposit. */
  percent: z.number().int(),
  /** The smallest qualifying deposit, in USD. */
  minDeposit: decimalStringSchema,
  /** Days the bonus can be wagered before what is left of it is forfeited. */
  expiryDays: z.number().int(),
});
export type DepositPromotion = z.infer<typeof depositPromotionSchema>;

export const depositBonusSchema = z.object({
  /** The promotion a player can opt in to (null: none is open to them). */
  model: depositPromotionSchema.nullable(),
  state: z.object({
    /** The player opted in and their qualifying deposit has not been credited yet. */
    checkedIn: z.boolean(),
  }),
});
export type DepositBonus = z.infer<typeof depositBonusSchema>;

export const depositBonusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/promotions/depositBonus',
  request: emptyRequest,
  response: depositBonusSchema,
  // Guests see the offer (opting in asks them to sign in).
  policy: policy.public,
  summary: 'The deposit promotion open to the caller and whether they opted in.',
});

export const depositOptInEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/promotions/depositOptIn',
  request: z.object({ id: z.string().max(64) }).strict(),
  response: z.object({ success: z.literal(true) }),
  // A guest gets 401 'Please login to your account.' (spec 2 section 5).
  policy: policy.public,
  summary: 'Opts in to a deposit promotion before the deposit.',
});

/** Published to the owner when a bonus's wagering is met and what was left of it became real money. */
export const bonusBalanceTransferredEvent = defineEvent(
  'BonusBalanceTransferred',
  z.object({
    _id: z.string(),
    currency: z.string(),
    /** What moved to the real balance, a decimal string. */
    value: decimalStringSchema,
  }),
);
