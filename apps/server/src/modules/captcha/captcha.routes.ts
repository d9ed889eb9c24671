import { captchaChallengeEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { newChallenge } from './captcha.service.js';

export function registerCaptchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, captchaChallengeEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return newChallenge(ctx.config.captcha) as never;
  });
}
