import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config.js';
import { loggerOptions } from './platform/logger.js';
import { buildApp, type AppState } from './platform/http.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDatabase, type SeedResult } from './db/seed.js';
import { modules } from './modules/index.js';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface Server {
  app: FastifyInstance & { state: AppState };
  database: Database;
  log: Logger;
  seed: SeedResult;
  /** Stops accepting connections, drains in-flight requests, closes the database. Idempotent. */
  close(): Promise<void>;
}

/**
 * Assembles a server: database (PostgreSQL or embedded PGlite), migrations under an advisory
 * lock, idempotent seed, and the HTTP app with every module. Does not listen.
 */
export async function createServer(
  config: Config,
  opts: { log?: Logger; database?: Database } = {},
): Promise<Server> {
  const log = opts.log ?? pino(loggerOptions(config));
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
      log,
    }));
  try {
    const applied = await runMigrations(database);
    if (applied.length) log.info({ applied }, 'database migrations applied');
    const seed = await seedDatabase(database, {
      withDemoAccounts: config.mode === 'development',
      demoPassword: config.demoPassword,
    });
    const app = await buildApp({
      ctx: { config, database, log },
      modules,
      webDist: config.serveWeb ? (config.webDist ?? DEFAULT_WEB_DIST) : undefined,
    });
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      log,
      seed,
      close() {
        closing ??= (async () => {
          app.state.shuttingDown = true;
          await app.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
