/**
 * The multiplayer games' registry, beside the single-round (`@nebula/games` registry.ts) and extended
 * (extended-registry.ts) ones: games whose rounds are shared by every player (crash) take their Play
 * elsewhere than the engine. A module brings its multiplayer game through its definition
 * (`multiplayer: {apiId: (ctx) => play}`); the games module routes Play of that api_id to it. So the
 * games module imports no multiplayer game, and a multiplayer game imports the games module only for
 * what it shares (settings), never the other way round (decision 0013).
 */
import type { playWhisper, WhisperResponse } from '@nebula/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/context.js';
import type { ServerModule } from '../../platform/module.js';

export type MultiplayerPlayInput = z.output<(typeof playWhisper)['request']>;

/** Play of one multiplayer game: a bet on its current shared round. */
export type MultiplayerPlay = (
  user: AuthUser | null,
  input: MultiplayerPlayInput,
) => Promise<WhisperResponse<typeof playWhisper>>;

/**
 * The multiplayer games of a server's modules, by api_id.
 *
 * @throws Error when two modules bring the same api_id
 */
export function multiplayerGamesOf(
  modules: readonly ServerModule[],
  create: (factory: NonNullable<ServerModule['multiplayer']>[string]) => MultiplayerPlay,
): Map<string, MultiplayerPlay> {
  const games = new Map<string, MultiplayerPlay>();
  for (const m of modules) {
    for (const [apiId, factory] of Object.entries(m.multiplayer ?? {})) {
      if (games.has(apiId)) throw new Error(`multiplayer game ${apiId} is brought twice`);
      games.set(apiId, create(factory));
    }
  }
  return games;
}
