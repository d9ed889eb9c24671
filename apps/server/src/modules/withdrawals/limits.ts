/**
 * Per-VIP-level withdrawal fee, minimum, maximum and daily count (spec 3 sections 6 and 9), kept in
 * the `vip_withdraw` setting until the VIP issue brings its own tables. Minimum and maximum are in
 * USD and converted to the currency with its current price, exactly (bigint math): the minimum
 * rounds up, the maximum down, the fee up.
 */
import { mulRatio, parseAmount, type Amount } from '@nebula/money';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { getSetting } from '../platform/index.js';
import { usdToAtomic } from '../prices/index.js';

export const VIP_WITHDRAW_SETTING = 'vip_withdraw';
export const WAGER_MULTIPLIER_SETTING = 'withdraw_wager_multiplier';

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
export const vipWithdrawTableSchema = z.array(vipWithdrawLevelSchema).min(1);

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

/** The configured table, or the defaults when the setting is missing or malformed. */
export async function vipWithdrawTable(database: Database): Promise<VipWithdrawLevel[]> {
  const raw = await getSetting<unknown>(database, VIP_WITHDRAW_SETTING);
  const parsed = vipWithdrawTableSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_VIP_WITHDRAW;
}

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

/**
 * The wagering rule's multiplier: since their last withdrawal, a player must have wagered at least
 * `multiplier` times what they deposited. "0" (the default) switches the rule off. Scaled by 100.
 */
export async function wagerMultiplier(database: Database): Promise<bigint> {
  const raw = await getSetting<unknown>(database, WAGER_MULTIPLIER_SETTING);
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '0';
  try {
    return parseAmount(text, 2);
  } catch {
    return 0n;
  }
}
