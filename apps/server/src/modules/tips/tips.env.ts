/** The tips' environment key (decision 0013): BOT_RAIN, whether the bot rain runs when the `tips` setting does not say. */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const tipsEnv = defineEnv({ BOT_RAIN: z.enum(['on', 'off']).optional() }, (e, { mode }) => ({
  /** On unless BOT_RAIN says otherwise; off in test mode. */
  botRainDefault: e.BOT_RAIN ? e.BOT_RAIN === 'on' : mode !== 'test',
}));
