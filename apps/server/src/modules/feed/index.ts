/**
 * Feed module: the live feed's history by channel (POST /api/data/latestGames) and the latest wins
 * (POST /api/data/latestWins), read from the settled bets (feed.service.ts). New entries arrive in
 * realtime through the games module's `LiveGame` event on Everyone; a latest win is derived from a
 * `LiveGame` whose status is win (`latestWinFromLiveGame` in @nebula/contracts), so there is no
 * separate win event. The server never invents wins: demo-mode fillers are the web's.
 */
import { latestGamesEndpoint, latestWinsEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { latestGames, latestWins } from './feed.service.js';

export { latestGames, latestWins, type LatestGamesType } from './feed.service.js';

export const feedModule = defineModule({
  name: 'feed',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, latestGamesEndpoint, ({ input, user }) => latestGames(ctx, user, input));
    registerEndpoint(app, latestWinsEndpoint, ({ input, user }) => latestWins(ctx, user, input.count));
  },
});
