/**
 * Messenger mini-app sign-in: POST /api/telegram/generateToken checks Telegram's signed launch
 * data with the bot token (signature and freshness), finds or creates the account and returns a
 * session token for POST /auth/loginViaToken.
 */
import { defineModule } from '../../platform/module.js';
import { telegramAuthEnv } from './telegram-auth.env.js';
import { registerTelegramAuthRoutes } from './telegram-auth.routes.js';

export { telegramAuthEnv } from './telegram-auth.env.js';

export const telegramAuthModule = defineModule({
  name: 'telegram-auth',
  register: registerTelegramAuthRoutes,
  env: telegramAuthEnv,
});
