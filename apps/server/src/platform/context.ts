import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from '../db/client.js';
import type { Realtime } from '../realtime/index.js';
import type { Ledger } from '../modules/ledger/index.js';
import type { SettingsStore } from './settings/index.js';
import type { Services } from './services.js';

/** What every module gets at registration: configuration, the database and a logger. */
export interface AppContext {
  config: Config;
  database: Database;
  log: Logger;
  /** Publish events, register whispers and channel rules. */
  realtime: Realtime;
  /** This process's id among the nodes (logs, presence, leader election). */
  nodeId: string;
  /** The double-entry ledger: the only way money moves. */
  ledger: Ledger;
  /** The operator settings of every module (platform/settings): typed reads, cached per node. */
  settings: SettingsStore;
  /**
   * The modules' per-server instances, created once at start (platform/services.ts); read each with
   * the accessor its module exports (`priceFeedService.of(ctx)`), never by a name.
   */
  services: Services;
}

/** The signed-in caller as policies see it. Resolved per request by the identity module. */
export interface AuthUser {
  id: string;
  name: string;
  roles: string[];
  /** permission id -> types held (e.g. {dashboard: ['active']}). */
  permissions: Record<string, string[]>;
  /** The session the caller signed in with (absent for system callers). */
  sessionId?: string;
}

export type AuthResolver = (req: import('fastify').FastifyRequest) => Promise<AuthUser | null>;
