/**
 * Browser wallet sign-in: POST /auth/metamask/nonce issues a one-time nonce for an address;
 * POST /auth/metamask/signature checks the signed sentence (viem) and signs the account in,
 * creating it (without email) on first use.
 */
import { defineModule } from '../../platform/module.js';
import { registerWalletAuthRoutes } from './wallet-auth.routes.js';
export { walletSignInMessage } from '@nebula/contracts';
export { findOrCreateExternalUser } from './external-account.js';

export const walletAuthModule = defineModule({
  name: 'wallet-auth',
  register: registerWalletAuthRoutes,
});
