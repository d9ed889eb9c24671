import { captchaChallengeEndpoint } from '@nebula/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { MAX_CAPTCHA_LEVEL, newChallenge } from './captcha.service.js';
import { captchaEnv } from './captcha.env.js';

/**
 * What a module that raises the captcha's cost tells the captcha module: the level a challenge for
 * this request must have (0 for none). Sign-in raises it for an address after failures.
 */
export type CaptchaLevelSource = (req: FastifyRequest) => Promise<number> | number;

declare module 'fastify' {
  interface FastifyInstance {
    /** Level sources of this app (see `addCaptchaLevelSource`); per app, never a module singleton. */
    captchaLevelSources: CaptchaLevelSource[];
  }
}

function levelSources(app: FastifyInstance): CaptchaLevelSource[] {
  if (!app.hasDecorator('captchaLevelSources')) app.decorate('captchaLevelSources', []);
  return app.captchaLevelSources;
}

/**
 * Registers a source of required cost: every challenge this app issues has the highest level its
 * sources ask for the request. The module that verifies solutions passes the same level to
 * `verifyCaptcha`, so a cheaper challenge is refused there.
 */
export function addCaptchaLevelSource(app: FastifyInstance, source: CaptchaLevelSource): void {
  levelSources(app).push(source);
}

export function registerCaptchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sources = levelSources(app);
  registerEndpoint(app, captchaChallengeEndpoint, async ({ req, reply }) => {
    reply.header('cache-control', 'no-store');
    let level = 0;
    for (const source of sources) level = Math.max(level, await source(req));
    return newChallenge(captchaEnv.of(ctx.config), Math.min(level, MAX_CAPTCHA_LEVEL)) as never;
  });
}
