import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { emptyRequest } from './platform.js';
import { SETTING_STAFF_PERMISSIONS } from './settings.js';

/**
 * The back office's promotions hub (`/admin/promotions`, issue G8 item 5): the live figures shown
 * beside each programme's settings (the settings themselves are read and changed through
 * `/api/admin/settings[/update]`, each by its own permission). Amounts in USD (2 places) at the
 * current prices; "recent" is the last `days` UTC days, today included.
 */
export const PROMOTION_FIGURE_DAYS = 7;

const usd = z.string();

/** One row of the VIP level table (`vip.levels`): USD amounts and percents as decimal strings. */
export const adminVipLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  depositRequirement: usd,
  wagerRequirement: usd,
  levelUpBonus: usd,
  bonusWheelMaxReward: usd,
  rakebackPercent: z.string(),
  faucetMax: usd,
  withdrawFeePercent: z.string(),
  withdrawMinUsd: usd,
  withdrawMaxUsd: usd,
  withdrawPerDay: z.number().int(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevelSchema>;

export const adminPromotionsSchema = z.object({
  days: z.number().int(),
  /** The first UTC day counted (YYYY-MM-DD). */
  from: z.string(),
  bonus: z.object({ creditedUsd: usd, convertedUsd: usd }),
  wheel: z.object({
    /** Tickets all players hold now. */
    ticketsOutstanding: z.number().int(),
    spins: z.number().int(),
    paidUsd: usd,
  }),
  faucet: z.object({ claims: z.number().int(), paidUsd: usd }),
  rakeback: z.object({ accruedUsd: usd, paidUsd: usd }),
  /** Players at each VIP level (every level 0 to 10, 0 when nobody). */
  vipPlayers: z.array(z.object({ level: z.number().int(), players: z.number().int() })),
  /**
   * The VIP table's defaults (levels 0 to 10): the stored `vip.levels` lists only the levels and fields
   * an operator changed, laid over these field by field.
   */
  vipDefaults: z.array(adminVipLevelSchema),
});
export type AdminPromotions = z.infer<typeof adminPromotionsSchema>;

export const adminPromotionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/promotions',
  request: emptyRequest,
  response: adminPromotionsSchema,
  policy: policy.anyPermission(SETTING_STAFF_PERMISSIONS),
  summary:
    'The promotions hub figures: bonus money credited and converted, wheel tickets outstanding and spins, faucet claims, rakeback accrued and paid (last 7 days, USD), players per VIP level (staff).',
});
