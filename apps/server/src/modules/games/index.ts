/**
 * Games module: the engine of the single-round in-house games (games.service.ts) behind the Play
 * whisper (socket and POST /api/whisper), the read side (overview.ts: the `Info` bet overview, the
 * `GameData` configuration, POST /api/games/history); it plays on the seeds module (modules/seeds).
 */
import {
  finishWhisper,
  gameDataWhisper,
  infoWhisper,
  myBetsEndpoint,
  playWhisper,
  restoreWhisper,
  turnWhisper,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule, type JobsContext } from '../../platform/module.js';
import { registerGamesAdminRoutes } from './admin.js';
import { ExtendedEngine } from './extended.service.js';
import { gamesEnv } from './games.env.js';
import { multiplayerGamesOf } from './multiplayer.js';
import { GameEngine } from './games.service.js';
import { betOverview, gameData, myBets } from './overview.js';
import { gameStatsConsumer } from './stats.js';
import { gamesSettings } from './settings.js';

export { ExtendedEngine, STEP_DELAY_MS, type ExtendedEngineOptions } from './extended.service.js';
export { GameEngine, type PreparedBet, RESULT_DELAY_MS, type GameEngineOptions } from './games.service.js';
export { betOverview, gameData, myBets } from './overview.js';
export { gameStatsConsumer, playerTotals } from './stats.js';
export { gamesEnv } from './games.env.js';
export {
  acceptsDemo,
  edgeFor,
  gamesSettings,
  isGameAvailable,
  loadGameSettings,
  type EngineGame,
  type GameSettings,
} from './settings.js';
export { type MultiplayerPlay, type MultiplayerPlayInput, multiplayerGamesOf } from './multiplayer.js';

function registerGamesRoutes(app: FastifyInstance, ctx: JobsContext): void {
  const engine = new GameEngine(ctx);
  const extended = new ExtendedEngine(ctx);
  engine.useExtended(extended);
  const multiplayer = multiplayerGamesOf(ctx.modules, (create) => create(ctx));
  const { whispers } = ctx.realtime;
  whispers.register(playWhisper, ({ input, caller }) => {
    const play = multiplayer.get(input.api_id);
    return play ? play(caller.user, input) : engine.play(caller.user, input);
  });
  whispers.register(turnWhisper, ({ input, caller }) => extended.turn(caller.user, input));
  whispers.register(finishWhisper, ({ input, caller }) => extended.finish(caller.user, input));
  whispers.register(restoreWhisper, ({ input, caller }) => extended.restore(caller.user, input));
  whispers.register(infoWhisper, ({ input, caller }) =>
    betOverview(ctx.database, caller.user, input.game_id),
  );
  whispers.register(gameDataWhisper, ({ input }) => gameData(ctx, input.api_id));
  registerEndpoint(app, myBetsEndpoint, ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    return myBets(ctx.database, user.id, input);
  });
  registerGamesAdminRoutes(app, ctx);
}

export const gamesModule = defineModule({
  name: 'games',
  register: registerGamesRoutes,
  env: gamesEnv,
  settings: gamesSettings,
  // Per-game statistics: every settled stake of every product, once, after its commit.
  wagerConsumers: [gameStatsConsumer],
});
