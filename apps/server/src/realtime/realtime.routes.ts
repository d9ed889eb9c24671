import { onlineUsersWhisper, pingWhisper, websocketSecretEndpoint, whisperEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { registerEndpoint } from '../platform/endpoints.js';
import { AppError } from '../platform/errors.js';
import { issueWsSecret } from '../modules/auth/index.js';

/** HTTP side of realtime: POST /api/whisper, the socket secret, and the built-in whispers. */
export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
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
