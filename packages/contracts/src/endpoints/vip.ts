import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import { emptyRequest } from './platform.js';

export * from '../constants/vip.js';

/**
 * The VIP programme (spec 2 sections 3, 4 and 9; spec 3 sections 3, 6, 7 and 9): `POST /api/vip`
 * answers an entry of type `data` with what the player deposited and wagered (USD), and one entry per
 * level with its name, requirements and bonus wheel maximum (the spec's fields), plus what the level
 * gives (level-up bonus, rakeback, faucet maximum, withdrawal terms). Amounts are USD decimal strings.
 */
const usd = z.string().regex(/^\d+(\.\d+)?$/);

export const vipDataEntrySchema = z.object({
  type: z.literal('data'),
  /** USD deposited in credited deposits (at the price when each was counted). */
  deposited: usd,
  /** USD wagered in real bets (the real-money part of each stake, at the price of the bet). */
  wagered: usd,
});
export type VipDataEntry = z.infer<typeof vipDataEntrySchema>;

export const vipLevelEntrySchema = z.object({
  type: z.literal('level'),
  level: z.number().int().min(1),
  name: z.string(),
  /** Deposited in total (USD) to reach the level. */
  depositRequirement: usd,
  /** Wagered in total (USD) to reach the level. */
  wagerRequirement: usd,
  /** The bonus wheel's largest reward at this level (USD). */
  bonusWheelMaxReward: usd,
  /** Paid once, in real money, when the level is reached (USD). */
  levelUpBonus: usd,
  /** Rakeback rate (percent). */
  rakebackPercent: usd,
  /** The bonus faucet's largest daily reward (USD). */
  faucetMax: usd,
  /** Withdrawal fee (percent of the amount). */
  withdrawFeePercent: usd,
  withdrawMinUsd: usd,
  withdrawMaxUsd: usd,
  /** Withdrawals per 24 hours. */
  withdrawPerDay: z.number().int(),
});
export type VipLevelEntry = z.infer<typeof vipLevelEntrySchema>;

export const vipResponseSchema = z.array(z.union([vipDataEntrySchema, vipLevelEntrySchema]));
export type VipResponse = z.infer<typeof vipResponseSchema>;

export const vipEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/vip',
  request: emptyRequest,
  response: vipResponseSchema,
  policy: policy.public,
  summary:
    "The VIP levels and the caller's progress: a data entry {deposited, wagered} (zero for a guest), then one entry per level.",
});

/**
 * Published to the player's private channel once a level is reached (after the level-up's commit;
 * the bonus itself arrives as BalanceModification).
 */
export const vipLevelUpEvent = defineEvent(
  'VipLevelUp',
  z.object({
    level: z.number().int(),
    name: z.string(),
    /** The level-up bonus paid, or null when the level pays none. */
    bonus: z.object({ currency: z.string(), amount: z.string() }).nullable(),
  }),
);
