/** USD values of atomic amounts at a price (decimal strings; never a float). */
import { amount, mulRatio, parseAmount, toDecimalString } from '@nebula/money';
import { USD_SCALE } from './usage.js';

/** `atomic` units of a currency with `decimals` at `priceUsd` per unit, in 1e-8 dollars (floored toward zero). */
export function usdUnitsOf(atomic: bigint, priceUsd: string, decimals: number): bigint {
  const price = parseAmount(priceUsd, 12);
  const negative = atomic < 0n;
  const v = mulRatio(
    amount(negative ? -atomic : atomic),
    price,
    10n ** BigInt(decimals + 12 - USD_SCALE),
    'floor',
  );
  return negative ? -v : v;
}

/** 1e-8 dollars as a decimal string in cents (floored toward zero). */
export function centsText(units: bigint): string {
  return toDecimalString(units / 10n ** BigInt(USD_SCALE - 2), 2, { fixed: true });
}

/** The USD price per unit implied by `usd` for `atomic` units (12 decimals; '0' without a value). */
export function impliedPrice(usd: string | null, atomic: bigint, decimals: number): string {
  if (usd === null || atomic <= 0n) return '0';
  const v = parseAmount(usd, 12);
  return toDecimalString((v * 10n ** BigInt(decimals)) / atomic, 12);
}
