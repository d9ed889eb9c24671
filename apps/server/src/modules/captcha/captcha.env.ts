/** The captcha's environment keys (decision 0013): the proof-of-work cost and counter range. */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const captchaEnv = defineEnv(
  {
    CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1),
    CAPTCHA_COUNTER_MIN: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
    CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(1).max(10_000_000).default(60_000),
  },
  (e, { secretKey }) => ({
    secretKey,
    cost: e.CAPTCHA_COST,
    counterMin: Math.min(e.CAPTCHA_COUNTER_MIN, e.CAPTCHA_COUNTER_MAX - 1),
    counterMax: e.CAPTCHA_COUNTER_MAX,
  }),
);
