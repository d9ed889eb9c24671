/** Auth module: sessions (hashed bearer tokens), the request auth resolver, realtime secrets. */
import { defineModule } from '../../platform/module.js';
import { registerAuthRoutes } from './auth.routes.js';
import { meService } from './me.js';
import { securitySetting } from './security-settings.js';
export {
  createSession,
  revokeSession,
  revokeUserSessions,
  liveSessionsOf,
  endUserSessions,
  resolveToken,
  loadAuthUser,
  issueWsSecret,
  verifyWsSecret,
  bearerFrom,
  SESSION_TTL_DAYS,
  type CreatedSession,
  type ResolvedSession,
  type LiveSession,
} from './sessions.service.js';
export { createAuthResolver } from './auth.resolver.js';
export { toMe, MeBuilder, meService } from './me.js';
export {
  signIn,
  clearSessionCookie,
  markTwoFactorVerified,
  assertFreshTwoFactor,
  SESSION_COOKIE,
  CSRF_COOKIE,
  TWO_FACTOR_FRESH_MINUTES,
} from './sign-in.js';
export {
  isLocked,
  recordFailure,
  clearFailures,
  signInThrottle,
  signInCaptchaLevel,
  recordSignInFailure,
  clearSignInFailures,
  signInCaptchaLevelAfter,
  PAIR_RULE,
  ADDRESS_RULE,
  type ThrottleRule,
  type SignInThrottle,
} from './throttle.js';
export { currentToken } from './auth.resolver.js';
export { loadSecuritySettings, type SecuritySettings } from './security-settings.js';

export const authModule = defineModule({
  name: 'auth',
  register: registerAuthRoutes,
  settings: [securitySetting],
  services: [meService],
});
