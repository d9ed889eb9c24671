import type { z } from 'zod';

/**
 * How a round runs:
 * - `single`: one request settles the bet (dice, limbo, ...).
 * - `extended`: the round stays open across Turn calls and survives restarts (mines, tower, hilo, blackjack).
 * - `multiplayer`: shared rounds on a timer (crash).
 */
export type GameKind = 'single' | 'extended' | 'multiplayer';

/** A game's id as used in URLs, bets and the registry, e.g. `dice`. */
export type GameId = string & { readonly __brand: 'GameId' };

/**
 * What every game folder exports. Deliberately a skeleton: the outcome and payout signatures are
 * added with the first games.
 */
export interface GameDefinition<Params extends z.ZodType = z.ZodType> {
  readonly id: GameId;
  readonly kind: GameKind;
  /** Display name (English; the web app localises by id). */
  readonly name: string;
  /** zod schema of the bet parameters the player sends (target, mines count, ...). */
  readonly params: Params;
  /** House edge in basis points (100 = 1%); payouts are true odds times (1 - edge). */
  readonly houseEdgeBps: number;
}

/** Every game the platform knows, by id. Empty until the first game folder registers itself here. */
export const gameRegistry: ReadonlyMap<GameId, GameDefinition> = new Map<GameId, GameDefinition>();

/** The definition for `id`, or undefined for an unknown game. */
export function getGame(id: string): GameDefinition | undefined {
  return gameRegistry.get(id as GameId);
}

/**
 * Adds a game to {@link gameRegistry}. Throws on a duplicate id: two folders claiming the same id is
 * a bug that must fail at start-up, not shadow a game silently.
 */
export function registerGame<Params extends z.ZodType>(game: GameDefinition<Params>): GameDefinition<Params> {
  const registry = gameRegistry as Map<GameId, GameDefinition>;
  if (registry.has(game.id)) throw new Error(`Game "${game.id}" is registered twice`);
  registry.set(game.id, game);
  return game;
}
