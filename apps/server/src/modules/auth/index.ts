/** Auth module: sessions (hashed bearer tokens), the request auth resolver, realtime secrets. */
export {
  createSession,
  revokeSession,
  resolveToken,
  loadAuthUser,
  issueWsSecret,
  verifyWsSecret,
  bearerFrom,
  SESSION_TTL_DAYS,
  type CreatedSession,
  type ResolvedSession,
} from './sessions.service.js';
export { createAuthResolver } from './auth.resolver.js';
