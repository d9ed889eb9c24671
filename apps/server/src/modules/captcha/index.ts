/** Captcha module: self-hosted ALTCHA proof-of-work challenges (GET /api/captcha/challenge). */
export { registerCaptchaRoutes as registerCaptchaModule } from './captcha.routes.js';
export { verifyCaptcha, newChallenge, pruneUsedCaptchas } from './captcha.service.js';
