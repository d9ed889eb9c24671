import { baccarat } from './baccarat/baccarat.js';
import type { SingleRoundGame } from './definition.js';
import { diamonds } from './diamonds/diamonds.js';
import { dice } from './dice/dice.js';
import { keno } from './keno/keno.js';
import { limbo } from './limbo/limbo.js';
import { plinko } from './plinko/plinko.js';
import { roulette } from './roulette/roulette.js';
import { wheel } from './wheel/wheel.js';

/**
 * Every game, in lobby order. Adding a game means a folder here and one entry in this list; the server
 * engine and the browser verifier find it through {@link getGame}.
 */
export const GAMES = [dice, limbo, plinko, keno, wheel, roulette, diamonds, baccarat] as const;

/** A game's id as used in URLs, bets and the registry, e.g. `dice`. */
export type GameId = (typeof GAMES)[number]['id'];

/**
 * A game as the generic engine sees it (params and outcome are opaque until the game's own schema has
 * parsed them). Only single-round games exist so far; extended and multiplayer kinds join this union.
 */
export type GameDefinition = SingleRoundGame<GameId, unknown, unknown>;

/** Every game by id. */
export const gameRegistry: ReadonlyMap<GameId, GameDefinition> = new Map<GameId, GameDefinition>(
  GAMES.map((game) => [game.id, game as GameDefinition]),
);

/** Ids of every game, in lobby order. */
export const GAME_IDS: readonly GameId[] = GAMES.map((game) => game.id);

/** True when `id` names a game in the registry. */
export function isGameId(id: string): id is GameId {
  return gameRegistry.has(id as GameId);
}

/** The definition for `id`, or undefined for an unknown game. */
export function getGame(id: string): GameDefinition | undefined {
  return gameRegistry.get(id as GameId);
}
