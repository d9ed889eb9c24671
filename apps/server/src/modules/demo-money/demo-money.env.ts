/**
 * Demo money's environment (decision 0013): none read any more. DEMO_BALANCE_AMOUNT became the
 * operator setting `demo_money.balance_usd` (settings.ts; decision 0016); a deployment that still sets
 * it does not start, rather than silently losing its value.
 */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const demoMoneyEnv = defineEnv(
  { DEMO_BALANCE_AMOUNT: z.string().optional() },
  (e, _info, problems) => {
    if (e.DEMO_BALANCE_AMOUNT !== undefined)
      problems.push(
        'DEMO_BALANCE_AMOUNT: no longer read; the operator setting demo_money.balance_usd replaced it (POST /api/admin/settings/update)',
      );
    return {};
  },
);
