import {
  adminChainsEndpoint,
  adminDepositAddressesEndpoint,
  adminDepositsEndpoint,
  depositHistoryEndpoint,
  depositWalletEndpoint,
  walletNotifyEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { assertNotBlocked } from '../protection/index.js';
import { chainOverview, listDepositAddresses, listDeposits } from './admin.js';
import { registerDevDepositRoute } from './dev-deposit.js';
import { depositService } from './deposits.context.js';

export async function registerDepositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = depositService.of(ctx);
  const userOf = (user: { id: string } | null) => {
    if (!user) throw AppError.unauthenticated();
    return user;
  };
  registerEndpoint(app, depositWalletEndpoint, async ({ input, user }) => {
    await assertNotBlocked(ctx, ctx.database, userOf(user).id);
    return service.depositWallet(userOf(user).id, input);
  });
  registerEndpoint(app, walletNotifyEndpoint, ({ params, req }) =>
    service.notify(params.currency ?? '', params.txid ?? '', req.ip),
  );
  registerEndpoint(app, depositHistoryEndpoint, async ({ user }) => ({
    deposits: await service.history(userOf(user).id),
  }));
  // The back office's payments (permission `wallet`, checked by the endpoints' policy): reads only.
  registerEndpoint(app, adminDepositsEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    return listDeposits(ctx.database, input);
  });
  registerEndpoint(app, adminDepositAddressesEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    return listDepositAddresses(ctx.database, input);
  });
  registerEndpoint(app, adminChainsEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return chainOverview(ctx.database, service);
  });
  await registerDevDepositRoute(app, ctx, service);
}
