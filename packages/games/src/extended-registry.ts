import { blackjack } from './blackjack/blackjack.js';
import { videopoker } from './videopoker/videopoker.js';
import { hilo } from './hilo/hilo.js';
import { coinflip } from './coinflip/coinflip.js';
import type { ExtendedGame } from './extended.js';
import { mines } from './mines/mines.js';
import { tower } from './tower/tower.js';
import { stairs } from './stairs/stairs.js';

/**
 * Every extended game, in lobby order. Adding one means a folder in this package and one entry here;
 * the server's extended engine and the fairness page find it through {@link getExtendedGame}.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyExtendedGame = ExtendedGame<string, any, any, any>;

const LIST = [
  // extended: mines
  mines,
  // extended: tower
  tower,
  // extended: stairs
  stairs,
  // extended: hilo
  hilo,
  // extended: coinflip
  coinflip,
  // extended: blackjack
  blackjack,
  // extended: videopoker
  videopoker,
] as const;

export const EXTENDED_GAMES: readonly AnyExtendedGame[] = LIST;

/**
 * An extended game's id, e.g. `mines`: the union of the ids in {@link EXTENDED_GAMES}, so a registry
 * keyed by it (the web app's UI loaders and verifier parts) misses no game.
 */
export type ExtendedGameId = (typeof LIST)[number]['id'];

const byId = new Map<string, ExtendedGame>(
  EXTENDED_GAMES.map((game) => [game.id, game as unknown as ExtendedGame]),
);

/** Ids of every extended game, in lobby order. */
export const EXTENDED_GAME_IDS: readonly ExtendedGameId[] = LIST.map((game) => game.id);

/** True when `id` names an extended game. */
export function isExtendedGameId(id: string): id is ExtendedGameId {
  return byId.has(id);
}

/** The extended game `id`, or undefined. */
export function getExtendedGame(id: string): ExtendedGame | undefined {
  return byId.get(id);
}
