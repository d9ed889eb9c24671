/** Captcha module: self-hosted ALTCHA proof-of-work challenges (GET /api/captcha/challenge). */
import { defineModule } from '../../platform/module.js';
import { captchaEnv } from './captcha.env.js';
import { registerCaptchaRoutes } from './captcha.routes.js';
import { pruneUsedCaptchas } from './captcha.service.js';
export { addCaptchaLevelSource, type CaptchaLevelSource } from './captcha.routes.js';
export { verifyCaptcha, newChallenge, pruneUsedCaptchas, MAX_CAPTCHA_LEVEL } from './captcha.service.js';

export { captchaEnv } from './captcha.env.js';

export const captchaModule = defineModule({
  name: 'captcha',
  register: registerCaptchaRoutes,
  env: captchaEnv,
  jobs: (ctx) => [
    {
      name: 'captcha.prune-used',
      intervalMs: 10 * 60_000,
      runOnElect: true,
      run: () => pruneUsedCaptchas(ctx.database),
    },
  ],
});
