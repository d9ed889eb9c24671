import pino from 'pino';
import { runMigrations } from '../../src/db/migrate.js';
import { seedDatabase } from '../../src/db/seed.js';
import { type Config, loadConfig } from '../../src/platform/config.js';
import { createServer, type Server } from '../../src/server.js';
import { createTestDatabase } from './test-server.js';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** The two-node tests share a PostgreSQL database and the Redis bus: they run when both are set. */
export const TWO_NODES = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** A fresh test database, migrated and seeded (no demo accounts), for nodes to share. */
export async function createSeededDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrated: true });
  await runMigrations(db.database);
  await seedDatabase(db.database, { withDemoAccounts: false });
  return db;
}

/**
 * The configuration of a node on the shared test database `db` (PostgreSQL), on Redis when REDIS_URL is
 * set (prefixed with the database's name, so test files running at once do not hear each other), with
 * `env` on top.
 */
export function nodeConfig(db: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SERVE_WEB: 'false',
    DATABASE_URL: db.url as string,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: db.name } : {}),
    ...env,
  });
}

/** One server node ({@link nodeConfig}) with its own job runner; listening on a free port when `listen`. */
export async function startNode(
  db: TestDatabase,
  opts: { env?: Record<string, string>; listen?: boolean } = {},
): Promise<Server> {
  const server = await createServer(nodeConfig(db, opts.env), { log: pino({ level: 'silent' }) });
  if (opts.listen) await server.listen();
  return server;
}

/** The WebSocket URL of a listening node. */
export const wsUrlOf = (s: Server) =>
  `ws://127.0.0.1:${(s.app.server.address() as { port: number }).port}/ws`;
