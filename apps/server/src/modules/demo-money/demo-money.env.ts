/** Demo money's environment key (decision 0013): the USD value a top-up fills a balance up to. */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const demoMoneyEnv = defineEnv(
  {
    DEMO_BALANCE_AMOUNT: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a USD amount such as 1000')
      .default('1000'),
  },
  (e) => ({ balanceUsd: e.DEMO_BALANCE_AMOUNT }),
);
