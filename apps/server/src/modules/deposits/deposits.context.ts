import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { ChainRegistry } from '../chains/index.js';
import { depositsEnv } from './deposits.env.js';
import { DepositService } from './deposits.service.js';

const services = new WeakMap<Database, DepositService>();

/** One deposit service (and chain registry) per server, shared by its routes and its leader job. */
export function depositServiceFor(
  ctx: Pick<AppContext, 'config' | 'database' | 'ledger' | 'log'>,
): DepositService {
  let service = services.get(ctx.database);
  if (!service) {
    service = new DepositService({
      database: ctx.database,
      ledger: ctx.ledger,
      log: ctx.log,
      registry: new ChainRegistry({ database: ctx.database, config: depositsEnv.of(ctx.config) }),
      confirmations: depositsEnv.of(ctx.config).confirmations,
    });
    services.set(ctx.database, service);
  }
  return service;
}
