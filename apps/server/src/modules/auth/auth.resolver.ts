import type { Database } from '../../db/client.js';
import type { AuthResolver } from '../../platform/context.js';
import { bearerFrom, resolveToken } from './sessions.service.js';

/** Resolves the caller of an HTTP request from its bearer token (null for guests). */
export function createAuthResolver(database: Database): AuthResolver {
  return async (req) => {
    const token = bearerFrom(req.headers.authorization);
    if (!token) return null;
    const resolved = await resolveToken(database, token);
    return resolved?.user ?? null;
  };
}
