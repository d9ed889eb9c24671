import { floats as fairnessFloats, hashServerSeed } from '@nebula/fairness';
import type { SingleRoundGame } from './definition.js';
import { rtpOf } from './house-edge.js';
import { type Ratio, ratioToDecimal } from './ratio.js';
import { type GameId, getGame } from './registry.js';

/** One settled (or replayed) round: the inputs and every intermediate step, for storage and display. */
export interface RoundResult<O = unknown> {
  readonly floats: readonly number[];
  readonly outcome: O;
  /** Exact multiplier; payout = floor(wager * multiplier) (`payoutFor`). */
  readonly multiplier: Ratio;
}

/** The full replay of a bet for the fairness page. */
export interface VerifyResult extends RoundResult {
  readonly gameId: GameId;
  /** SHA-256 of the server seed: compare it with the commitment shown before the bet. */
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
  /** The params after the game's schema parsed them (defaults applied). */
  readonly params: unknown;
  readonly houseEdgeBps: number;
  /** The multiplier as a decimal, rounded down to 8 places. */
  readonly multiplierDecimal: string;
}

/**
 * Settles one round of a game from its floats: outcome, then multiplier. `params` must already be parsed
 * by `game.params`. The engine calls this with `floats(serverSeed, clientSeed, nonce,
 * game.floatsNeeded(params))`; {@link verify} does the same from the revealed seeds.
 *
 * @throws RangeError for the wrong number of floats or a bad house edge
 */
export function resolveRound<P, O>(
  game: SingleRoundGame<string, P, O>,
  params: P,
  values: readonly number[],
  houseEdgeBps: number,
): RoundResult<O> {
  rtpOf(houseEdgeBps);
  const outcome = game.outcome(values, params, houseEdgeBps);
  return { floats: values, outcome, multiplier: game.multiplier(params, outcome, houseEdgeBps) };
}

/**
 * Recomputes a bet end to end from its seeds, exactly as the server settled it: parse params, derive
 * `floatsNeeded(params)` floats from `HMAC_SHA256(serverSeed, clientSeed:nonce:round)`, outcome, then
 * multiplier. Runs in the browser (the fairness page) and on the server alike.
 *
 * @param houseEdgeBps the edge the bet was played at (stored with the bet); defaults to the game's default
 * @throws Error for an unknown game; ZodError for params the game's schema rejects; RangeError for a bad
 *   nonce or house edge
 */
export function verify(
  gameId: string,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  params: unknown,
  houseEdgeBps?: number,
): VerifyResult {
  const game = getGame(gameId);
  if (!game) throw new Error(`Unknown game "${gameId}"`);
  const edge = houseEdgeBps ?? game.defaultHouseEdgeBps;
  const parsed = game.params.parse(params);
  const values = fairnessFloats(serverSeed, clientSeed, nonce, game.floatsNeeded(parsed));
  const round = resolveRound(game, parsed, values, edge);
  return {
    gameId: game.id,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    nonce,
    params: parsed,
    houseEdgeBps: edge,
    ...round,
    multiplierDecimal: ratioToDecimal(round.multiplier, 8),
  };
}
