import type { ExtendedGameId, GameId, crash } from '@nebula/games';
import type { MultiplayerGameUi } from './crash';
import type { ExtendedGameModule, GameModule } from './types';

/*
 * The registries are keyed by the unions of @nebula/games (GameId, ExtendedGameId, the crash id), so a
 * game added there without its UI here does not compile; its verifier parts are in verifiers.ts.
 */

/** Each in-house game's UI, loaded on demand when its page opens (one chunk per game). */
export const GAME_UI_LOADERS: Record<GameId, () => Promise<GameModule>> = {
  dice: () => import('./dice'),
  limbo: () => import('./limbo'),
  plinko: () => import('./plinko'),
  keno: () => import('./keno'),
  wheel: () => import('./wheel'),
  roulette: () => import('./roulette'),
  diamonds: () => import('./diamonds'),
  baccarat: () => import('./baccarat'),
};

/** A multiplayer game's id (crash). */
export type MultiplayerGameId = (typeof crash)['id'];

/** The multiplayer games' UIs (crash): a whole page each, loaded on demand. */
export const MULTIPLAYER_UI_LOADERS: Record<
  MultiplayerGameId,
  () => Promise<{ default: MultiplayerGameUi }>
> = {
  crash: () => import('./crash'),
};

/** Each extended game's UI (mines, tower, ...), loaded on demand like the single-round games. */
export const EXTENDED_UI_LOADERS: Record<ExtendedGameId, () => Promise<ExtendedGameModule>> = {
  // extended ui: mines
  mines: () => import('./mines'),
  // extended ui: tower
  tower: () => import('./tower'),
  // extended ui: stairs
  stairs: () => import('./stairs'),
  // extended ui: hilo
  hilo: () => import('./hilo'),
  // extended ui: coinflip
  coinflip: () => import('./coinflip'),
  // extended ui: blackjack
  blackjack: () => import('./blackjack'),
  // extended ui: videopoker
  videopoker: () => import('./videopoker'),
};

/** True when `id` names a multiplayer game. */
export function isMultiplayerGameId(id: string): id is MultiplayerGameId {
  return Object.hasOwn(MULTIPLAYER_UI_LOADERS, id);
}
