/** Keno pick helpers, pure except for {@link autoPick}'s cryptographic randomness. */
import { KENO_MAX_PICKS, KENO_SQUARES, type Ratio, ratioToDecimal, ratioToNumber } from '@nebula/games';

/** Picks with `square` toggled: removed if picked, added if there is room (max 10); ascending. */
export function togglePick(picks: readonly number[], square: number): number[] {
  if (picks.includes(square)) return picks.filter((pick) => pick !== square);
  if (picks.length >= KENO_MAX_PICKS || square < 1 || square > KENO_SQUARES) return [...picks];
  return [...picks, square].sort((a, b) => a - b);
}

/** A uniform integer in 0..bound - 1 from `crypto.getRandomValues` (rejection sampling, no modulo bias). */
export function randomBelow(
  bound: number,
  random: (array: Uint32Array) => Uint32Array = cryptoRandom,
): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = (random(buffer)[0] as number) >>> 0;
    if (value < limit) return value % bound;
  }
}

function cryptoRandom(array: Uint32Array): Uint32Array {
  return crypto.getRandomValues(array);
}

/**
 * `count` distinct random squares (ascending): the player's current number of picks is kept, 10 when
 * there are none. Uses `crypto.getRandomValues`.
 */
export function autoPick(count: number, random?: (array: Uint32Array) => Uint32Array): number[] {
  const wanted = Math.min(Math.max(count, 1), KENO_MAX_PICKS);
  const pool = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);
  const picks: number[] = [];
  for (let i = 0; i < wanted; i += 1) {
    const index = randomBelow(pool.length, random);
    picks.push(pool[index] as number);
    pool.splice(index, 1);
  }
  return picks.sort((a, b) => a - b);
}

/** A multiplier for the payout row, rounded down, trailing zeros dropped ("0", "3.96", "1000"). */
export function shortMultiplier(multiplier: Ratio): string {
  const value = ratioToNumber(multiplier);
  const text = ratioToDecimal(multiplier, value >= 100 ? 0 : value >= 10 ? 1 : 2);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
