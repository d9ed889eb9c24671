import { amount, mulRatio, parseAmount, toDecimalString } from '@nebula/money';

/**
 * amount (atomic units, may be negative) * priceUsd, as a USD decimal string with 8 places, rounded
 * towards zero: the USD value every wager record, live feed row and programme uses.
 */
export function usdValue(atomic: bigint, priceUsd: string, decimals: number): string {
  const price = parseAmount(priceUsd, 12);
  const negative = atomic < 0n;
  const abs = negative ? -atomic : atomic;
  const v = mulRatio(amount(abs), price, 10n ** BigInt(decimals + 4), 'floor');
  return toDecimalString(negative ? -v : v, 8);
}

/** A decimal string as 1e-8 units, digits beyond 8 decimals dropped. */
function usd8(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt(whole + frac.slice(0, 8).padEnd(8, '0'));
  return negative ? -v : v;
}

/** profit * wager_usd / wager in USD, rounded toward zero, as a decimal string (8 places at most). */
export function profitUsd(profit: bigint, wager: bigint, wagerUsd: string | null): string {
  if (wagerUsd === null || wager <= 0n) return '0';
  const abs = ((profit < 0n ? -profit : profit) * usd8(wagerUsd)) / wager;
  return toDecimalString(profit < 0n ? -abs : abs, 8);
}
