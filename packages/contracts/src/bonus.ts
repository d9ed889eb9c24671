import { z } from 'zod';
import { defineEndpoint, policy } from './endpoint.js';
import { decimalStringSchema, emptyRequest } from './endpoints/platform.js';

/**
 * The bonus balance (spec 2 section 3 "Bonus": _id, currency, value, frozenValue; spec 3 section 7
 * `POST /api/bonusBalance`): the signed-in player's active bonuses. The usable part of a bonus is
 * `value` minus `frozenValue` (the header adds it to the real balance of that currency). No bonus
 * programme exists yet (it comes with G6), so the list is empty; the call answers so the web app's
 * sign-in refresh meets no 404.
 */
export const bonusSchema = z.object({
  _id: z.string(),
  /** The currency id the bonus is held in. */
  currency: z.string(),
  /** The bonus amount, a decimal string in the currency's unit. */
  value: decimalStringSchema,
  /** The part of `value` not usable yet, a decimal string. */
  frozenValue: decimalStringSchema,
});
export type Bonus = z.infer<typeof bonusSchema>;

export const bonusBalanceSchema = z.array(bonusSchema);
export type BonusBalance = z.infer<typeof bonusBalanceSchema>;

export const bonusBalanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/bonusBalance',
  request: emptyRequest,
  response: bonusBalanceSchema,
  policy: policy.user,
  summary: "The signed-in player's bonuses (empty until a bonus programme exists).",
});
