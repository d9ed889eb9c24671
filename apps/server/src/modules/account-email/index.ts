/**
 * Account e-mail module: address verification (/email/{user}/{token}), e-mail change and
 * password reset (/password/reset/{user}/{token}) with single-use, expiring, hashed tokens.
 */
import { defineModule } from '../../platform/module.js';
import { registerAccountEmailRoutes } from './account-email.routes.js';
export { AccountEmailMessages, sessionTokenOf } from './account-email.routes.js';
export { pruneEmailTokens, TOKEN_TTL_SECONDS, type TokenPurpose } from './email-tokens.repository.js';
export { VERIFY_RULE, RESET_RULE, EMAIL_CHANGE_RULE, type SendRule } from './send-limits.repository.js';

export const accountEmailModule = defineModule({
  name: 'account-email',
  register: registerAccountEmailRoutes,
});
