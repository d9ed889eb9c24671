import { ledgerHealthEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { checkLedger } from './ledger.check.js';

export function registerLedgerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ledgerHealthEndpoint, async () => {
    const check = await checkLedger(ctx.database);
    if (!check.ok) ctx.log.error({ problems: check.problems }, 'LEDGER INVARIANT VIOLATED');
    return { ...check, checkedAt: new Date().toISOString() };
  });
}
