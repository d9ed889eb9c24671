import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from '../db/client.js';

/** What every module gets at registration: configuration, the database and a logger. */
export interface AppContext {
  config: Config;
  database: Database;
  log: Logger;
}

/** The signed-in caller as policies see it. Resolved per request by the identity module. */
export interface AuthUser {
  id: string;
  name: string;
  roles: string[];
  /** permission id -> types held (e.g. {dashboard: ['active']}). */
  permissions: Record<string, string[]>;
}

export type AuthResolver = (req: import('fastify').FastifyRequest) => Promise<AuthUser | null>;
