import {
  WithdrawMessages,
  adminAcceptWithdrawEndpoint,
  adminDeclineWithdrawEndpoint,
  adminWithdrawsEndpoint,
  cancelWithdrawEndpoint,
  withdrawEndpoint,
  withdrawHistoryEndpoint,
  withdrawLimitsEndpoint,
} from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { playerCancelsWithdrawals } from '../legal/index.js';
import { withdrawalService } from './withdrawals.service.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  // The endpoint policies already refused anonymous callers; this narrows the type.
  if (!user) throw new Error('policy let an anonymous caller through');
  return user;
};

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = withdrawalService.of(ctx);

  registerEndpoint(app, withdrawEndpoint, async ({ input, user }) => {
    const withdraw = await service.request(signedIn(user), input);
    return { ok: true as const, message: WithdrawMessages.created, withdraw };
  });

  registerEndpoint(app, cancelWithdrawEndpoint, async ({ input, user }) => {
    await service.cancel(signedIn(user), input.id);
    return { ok: true as const };
  });

  registerEndpoint(app, withdrawHistoryEndpoint, async ({ user }) => {
    const [withdraws, cancelAllowed] = await Promise.all([
      service.history(signedIn(user).id),
      playerCancelsWithdrawals(ctx.settings),
    ]);
    return { withdraws, cancelAllowed };
  });

  registerEndpoint(app, withdrawLimitsEndpoint, async ({ input, user }) => {
    const [l, cancelAllowed] = await Promise.all([
      service.limits(signedIn(user).id, input.currency),
      playerCancelsWithdrawals(ctx.settings),
    ]);
    return {
      currency: input.currency,
      vipLevel: l.vipLevel,
      feePercent: l.feePercent,
      minimum: toDecimalString(l.minimum ?? 0n, l.decimals),
      maximum: toDecimalString(l.maximum ?? 0n, l.decimals),
      perDay: l.perDay,
      usedToday: l.usedToday,
      cancelAllowed,
    };
  });

  registerEndpoint(app, adminWithdrawsEndpoint, async ({ input }) => ({
    withdraws: await service.queue(input.status),
  }));

  registerEndpoint(app, adminAcceptWithdrawEndpoint, async ({ input, user }) => {
    await service.accept(signedIn(user), input.id, input.txid);
    return { ok: true as const };
  });

  registerEndpoint(app, adminDeclineWithdrawEndpoint, async ({ input, user }) => {
    await service.decline(signedIn(user), input.id, input.reason);
    return { ok: true as const };
  });
}
