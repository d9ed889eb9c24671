/**
 * Per-VIP-level withdrawal fee, minimum, maximum and daily count (spec 3 sections 6 and 9): the
 * withdrawal columns of the VIP level table (the vip module's `vip.levels` setting, the one source).
 * Minimum and maximum are in USD and converted to the currency with its current price, exactly (bigint
 * math): the minimum rounds up, the maximum down, the fee up.
 */
import { mulRatio, parseAmount, type Amount } from '@nebula/money';
import { z } from 'zod';
import { defineSetting, type Setting } from '../../platform/settings/index.js';
import { usdToAtomic } from '../prices/index.js';
import { type VipLevelRow, vipLevelRow } from '../vip/index.js';

/** A level's withdrawal terms. */
export interface VipWithdrawLevel {
  level: number;
  /** Percent of the amount, e.g. "1.5". */
  feePercent: string;
  minUsd: string;
  maxUsd: string;
  /** Withdrawals allowed per rolling 24 hours. */
  perDay: number;
}

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
export const withdrawalsSettings: readonly Setting[] = [wagerMultiplierSetting];

/** The withdrawal terms of `level` in the VIP level table. */
export function levelRow(table: readonly VipLevelRow[], level: number): VipWithdrawLevel {
  const row = vipLevelRow(table, level);
  return {
    level: row.level,
    feePercent: row.withdrawFeePercent,
    minUsd: row.withdrawMinUsd,
    maxUsd: row.withdrawMaxUsd,
    perDay: row.withdrawPerDay,
  };
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
