import type { GameId } from '@nebula/games';
import type { GameModule } from './types';

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
