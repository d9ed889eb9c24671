/** The Telegram sign-in's environment key (decision 0013): the bot token (unset: the sign-in is off). */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const telegramAuthEnv = defineEnv(
  {
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456:ABC...')
      .optional(),
  },
  (e) => ({ botToken: e.TELEGRAM_BOT_TOKEN }),
);
