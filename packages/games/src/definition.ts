import type { z } from 'zod';
import type { Ratio } from './ratio.js';

/**
 * How a round runs:
 * - `single`: one request settles the bet (dice, limbo, ...).
 * - `extended`: the round stays open across Turn calls and survives restarts (mines, tower, hilo, blackjack).
 * - `multiplayer`: shared rounds on a timer (crash).
 */
export type GameKind = 'single' | 'extended' | 'multiplayer';

/**
 * A single-round game: everything the server engine needs to settle a bet and the browser verifier
 * needs to replay it. Pure: `outcome` depends only on the floats (`@nebula/fairness` `floats(serverSeed,
 * clientSeed, nonce, floatsNeeded(params))`), the params and the house edge.
 *
 * @typeParam P parsed bet parameters (JSON-safe: no bigint, so they can be stored and shared as is)
 * @typeParam O the outcome (JSON-safe), stored with the bet and shown by the verifier
 */
export interface SingleRoundGame<Id extends string = string, P = unknown, O = unknown> {
  readonly id: Id;
  readonly kind: 'single';
  /** Display name (English; the web app localises by id). */
  readonly name: string;
  /** zod schema of the bet parameters the player sends (`data` of the Play call). */
  readonly params: z.ZodType<P>;
  /** House edge used unless settings say otherwise, in basis points. */
  readonly defaultHouseEdgeBps: number;
  /** How many floats one round consumes. */
  floatsNeeded(params: P): number;
  /**
   * The params a bet placed now is settled and stored with, from the params the player sent (parsed).
   * Games whose tables are versioned (wheel's `layout`) stamp the current version here, so a stored
   * bet keeps the version it was played with while an absent field means the first version. The
   * verifier never calls it: it replays the params as stored. Undefined: the parsed params as they are.
   */
  forNewBet?(params: P): P;
  /**
   * The outcome from exactly `floatsNeeded(params)` floats. Only limbo reads `houseEdgeBps` (its edge
   * is in the result curve, as the public algorithm has it); every other game puts it in the payout.
   *
   * @throws RangeError for the wrong number of floats or a float outside [0, 1)
   */
  outcome(floats: readonly number[], params: P, houseEdgeBps: number): O;
  /** The exact multiplier the outcome pays (0 for a loss); payout = floor(wager * multiplier). */
  multiplier(params: P, outcome: O, houseEdgeBps: number): Ratio;
  /** The largest multiplier these params can pay: for refusing a bet over max profit up front. */
  maxMultiplier(params: P, houseEdgeBps: number): Ratio;
  /**
   * Games whose params place several stakes (roulette chips, baccarat sides) state their total in
   * atomic units; the engine must check it equals the bet amount. Undefined for one-stake games.
   */
  totalWager?(params: P): bigint;
}

/**
 * Checks that a game got exactly the floats it asked for, each in [0, 1).
 *
 * @throws RangeError otherwise
 */
export function expectFloats(values: readonly number[], count: number): void {
  if (values.length !== count) throw new RangeError(`expected ${count} floats, got ${values.length}`);
  for (const value of values) {
    if (typeof value !== 'number' || !(value >= 0 && value < 1)) {
      throw new RangeError(`a fairness float must be in [0, 1), got ${value}`);
    }
  }
}
