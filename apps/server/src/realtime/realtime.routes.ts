import {
  Channels,
  onlineCountEvent,
  onlineUsersWhisper,
  pingWhisper,
  websocketSecretEndpoint,
  whisperEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { registerEndpoint } from '../platform/endpoints.js';
import { AppError } from '../platform/errors.js';
import { defineModule } from '../platform/module.js';
import { issueWsSecret } from '../modules/auth/index.js';

/** HTTP side of realtime: POST /api/whisper, the socket secret, and the built-in whispers. */
function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { whispers, presence } = ctx.realtime;

  whispers.register(pingWhisper, () => ({ pong: true as const, time: Date.now() }));
  whispers.register(onlineUsersWhisper, async () => {
    const s = await presence.summary();
    return { total: s.total, guests: s.guests, users: s.users };
  });

  registerEndpoint(app, whisperEndpoint, ({ input, user }) =>
    whispers.dispatch(input.event, input.data, { user }),
  );

  registerEndpoint(app, websocketSecretEndpoint, async ({ user }) => {
    if (!user?.sessionId) throw AppError.unauthenticated();
    return { secret: await issueWsSecret(ctx.database, user.sessionId) };
  });
}

/**
 * Realtime as a module of the list: its HTTP side and built-in whispers, and the leader's online
 * counter (the built-in channels Everyone, User.*, Guest.* and Support* are ChannelRules' own).
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  register: registerRealtimeRoutes,
  jobs: (ctx) => [
    {
      // The online counter every player sees: merged presence of all nodes, published once.
      name: 'realtime.online-count',
      intervalMs: ctx.config.realtime.presenceIntervalMs,
      run: async () => {
        const s = await ctx.realtime.presence.summary();
        ctx.realtime.hub.publish(Channels.everyone, onlineCountEvent, {
          total: s.total,
          users: s.users.length,
          guests: s.guests,
        });
      },
    },
  ],
});
