import { assertFloat } from '@nebula/fairness';
import { z } from 'zod';
import { type ExtendedGame, type ExtendedStep, InvalidActionError } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, mulRatioExact, ratio } from '../ratio.js';

/**
 * Coinflip: the player calls heads or tails, one float per flip, heads when the float is below 0.5
 * (floats are multiples of 2^-32, so each side has probability exactly 1/2). Every right call doubles
 * the fair factor; the round pays `rtp * 2^k` after k right calls (the house edge applied once), so
 * taking after any number of flips returns exactly `1 - edge`. A wrong call loses the round. The
 * player may take after the first right call; the {@link COINFLIP_MAX_FLIPS}th right call ends the
 * round by itself and pays `rtp * 2^20`.
 */
export const COINFLIP_MAX_FLIPS = 20;
/** The sides of the coin. */
export const COINFLIP_SIDES = ['heads', 'tails'] as const;
/** A side of the coin. */
export type CoinflipSide = (typeof COINFLIP_SIDES)[number];

/** Coinflip takes no parameters: an empty object (omitting it is the same as `{}`). */
export const coinflipParamsSchema = z.object({}).strict().default({});
/** Parsed coinflip params. */
export type CoinflipParams = z.infer<typeof coinflipParamsSchema>;

/** A Turn: the side the player calls. */
export const coinflipActionSchema = z.object({ side: z.enum(COINFLIP_SIDES) }).strict();
/** A parsed coinflip Turn. */
export type CoinflipAction = z.infer<typeof coinflipActionSchema>;

/** One flip: what the player called and how the coin landed. */
export interface CoinflipFlip {
  readonly call: CoinflipSide;
  readonly result: CoinflipSide;
}

/** The whole round (JSON-safe). Nothing is hidden: the next flips are the bet's future floats. */
export interface CoinflipState {
  /** Every flip in order; only the last one can be a wrong call (it ends the round). */
  readonly flips: readonly CoinflipFlip[];
}

/** What the player sees while the round is open: the state plus derived values. */
export interface CoinflipView extends CoinflipState {
  /** Right calls so far. */
  readonly streak: number;
  /** The fair factor 2^streak (before the house edge), as a decimal integer. */
  readonly factor: string;
}

/** The side a float shows: heads below 0.5, tails from 0.5. */
export function coinflipSide(value: number): CoinflipSide {
  assertFloat(value);
  return value < 0.5 ? 'heads' : 'tails';
}

/** True when the last call was wrong (the round ended paying nothing). */
export function coinflipLost(state: CoinflipState): boolean {
  return state.flips.some((flip) => flip.call !== flip.result);
}

/** Right calls in the round. */
export function coinflipStreak(state: CoinflipState): number {
  return state.flips.filter((flip) => flip.call === flip.result).length;
}

/** What the round pays after `streak` right calls: `rtp * 2^streak` (0 for no right call). */
export function coinflipMultiplier(streak: number, houseEdgeBps: number): Ratio {
  if (!Number.isInteger(streak) || streak < 0 || streak > COINFLIP_MAX_FLIPS) {
    throw new RangeError(`coinflip streak must be 0..${COINFLIP_MAX_FLIPS}, got ${streak}`);
  }
  if (streak === 0) return ZERO_RATIO;
  return mulRatioExact(rtpOf(houseEdgeBps), ratio(2n ** BigInt(streak)));
}

/** What the round pays now: 0 when lost, else {@link coinflipMultiplier} of the streak. */
export function coinflipPayout(state: CoinflipState, houseEdgeBps: number): Ratio {
  rtpOf(houseEdgeBps);
  if (coinflipLost(state)) return ZERO_RATIO;
  return coinflipMultiplier(coinflipStreak(state), houseEdgeBps);
}

/** Coinflip: see {@link COINFLIP_MAX_FLIPS}. */
export const coinflip: ExtendedGame<'coinflip', CoinflipParams, CoinflipState, CoinflipAction> = {
  id: 'coinflip',
  kind: 'extended',
  name: 'Coinflip',
  params: coinflipParamsSchema,
  action: coinflipActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  start(_params, _rng, houseEdgeBps): ExtendedStep<CoinflipState> {
    rtpOf(houseEdgeBps);
    return { state: { flips: [] }, type: 'continue' };
  },
  turn(state, action, rng, houseEdgeBps): ExtendedStep<CoinflipState> {
    rtpOf(houseEdgeBps);
    if (coinflipLost(state) || state.flips.length >= COINFLIP_MAX_FLIPS) {
      throw new InvalidActionError('the round has already ended');
    }
    const flip: CoinflipFlip = { call: action.side, result: coinflipSide(rng.next()) };
    const next: CoinflipState = { flips: [...state.flips, flip] };
    if (flip.call !== flip.result) return { state: next, type: 'lose' };
    return { state: next, type: next.flips.length === COINFLIP_MAX_FLIPS ? 'finish' : 'continue' };
  },
  payout: coinflipPayout,
  canTake(state) {
    const streak = coinflipStreak(state);
    return !coinflipLost(state) && streak >= 1 && streak < COINFLIP_MAX_FLIPS;
  },
  canCancel(state) {
    return state.flips.length === 0;
  },
  view(state): CoinflipView {
    const streak = coinflipStreak(state);
    return { flips: state.flips, streak, factor: (2n ** BigInt(streak)).toString() };
  },
};
