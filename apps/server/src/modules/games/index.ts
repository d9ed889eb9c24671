/**
 * Games module: the engine of the single-round in-house games (games.service.ts) behind the Play
 * whisper (socket and POST /api/whisper), the read side (overview.ts: the `Info` bet overview, the
 * `GameData` configuration, POST /api/games/history), the crash repair job (repair.ts), and the seeds
 * module it plays on (modules/seeds).
 */
import { gameDataWhisper, infoWhisper, myBetsEndpoint, playWhisper } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { registerSeedsModule } from '../seeds/index.js';
import { GameEngine } from './games.service.js';
import { betOverview, gameData, myBets } from './overview.js';
import { GAME_SETTING_DEFAULTS } from './settings.js';

export {
  GameEngine,
  RESULT_DELAY_MS,
  SETTLE_WITHIN_SECONDS,
  type GameEngineOptions,
} from './games.service.js';
export { betOverview, gameData, myBets } from './overview.js';
export {
  BetRepairJob,
  REPAIR_GRACE_SECONDS,
  payUnpaidBets,
  refundOrphanWagers,
  registerGameJobs,
  repairBets,
} from './repair.js';
export { GAME_SETTINGS, GAME_SETTING_DEFAULTS, acceptsDemo, type EngineGame } from './settings.js';

export async function registerGamesModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSeedsModule(app, ctx);
  // Seeded once so operators find (and can edit) them in settings; never overwritten.
  for (const [key, value] of Object.entries(GAME_SETTING_DEFAULTS)) {
    await ctx.database.query(
      'insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
      [key, JSON.stringify(value)],
    );
  }
  const engine = new GameEngine(ctx);
  const { whispers } = ctx.realtime;
  whispers.register(playWhisper, ({ input, caller }) => engine.play(caller.user, input));
  whispers.register(infoWhisper, ({ input, caller }) =>
    betOverview(ctx.database, caller.user, input.game_id),
  );
  whispers.register(gameDataWhisper, ({ input }) => gameData(ctx.database, input.api_id));
  registerEndpoint(app, myBetsEndpoint, ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    return myBets(ctx.database, user.id, input);
  });
}
