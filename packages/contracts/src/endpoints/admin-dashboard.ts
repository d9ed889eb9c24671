import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';

/**
 * The back office's dashboard (`/admin`, issue G8 item 1): the casino's figures over the last `days`
 * UTC days (today included). GGR per product and day comes from the wager stream (settled real bets,
 * USD at bet time); deposits, withdrawals, pending withdrawals and bonus money are converted to USD
 * at the current prices. Every amount is a decimal string with 2 decimals (may be negative for GGR).
 */

/** Who reads the dashboard (the spec's permission id). */
export const DASHBOARD_PERMISSION = 'dashboard';
export const DASHBOARD_MAX_DAYS = 90;
export const DASHBOARD_DEFAULT_DAYS = 30;

export const adminDashboardRequestSchema = z
  .object({ days: z.number().int().min(1).max(DASHBOARD_MAX_DAYS).optional() })
  .strict();

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** GGR (wagered less paid, USD) per product that had settled real bets that day. */
  ggrByProduct: z.record(z.string(), z.string()),
  wageredUsd: z.string(),
  ggrUsd: z.string(),
  bets: z.number().int(),
  depositsUsd: z.string(),
  withdrawalsUsd: z.string(),
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const adminDashboardResponseSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Products seen in the period, in a stable order. */
  products: z.array(z.string()),
  series: z.array(dashboardDaySchema),
  totals: z.object({
    wageredUsd: z.string(),
    ggrUsd: z.string(),
    bets: z.number().int(),
    depositsUsd: z.string(),
    deposits: z.number().int(),
    withdrawalsUsd: z.string(),
    withdrawals: z.number().int(),
    newPlayers: z.number().int(),
    /** Distinct players with a real bet in the period. */
    activePlayers: z.number().int(),
    /** Every registered player (demo accounts excluded). */
    players: z.number().int(),
    /** Bonus money credited in the period, and what of it was converted to the real balance. */
    bonusCreditedUsd: z.string(),
    bonusConvertedUsd: z.string(),
  }),
  pendingWithdrawals: z.object({ count: z.number().int(), usd: z.string() }),
  ledger: z.object({
    ok: z.boolean(),
    problems: z.number().int(),
    transfers: z.number().int(),
    accounts: z.number().int(),
    /** When the check ran: it runs at most once a minute per node (it reads every posting). */
    checkedAt: z.string(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardResponseSchema>;

export const adminDashboardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/dashboard',
  request: adminDashboardRequestSchema,
  response: adminDashboardResponseSchema,
  policy: policy.permission(DASHBOARD_PERMISSION),
  summary:
    'The back-office dashboard: GGR per product and day, deposits, withdrawals, new and active players, pending withdrawals, bonus cost and ledger health (staff).',
});
