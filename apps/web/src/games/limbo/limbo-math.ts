/**
 * Limbo's linked target multiplier and win chance on top of `@nebula/games`: targets are integers in
 * hundredths (`limboParamsSchema`), the win chance is (1 - edge) / target, shown only (never money).
 */
import { BPS, LIMBO_MAX, LIMBO_MIN_TARGET, type LimboParams } from '@nebula/games';
import { formatHundredths, parseTyped } from '../kit/format';

/** 2.00x: 49.50% at 1% edge. */
export const LIMBO_DEFAULT_PARAMS: LimboParams = { target: 200 };

/** Decimals the win chance is shown with at most (trailing zeros trimmed to two). */
const CHANCE_DECIMALS = 6;

/** A target in hundredths rounded and clamped to the package's limits. */
export function clampLimboTarget(target: number): number {
  return Math.min(LIMBO_MAX, Math.max(LIMBO_MIN_TARGET, Math.round(target)));
}

/** The target as shown: `2.00`, `1,000,000.00`. */
export function limboTargetText(params: LimboParams): string {
  return formatHundredths(params.target);
}

/** The win chance in percent for a target (display only): (10000 - edgeBps) / target hundredths. */
export function limboChancePercent(target: number, houseEdgeBps: number): number {
  return (BPS - houseEdgeBps) / target;
}

/** The win chance as shown: up to six decimals, rounded down, at least two (`49.50`, `0.000099`). */
export function limboChanceText(params: LimboParams, houseEdgeBps: number): string {
  // Exact integer maths: percent * 10^6 = (BPS - edge) * 10^6 / target, rounded down.
  const scaled = (BigInt(BPS - houseEdgeBps) * 10n ** BigInt(CHANCE_DECIMALS)) / BigInt(params.target);
  const digits = scaled.toString().padStart(CHANCE_DECIMALS + 1, '0');
  const whole = digits.slice(0, digits.length - CHANCE_DECIMALS);
  const fraction = digits
    .slice(digits.length - CHANCE_DECIMALS)
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** A typed target multiplier (`2`, `2.5`, `1,000`?) -> hundredths, or null when invalid / out of range. */
export function targetFromText(text: string): number | null {
  const value = parseTyped(text);
  if (value === null) return null;
  const target = Math.round(value * 100);
  return target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX ? target : null;
}

/** A typed win chance in percent -> the target paying it, or null when invalid / out of range. */
export function targetFromChanceText(text: string, houseEdgeBps: number): number | null {
  const percent = parseTyped(text);
  if (percent === null || percent <= 0) return null;
  const target = Math.round((BPS - houseEdgeBps) / percent);
  return target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX ? target : null;
}

function digitsOf(value: number): number {
  return String(Math.max(1, Math.floor(value))).length;
}

/**
 * One step of the target stepper, on a 1-2-3 ladder per decade: 1.01 -> 2 -> ... -> 10 -> 20 -> ...
 * -> 100 -> 200, and back down; clamped to 1.01x .. 1,000,000x.
 */
export function stepLimboTarget(target: number, direction: 1 | -1): number {
  if (direction > 0) {
    const step = 100 * 10 ** (digitsOf(target / 100) - 1);
    return clampLimboTarget((Math.floor(target / step) + 1) * step);
  }
  const step = 100 * 10 ** (digitsOf((target - 1) / 100) - 1);
  return clampLimboTarget((Math.ceil(target / step) - 1) * step);
}
