/** Captcha module: self-hosted ALTCHA proof-of-work challenges (GET /api/captcha/challenge). */
export {
  registerCaptchaRoutes as registerCaptchaModule,
  addCaptchaLevelSource,
  type CaptchaLevelSource,
} from './captcha.routes.js';
export { verifyCaptcha, newChallenge, pruneUsedCaptchas, MAX_CAPTCHA_LEVEL } from './captcha.service.js';
