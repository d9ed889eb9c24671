/**
 * Games module: the engine of the single-round in-house games (games.service.ts) behind the Play
 * whisper (socket and POST /api/whisper), and the seeds module it plays on (modules/seeds).
 */
import { playWhisper } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerSeedsModule } from '../seeds/index.js';
import { GAME_SETTING_DEFAULTS, GameEngine } from './games.service.js';

export {
  GAME_SETTINGS,
  GAME_SETTING_DEFAULTS,
  GameEngine,
  RESULT_DELAY_MS,
  unpaidBets,
} from './games.service.js';

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
  ctx.realtime.whispers.register(playWhisper, ({ input, caller }) => engine.play(caller.user, input));
}
