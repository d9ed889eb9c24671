/**
 * Chip values of the stake games (roulette, baccarat): spec 3's chip defaults 1, 10, 100, 1K, 10K.
 *
 * THE RULE: chip value 1 is worth about one US cent in the bet currency, rounded down to a power of
 * ten of atomic units: `1 chip = 10^e atomic units` with
 *
 *   e = floor(decimals - 2 - log10(priceUsd)), clamped to 0..decimals
 *
 * so the five chips are roughly 1¢, 10¢, $1, $10 and $100 in every currency, the way the big crypto
 * casinos label their chips in the bet currency while keeping the same buttons everywhere:
 *   usd / eur (2 decimals, price ~1):  chip 1 = 0.01          chip 10K = 100.00
 *   usdt (8 decimals, price 1):        chip 1 = 0.01 USDT     chip 10K = 100 USDT
 *   btc (8 decimals, $97,000):         chip 1 = 0.0000001 BTC (10 sat), chip 10K = 0.001 BTC
 *   eth (8 decimals, $3,400):          chip 1 = 0.000001 ETH  chip 10K = 0.01 ETH
 *   doge (8 decimals, $0.32):          chip 1 = 0.01 DOGE     chip 10K = 100 DOGE
 * Without a usable price the unit is one atomic unit (the smallest wager the engine accepts), which is
 * never more than intended. The exponent comes from a float price (display configuration only); every
 * amount is then exact bigint arithmetic: `chip * 10^e`.
 *
 * Stakes on the table are shown in chip units (a stake of 1,500 units reads "1.5K"); the frame's
 * read-only wager input shows the exact total in the currency.
 */

/** The chip selector's values (spec 3: chip defaults 1, 10, 100, 1000, 10000). */
export const CHIP_VALUES = [1, 10, 100, 1000, 10000] as const;
/** One of {@link CHIP_VALUES}. */
export type ChipValue = (typeof CHIP_VALUES)[number];
/** The chip selected on load. */
export const DEFAULT_CHIP: ChipValue = 1;

/** True for one of the offered chip values. */
export function isChipValue(value: unknown): value is ChipValue {
  return CHIP_VALUES.includes(value as ChipValue);
}

/**
 * The power of ten of atomic units one chip unit is worth (see the file comment): about one US cent.
 * `priceUsd` is the currency's price in USD; missing, zero or not finite gives 0 (one atomic unit).
 */
export function chipUnitExponent(decimals: number, priceUsd: number | null | undefined): number {
  const maxExponent = Math.max(0, Math.trunc(decimals));
  if (typeof priceUsd !== 'number' || !Number.isFinite(priceUsd) || priceUsd <= 0) return 0;
  // A tiny epsilon keeps exact decades (price 1, 10, 0.1...) from falling one step down.
  const exponent = Math.floor(decimals - 2 - Math.log10(priceUsd) + 1e-9);
  return Math.min(Math.max(exponent, 0), maxExponent);
}

/** Atomic units of one chip unit. */
export function chipUnitAtomic(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Atomic units of a chip: `value * 10^exponent`. */
export function chipAtomic(value: number, exponent: number): bigint {
  return BigInt(value) * chipUnitAtomic(exponent);
}

/** Compact chip label: 1, 10, 100, 1K, 10K, 2.5K, 1M... */
export function formatChipLabel(value: number): string {
  const compact = (n: number, suffix: string) =>
    `${(Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  if (value >= 1_000_000_000) return compact(value / 1_000_000_000, 'B');
  if (value >= 1_000_000) return compact(value / 1_000_000, 'M');
  if (value >= 1_000) return compact(value / 1_000, 'K');
  if (Number.isInteger(value)) return String(value);
  // Fractions of a chip (after halving): up to two decimals, rounded down, at least "0.01".
  const cents = Math.floor(value * 100 + 1e-9) / 100;
  return cents > 0 ? String(cents) : '<0.01';
}

/**
 * A stake in chip units for the chip stacks on the table (display only): `atomic / 10^exponent`,
 * compact (1.5K). The number conversion is for the label; amounts stay bigint everywhere else.
 */
export function formatStakeChips(atomic: bigint, exponent: number): string {
  const unit = chipUnitAtomic(exponent);
  const whole = atomic / unit;
  const fraction = Number(atomic % unit) / Number(unit);
  return formatChipLabel(Number(whole) + fraction);
}

/** The chip colour class of a stake: the largest chip value it reaches (at least the smallest chip). */
export function chipTier(atomic: bigint, exponent: number): ChipValue {
  const unit = chipUnitAtomic(exponent);
  let tier: ChipValue = CHIP_VALUES[0];
  for (const value of CHIP_VALUES) if (atomic >= BigInt(value) * unit) tier = value;
  return tier;
}
