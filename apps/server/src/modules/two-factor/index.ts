/**
 * Two-factor module (TOTP): setup with QR code, enable and disable with a code, and
 * POST /api/user/2fa_validate, which opens sensitive actions for this session (see
 * `assertFreshTwoFactor` in the auth module). Secrets are AES-256-GCM encrypted at rest.
 */
import { defineModule } from '../../platform/module.js';
import { registerTwoFactorRoutes } from './two-factor.routes.js';

export const twoFactorModule = defineModule({
  name: 'two-factor',
  register: registerTwoFactorRoutes,
});
