/**
 * Number formatting for game boards: one fixed style (`1,234.56`) in every language, so rolls and
 * multipliers read the same everywhere and tests can parse them. Integer maths where the value is exact.
 */

const GROUP = /\B(?=(\d{3})+(?!\d))/g;

/** Thousands separators for a string of digits: `1234567` -> `1,234,567`. */
export function groupDigits(digits: string): string {
  return digits.replace(GROUP, ',');
}

/** An integer in hundredths as a decimal with two places: `123456` -> `1,234.56`, `5` -> `0.05`. */
export function formatHundredths(hundredths: number): string {
  const value = Math.max(0, Math.trunc(hundredths));
  const whole = Math.floor(value / 100);
  const fraction = String(value % 100).padStart(2, '0');
  return `${groupDigits(String(whole))}.${fraction}`;
}

/**
 * An approximate number for display only (animations, win chances): `decimals` places, rounded down,
 * grouped. Never for money.
 */
export function formatDisplay(value: number, decimals: number): string {
  if (!Number.isFinite(value) || value <= 0) return (0).toFixed(decimals);
  const factor = 10 ** decimals;
  // The small epsilon keeps values like 2.3 (2.2999999...) from rounding down a step.
  const scaled = Math.floor(value * factor + 1e-7);
  const text = String(scaled).padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  return decimals > 0 ? `${groupDigits(whole)}.${fraction}` : groupDigits(whole);
}

/**
 * Parses what a player typed into a number field: digits with one optional `.` or `,` decimal
 * separator, grouping spaces/apostrophes ignored. Null for anything else (empty, signs, letters).
 */
export function parseTyped(text: string): number | null {
  const cleaned = text.trim().replace(/[\s'_]/g, '');
  if (!/^\d*(?:[.,]\d*)?$/.test(cleaned) || !/\d/.test(cleaned)) return null;
  const value = Number(cleaned.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
