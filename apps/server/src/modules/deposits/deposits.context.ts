import type { AppContext } from '../../platform/context.js';
import { defineService } from '../../platform/services.js';
import { ChainRegistry } from '../chains/index.js';
import { depositsEnv } from './deposits.env.js';
import { DepositService } from './deposits.service.js';
import { depositHook } from '../protection/index.js';

/** A deposit service over a new chain registry (the RPC clients of every configured chain). */
export function createDepositService(
  ctx: Pick<AppContext, 'config' | 'database' | 'ledger' | 'log' | 'services'>,
): DepositService {
  const config = depositsEnv.of(ctx.config);
  return new DepositService({
    database: ctx.database,
    ledger: ctx.ledger,
    log: ctx.log,
    registry: new ChainRegistry({ database: ctx.database, config }),
    confirmations: config.confirmations,
    protection: (currency) => depositHook(ctx, currency),
  });
}

/**
 * The one deposit service (and chain registry) of a server, created at start: its routes, its leader
 * job and the crash salt blocks share it. Read it with `depositService.of(ctx)`.
 */
export const depositService = defineService('deposits.service', createDepositService);
