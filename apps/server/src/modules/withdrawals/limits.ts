/**
 * Per-VIP-level withdrawal fee, minimum, maximum and daily count (spec 3 sections 6 and 9), kept in
 * the `vip_withdraw` setting (settings registry) until the VIP issue brings its own tables. Minimum and maximum are in
 * USD and converted to the currency with its current price, exactly (bigint math): the minimum
 * rounds up, the maximum down, the fee up.
 */
import { mulRatio, parseAmount, type Amount } from '@nebula/money';
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';
import { usdToAtomic } from '../prices/index.js';

const usd = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);
export const vipWithdrawLevelSchema = z.object({
  level: z.number().int().min(0).max(10),
  /** Percent of the amount, e.g. "1.5" (up to 4 decimals). */
  feePercent: z.string().regex(/^\d{1,2}(\.\d{1,4})?$|^100$/),
  minUsd: usd,
  maxUsd: usd,
  /** Withdrawals allowed per rolling 24 hours. */
  perDay: z.number().int().min(1).max(1000),
});
export type VipWithdrawLevel = z.infer<typeof vipWithdrawLevelSchema>;
export const vipWithdrawTableSchema = z
  .array(vipWithdrawLevelSchema)
  .min(1)
  .max(11)
  .refine((rows) => new Set(rows.map((r) => r.level)).size === rows.length, 'each level at most once');

/** Defaults, levels 0 (no VIP) to 10: lower fees, higher maximums and more withdrawals per day. */
export const DEFAULT_VIP_WITHDRAW: VipWithdrawLevel[] = [
  { level: 0, feePercent: '2', minUsd: '10', maxUsd: '2000', perDay: 3 },
  { level: 1, feePercent: '1.8', minUsd: '10', maxUsd: '5000', perDay: 3 },
  { level: 2, feePercent: '1.6', minUsd: '10', maxUsd: '10000', perDay: 4 },
  { level: 3, feePercent: '1.4', minUsd: '10', maxUsd: '15000', perDay: 4 },
  { level: 4, feePercent: '1.2', minUsd: '10', maxUsd: '25000', perDay: 5 },
  { level: 5, feePercent: '1', minUsd: '5', maxUsd: '40000', perDay: 6 },
  { level: 6, feePercent: '0.8', minUsd: '5', maxUsd: '60000', perDay: 8 },
  { level: 7, feePercent: '0.6', minUsd: '5', maxUsd: '80000', perDay: 10 },
  { level: 8, feePercent: '0.4', minUsd: '5', maxUsd: '100000', perDay: 12 },
  { level: 9, feePercent: '0.2', minUsd: '5', maxUsd: '150000', perDay: 15 },
  { level: 10, feePercent: '0', minUsd: '5', maxUsd: '250000', perDay: 20 },
];

export const vipWithdrawSetting = defineSetting(
  'vip_withdraw',
  vipWithdrawTableSchema,
  DEFAULT_VIP_WITHDRAW,
  'withdrawals',
  'Withdrawal fee (percent), minimum and maximum (USD) and withdrawals per 24 hours, per VIP level; a level not listed takes the highest listed level below it.',
);

/** A multiplier with up to two decimals, as a string or a JSON number. */
const multiplier = z.union([
  z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'a multiplier such as 0, 1 or 1.5'),
  z
    .number()
    .min(0)
    .max(999_999)
    .refine((n) => Number.isInteger(n * 100), 'at most two decimals')
    .transform((n) => n.toFixed(2)),
]);

export const wagerMultiplierSetting = defineSetting(
  'withdraw_wager_multiplier',
  multiplier.transform((text) => parseAmount(text, 2)),
  '0',
  'withdrawals',
  'Since their last withdrawal a player must have wagered at least this many times what they deposited; 0 switches the rule off.',
);

/** The withdrawals module's settings. */
export const withdrawalsSettings: readonly Setting[] = [vipWithdrawSetting, wagerMultiplierSetting];

/** The row for `level`: exact, else the highest configured level below it, else the lowest. */
export function levelRow(table: VipWithdrawLevel[], level: number): VipWithdrawLevel {
  const sorted = [...table].sort((a, b) => a.level - b.level);
  let best = sorted[0] as VipWithdrawLevel;
  for (const row of sorted) if (row.level <= level) best = row;
  return best;
}

const FEE_SCALE = 4;

/** The fee on `amount` at `feePercent` (decimal percent string), rounded up. */
export function feeFor(amount: Amount, feePercent: string): Amount {
  const scaled = parseAmount(feePercent, FEE_SCALE);
  return mulRatio(amount, scaled, 100n * 10n ** BigInt(FEE_SCALE), 'ceil');
}

export interface ResolvedLimits {
  vipLevel: number;
  feePercent: string;
  /** Null when the currency has no price (limits cannot be converted). */
  minimum: Amount | null;
  maximum: Amount | null;
  perDay: number;
}

export function resolveLimits(
  row: VipWithdrawLevel,
  vipLevel: number,
  priceUsd: string,
  decimals: number,
): ResolvedLimits {
  return {
    vipLevel,
    feePercent: row.feePercent,
    minimum: usdToAtomic(row.minUsd, priceUsd, decimals, 'ceil'),
    maximum: usdToAtomic(row.maxUsd, priceUsd, decimals, 'floor'),
    perDay: row.perDay,
  };
}
