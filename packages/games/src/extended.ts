import { assertFloat, bytesToFloat, roundBytes } from '@nebula/fairness';
import type { z } from 'zod';
import { rtpOf } from './house-edge.js';
import type { Ratio } from './ratio.js';

/**
 * Extended games (mines, tower, stairs, hilo, coinflip, blackjack, video poker): a round that stays open
 * across the player's decisions. Everything is a pure reducer over the bet's float stream:
 *
 *   start(params, rng, edge) -> step;  turn(state, action, rng, edge) -> step;  ...
 *
 * `rng` hands out the floats of `HMAC_SHA256(serverSeed, clientSeed:nonce:round)` in order (float i is
 * bytes 4i..4i+3 of the stream, exactly as the single-round games read them). The seed pair and the nonce
 * are fixed when Play opens the round, so every card, tile and mine is fixed at the start: what a
 * decision changes is only which floats are read next. The server stores the params, every action and
 * the state; the verifier replays `start` and the actions from the revealed seeds ({@link replayExtended})
 * and must reach the same state and multiplier.
 */

/** How a step left the round (spec 3 section 4 Turn reply types, without `fail`, which is an error). */
export type ExtendedStepType = 'continue' | 'lose' | 'finish';

export interface ExtendedStep<S> {
  state: S;
  /**
   * `continue`: the round stays open; `lose`: it ended paying nothing; `finish`: it ended and pays
   * {@link ExtendedGame.payout} (the game finished it: all tiles found, blackjack settled, cards drawn).
   */
  type: ExtendedStepType;
}

/** An action the game cannot take in this state (Turn code 3 'Invalid API operation'). */
export class InvalidActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidActionError';
  }
}

/** The floats of one bet, handed out in order. `used` is how many were read (stored with the round). */
export interface FloatSource {
  next(): number;
  readonly used: number;
}

/**
 * The float stream of a bet, starting after `start` floats were already used. HMAC rounds are computed
 * only when reached.
 */
export function floatSource(serverSeed: string, clientSeed: string, nonce: number, start = 0): FloatSource {
  let used = start;
  let round = -1;
  let bytes: Uint8Array = new Uint8Array(0);
  return {
    next() {
      const wanted = Math.floor(used / 8);
      if (wanted !== round) {
        bytes = roundBytes(serverSeed, clientSeed, nonce, wanted);
        round = wanted;
      }
      const offset = (used % 8) * 4;
      used += 1;
      return bytesToFloat(bytes.subarray(offset, offset + 4));
    },
    get used() {
      return used;
    },
  };
}

/** A stream over fixed floats (tests, vectors); throws when a game reads past them. */
export function arraySource(values: readonly number[]): FloatSource {
  let used = 0;
  return {
    next() {
      if (used >= values.length) throw new RangeError(`the game read more than ${values.length} floats`);
      const value = values[used] as number;
      assertFloat(value);
      used += 1;
      return value;
    },
    get used() {
      return used;
    },
  };
}

/**
 * One extended game. `S` is the full state (JSON-safe: it is stored as is and includes what the player
 * must not see yet, e.g. where the mines are); {@link view} is what the player sees while it is open.
 *
 * Money: the round's stake is `floor(wager * stake(state))` (blackjack's double and split add 1 each,
 * insurance 1/2; every other game stays at 1); the payout is `floor(wager * payout(state))`, so `payout`
 * is relative to the base wager (a doubled blackjack win pays 4). The engine caps a payout at the
 * operator's max profit (never by changing an outcome), so games need not bound their multipliers.
 *
 * Return to player: with the house edge applied once to the total (e.g. mines after k safe cells pays
 * `rtp / P(k safe)`), every way of playing returns exactly `1 - houseEdge`; each game's test proves or
 * simulates it.
 */
export interface ExtendedGame<Id extends string = string, P = unknown, S = unknown, A = unknown> {
  readonly id: Id;
  readonly kind: 'extended';
  readonly name: string;
  /** zod schema of the Play `data`. */
  readonly params: z.ZodType<P>;
  /** zod schema of a Turn `data`. */
  readonly action: z.ZodType<A>;
  readonly defaultHouseEdgeBps: number;
  /**
   * For a game whose algorithm is versioned (coinflip, tower): the params of a NEW round, stamped with
   * the version new rounds are played with (the server applies it after the schema, before `start`).
   * Params without a version mean version 1, so stored rounds replay as they were played; the
   * verifiers never stamp, they replay the params as stored. Same contract as the single-round
   * games' `forNewBet` (wheel layouts).
   */
  forNewBet?(params: P): P;
  /** Opens a round. May end it at once (blackjack: a natural on either side). */
  start(params: P, rng: FloatSource, houseEdgeBps: number): ExtendedStep<S>;
  /**
   * One decision.
   *
   * @throws InvalidActionError when the action is not allowed now (a revealed cell, a split without a pair)
   */
  turn(state: S, action: A, rng: FloatSource, houseEdgeBps: number): ExtendedStep<S>;
  /**
   * What the base wager pays if the round ended now: the cash-out value while it is open (0 before the
   * first successful decision), the final value once it ended (0 for a loss).
   */
  payout(state: S, houseEdgeBps: number): Ratio;
  /**
   * True when the player may take {@link payout} now (Finish): at least one successful decision and
   * the round still open. Games that cannot be cashed out (blackjack, video poker) always say false.
   */
  canTake(state: S): boolean;
  /** True while Finish would cancel the round and refund the wager (no decision made yet). */
  canCancel(state: S): boolean;
  /** Base wagers staked so far (1, or more after a blackjack double, split or insurance). Default 1. */
  stake?(state: S): Ratio;
  /**
   * Base wagers an action adds to the stake (blackjack double / split: 1, insurance: 1/2). The engine
   * debits `floor(wager * actionStake)` before applying it; the player must cover it (else -4).
   */
  actionStake?(state: S, action: A): Ratio;
  /** What the player sees while the round is open (never the undrawn outcome). */
  view(state: S): unknown;
}

/** The result of replaying a round from its seeds and its actions. */
export interface ExtendedReplay<S = unknown> {
  state: S;
  /** `type` of the last step. */
  type: ExtendedStepType;
  /** Floats read in all. */
  floatsUsed: number;
  /** Each step's type: start, then one per action. */
  steps: ExtendedStepType[];
}

/**
 * Replays a round: `start`, then every action in order, on the bet's float stream. The server's turns
 * and the fairness page both run this, so a stored round verifies by construction.
 *
 * @throws InvalidActionError when an action is not valid at its point; RangeError for a bad house edge
 */
export function replayExtended<P, S, A>(
  game: ExtendedGame<string, P, S, A>,
  params: P,
  actions: readonly A[],
  rng: FloatSource,
  houseEdgeBps: number,
): ExtendedReplay<S> {
  rtpOf(houseEdgeBps);
  let step = game.start(params, rng, houseEdgeBps);
  const steps: ExtendedStepType[] = [step.type];
  for (const action of actions) {
    if (step.type !== 'continue') throw new InvalidActionError('the round has already ended');
    step = game.turn(step.state, action, rng, houseEdgeBps);
    steps.push(step.type);
  }
  return { state: step.state, type: step.type, floatsUsed: rng.used, steps };
}
