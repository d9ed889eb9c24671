/**
 * The one display rule for multipliers in results, history and live feed rows: 2 decimals, truncated
 * toward zero (a display never promises more than the bet paid: plinko's 5.00058884 reads `5.00`,
 * keno's 1.4002008 reads `1.40`); more decimals only where 2 cannot tell values apart: a non-zero
 * multiplier below 0.01 shows up to its first significant digit (`0.004`, never a misleading `0.00`),
 * and {@link distinctDecimals} finds the decimals that keep a set of values apart (a pay table).
 * The exact value stays in the bet overview and the fairness verifier. Decimal strings only, no float.
 */

/** Decimals a multiplier is shown with by default. */
export const MULTIPLIER_DECIMALS = 2;
/** Never more decimals than this (the stored multipliers have at most 8 significant decimals here). */
export const MAX_MULTIPLIER_DECIMALS = 8;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A multiplier (decimal string) as display text without a suffix: `'5.00058884'` -> `'5.00'`,
 * `'2.5'` -> `'2.50'`, `'0.004'` -> `'0.004'`. Text that is not a plain non-negative decimal comes
 * back unchanged.
 */
export function multiplierText(value: string, decimals = MULTIPLIER_DECIMALS): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = match[2] ?? '';
  let places = Math.min(Math.max(0, Math.trunc(decimals)), MAX_MULTIPLIER_DECIMALS);
  // A non-zero value that would read as zero keeps digits up to its first significant one.
  const firstDigit = frac.search(/[1-9]/);
  if (whole === '0' && firstDigit >= places && firstDigit < MAX_MULTIPLIER_DECIMALS) places = firstDigit + 1;
  const shown = frac.slice(0, places).padEnd(places, '0');
  return places > 0 ? `${whole}.${shown}` : whole;
}

/**
 * The fewest decimals (at least {@link MULTIPLIER_DECIMALS}, at most {@link MAX_MULTIPLIER_DECIMALS})
 * at which distinct multipliers of `values` stay distinct when shown by {@link multiplierText}.
 */
export function distinctDecimals(values: readonly string[]): number {
  const exact = new Set(values.map((value) => multiplierText(value, MAX_MULTIPLIER_DECIMALS)));
  for (let places = MULTIPLIER_DECIMALS; places < MAX_MULTIPLIER_DECIMALS; places += 1) {
    const shown = new Set(values.map((value) => multiplierText(value, places)));
    if (shown.size === exact.size) return places;
  }
  return MAX_MULTIPLIER_DECIMALS;
}
