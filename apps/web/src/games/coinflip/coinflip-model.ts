/**
 * Pure helpers of the coinflip UI: the multiplier ladder, the coin's resting angle and the flip
 * timing, derived from the round with `@nebula/games` (the same math the server pays with).
 */
import {
  COINFLIP_MAX_FLIPS,
  type CoinflipSide,
  type CoinflipState,
  type Ratio,
  coinflipLost,
  coinflipMultiplier,
  coinflipStreak,
  ratioToDecimal,
} from '@nebula/games';
import type { ExtendedRoundView } from '../types';
import { groupDigits } from '../kit/format';

/** Longest coin spin, whatever delay the server asks for. */
export const MAX_SPIN_MS = 1100;

/** A multiplier in full: 2 decimals rounded down, thousands grouped (`1,038,090.24`). */
export function multiplierText(value: Ratio): string {
  const [whole = '0', fraction = '00'] = ratioToDecimal(value, 2).split('.');
  return `${groupDigits(whole)}.${fraction}`;
}

/** A multiplier for the narrow ladder slots: `7.92`, `506.88`, `1.01K`, `1.03M` (rounded down). */
export function compactMultiplier(value: Ratio): string {
  const hundredths = (value.num * 100n) / value.den;
  if (hundredths < 100_000n) return multiplierText(value);
  const [scale, suffix] = hundredths < 100_000_000n ? [1_000n, 'K'] : [1_000_000n, 'M'];
  const scaled = hundredths / scale; // hundredths of K or M
  return `${scaled / 100n}.${String(scaled % 100n).padStart(2, '0')}${suffix}`;
}

/** What each of the 20 steps pays: step i (0-based) is reached by i + 1 right calls. */
export function multiplierLadder(houseEdgeBps: number): Ratio[] {
  return Array.from({ length: COINFLIP_MAX_FLIPS }, (_, i) => coinflipMultiplier(i + 1, houseEdgeBps));
}

/** Milliseconds to spin the coin for this answer (0: show the result at once). */
export function spinDuration(round: ExtendedRoundView<CoinflipState> | null): number {
  if (!round || round.delay <= 0) return 0;
  if (round.last !== 'continue' && round.last !== 'lose' && round.last !== 'finish') return 0;
  return Math.min(round.delay, MAX_SPIN_MS);
}

/**
 * The coin's rotation (degrees about its vertical axis) after a flip from `previous` landed on
 * `side`: five turns or more past the previous resting angle, heads facing at multiples of 360,
 * tails at 180 past them.
 */
export function nextAngle(previous: number, side: CoinflipSide): number {
  const target = side === 'heads' ? 0 : 180;
  const spun = previous + 1800;
  const offset = (((target - spun) % 360) + 360) % 360;
  return spun + offset;
}

/** The coin's resting angle after every flip of the round and before its last one (0: heads up). */
export function coinAngles(state: CoinflipState | null | undefined): { from: number; angle: number } {
  let from = 0;
  let angle = 0;
  for (const flip of state?.flips ?? []) {
    from = angle;
    angle = nextAngle(angle, flip.result);
  }
  return { from, angle };
}

/** The round's progress for the board. */
export interface CoinflipProgress {
  streak: number;
  lost: boolean;
  /** The side the coin shows, or null before the first flip. */
  side: CoinflipSide | null;
}

/** Streak, loss and the side the coin shows now. */
export function progressOf(state: CoinflipState | null | undefined): CoinflipProgress {
  const flips = state?.flips ?? [];
  const last = flips[flips.length - 1];
  return {
    streak: state ? coinflipStreak(state) : 0,
    lost: state ? coinflipLost(state) : false,
    side: last ? last.result : null,
  };
}

/** True while the round is open and the player may call. */
export function isOpen(
  round: ExtendedRoundView<CoinflipState> | null,
): round is ExtendedRoundView<CoinflipState> {
  return !!round && round.state === 'in-progress' && Array.isArray(round.view?.flips);
}
