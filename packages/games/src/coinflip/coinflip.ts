import { assertFloat } from '@nebula/fairness';
import { z } from 'zod';
import { type ExtendedGame, type ExtendedStep, InvalidActionError } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, mulRatioExact, ratio } from '../ratio.js';

/**
 * Coinflip: the player calls heads or tails, one float per flip (floats are multiples of 2^-32, so each
 * side has probability exactly 1/2). Which half is heads depends on the round's version
 * ({@link coinflipSide}): version 2, every round since the switch, maps like the large casino's
 * published "Flip" (`floor(float * 2)`: 0 tails, 1 heads), so its public verifiers reproduce it;
 * version 1, rounds stored before (params and state without `v`), called a float below 0.5 heads. Every right call doubles
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

/** A coinflip version: how a float maps to a side ({@link coinflipSide}). */
export type CoinflipVersion = 1 | 2;
/** The versions a round can have been played with. */
export const COINFLIP_VERSIONS: readonly CoinflipVersion[] = [1, 2];
/** The version new rounds are played with (the server stamps it with `forNewBet`). */
export const COINFLIP_VERSION: CoinflipVersion = 2;

/**
 * Coinflip has no settings the player chooses; the params only carry the version the round was played
 * with (`v`), absent meaning version 1 (every round stored before versions existed). `{}` or omitted is
 * the same as `{}`.
 */
export const coinflipParamsSchema = z
  .object({ v: z.union([z.literal(1), z.literal(2)]).optional() })
  .strict()
  .default({});
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
  /** The version the round is played with, set from the params at start; absent: version 1. */
  readonly v?: 2;
}

/** What the player sees while the round is open: the state plus derived values. */
export interface CoinflipView extends CoinflipState {
  /** Right calls so far. */
  readonly streak: number;
  /** The fair factor 2^streak (before the house edge), as a decimal integer. */
  readonly factor: string;
}

/** The version a round with these params is played with: `params.v`, else 1. */
export function coinflipVersion(params: CoinflipParams): CoinflipVersion {
  return params.v ?? 1;
}

/**
 * The side a float shows. Version 2 (the large casino's `floor(float * 2)`): tails below 0.5, heads from
 * 0.5. Version 1 (rounds stored before the switch; the default): heads below 0.5, tails from 0.5.
 */
export function coinflipSide(value: number, version: CoinflipVersion = 1): CoinflipSide {
  assertFloat(value);
  if (version === 2) return Math.floor(value * 2) === 1 ? 'heads' : 'tails';
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
  forNewBet: (params) => ({ ...params, v: COINFLIP_VERSION }),
  start(params, _rng, houseEdgeBps): ExtendedStep<CoinflipState> {
    rtpOf(houseEdgeBps);
    // Version 1 keeps the state it always had ({ flips: [] }), so stored rounds read the same.
    const state: CoinflipState = coinflipVersion(params) === 2 ? { flips: [], v: 2 } : { flips: [] };
    return { state, type: 'continue' };
  },
  turn(state, action, rng, houseEdgeBps): ExtendedStep<CoinflipState> {
    rtpOf(houseEdgeBps);
    if (coinflipLost(state) || state.flips.length >= COINFLIP_MAX_FLIPS) {
      throw new InvalidActionError('the round has already ended');
    }
    const flip: CoinflipFlip = { call: action.side, result: coinflipSide(rng.next(), state.v ?? 1) };
    const next: CoinflipState = { ...state, flips: [...state.flips, flip] };
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
