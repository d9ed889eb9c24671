import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import { emptyRequest } from './platform.js';

/** Decimal string in the currency's unit (e.g. "0.015"), never a float. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * Published to the owner's private channel after every committed change of their balances
 * (spec 2 section 3): the new real, demo and bonus balance of that currency.
 */
export const balanceModificationEvent = defineEvent(
  'BalanceModification',
  z.object({
    currency: z.string(),
    balance: decimal,
    demo_balance: decimal,
    bonus: decimal,
    delay: z.number().int().nonnegative(),
  }),
);

export const ledgerHealthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/ledger/health',
  request: emptyRequest,
  response: z.object({
    ok: z.boolean(),
    checkedAt: z.string(),
    transfers: z.number().int(),
    accounts: z.number().int(),
    problems: z.array(z.string()),
  }),
  policy: policy.permission('dashboard'),
  summary: 'Checks the ledger invariants: postings sum to zero per currency, balances equal their postings.',
});
