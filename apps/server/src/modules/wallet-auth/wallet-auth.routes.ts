import { AuthMessages, metamaskNonceEndpoint, metamaskSignatureEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { signIn } from '../auth/index.js';
import { issueNonce } from './wallet-auth.repository.js';
import { verifyWalletSignIn } from './wallet-auth.service.js';

export function registerWalletAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, metamaskNonceEndpoint, async ({ input, req, reply }) => {
    try {
      const nonce = await issueNonce(ctx.database, input.account);
      reply.header('cache-control', 'no-store');
      return { nonce };
    } catch (err) {
      req.log.error({ err }, 'wallet nonce could not be issued');
      throw new AppError(503, 'nonce_failed', AuthMessages.nonceFailed);
    }
  });

  registerEndpoint(app, metamaskSignatureEndpoint, async ({ input, req, reply }) => {
    const userId = await verifyWalletSignIn(ctx.database, input);
    return { user: await signIn(ctx, req, reply, userId) };
  });
}
