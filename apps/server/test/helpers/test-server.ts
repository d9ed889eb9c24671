import type { AppContext } from '../../src/platform/context.js';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/platform/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createServer, type Server } from '../../src/server.js';
import type { ServerModule } from '../../src/platform/module.js';
import { modules as serverModules } from '../../src/modules/index.js';
import { SettingsRegistry, SettingsStore } from '../../src/platform/settings/index.js';
import { Services, type ServiceReplacement } from '../../src/platform/services.js';

/** The run's PGlite dumps (test/global-setup.ts), read once per test file's process. */
const dumps = new Map<string, Promise<Blob>>();
function pgliteDump(kind: 'empty' | 'migrated'): Promise<Blob> | undefined {
  const files = inject('pgliteTemplates');
  if (!files) return undefined;
  let dump = dumps.get(kind);
  if (!dump) {
    dump = readFile(files[kind]).then((bytes) => new Blob([bytes]));
    dumps.set(kind, dump);
  }
  return dump;
}

/**
 * A fresh database for one test file: with DATABASE_URL, a newly created PostgreSQL database
 * (dropped on release); otherwise an in-memory PGlite. Both are copies of the run's templates
 * (test/global-setup.ts): an empty database by default, one with every migration applied with
 * `migrated` (a server's start-up then finds nothing to apply).
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<{
  url: string | undefined;
  name: string;
  database: Database;
  drop(): Promise<void>;
}> {
  const log = pino({ level: 'silent' });
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dump = pgliteDump(opts.migrated ? 'migrated' : 'empty');
    const database = await openDatabase({ log, fromDump: dump ? await dump : undefined });
    return {
      url: undefined,
      name: `mem_${randomBytes(4).toString('hex')}`,
      database,
      drop: () => database.close(),
    };
  }
  const name = `nebula_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrated ? inject('postgresTemplate') : null;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, log });
  let dropped = false;
  return {
    url: url.toString(),
    name,
    database,
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  server: Server;
  app: Server['app'];
  config: Config;
  close(): Promise<void>;
}

/**
 * A settings store over `database` with every module's settings and no cache (each read sees the
 * table), for contexts a test assembles by hand.
 */
export function settingsFor(database: Database): SettingsStore {
  return new SettingsStore({
    database,
    registry: SettingsRegistry.ofModules(serverModules),
    maxAgeMs: 0,
  });
}

/** Changes a registered setting on a test server by key, as the staff endpoint does (validated). */
export async function putSetting(t: TestServer, key: string, value: unknown): Promise<void> {
  const setting = t.server.settings.registry.get(key);
  if (!setting) throw new Error(`no setting ${key} in the registry`);
  await t.server.settings.change(setting, value);
}

/** The module context of a test server, for calling module functions directly. */
export function contextOf(t: TestServer): AppContext {
  const { database, log, realtime, nodeId, ledger, settings, services } = t.server;
  return { config: t.config, database, log, realtime, nodeId, ledger, settings, services };
}

/**
 * A context a test assembles by hand (no server), with its own services: those of `modules` (default:
 * every module), created once in list order as a server does, `replacements` instead of some.
 */
export function withServices(
  base: Omit<AppContext, 'services'>,
  opts: { modules?: readonly ServerModule[]; replacements?: readonly ServiceReplacement[] } = {},
): AppContext {
  const ctx: AppContext = { ...base, services: new Services() };
  const modules = opts.modules ?? serverModules;
  ctx.services.start({ ...ctx, modules }, modules, opts.replacements);
  return ctx;
}

/**
 * A fully assembled server (migrated and seeded) on a fresh database, not listening; `modules`
 * replaces the module list of modules/index.ts, `services` gives the server the test's own instances
 * of some module services (`replaceService(priceFeedService, (ctx) => ...)`).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { modules?: readonly ServerModule[]; services?: readonly ServiceReplacement[] } = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase({ migrated: true });
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_WEB: 'false',
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: testDb.name } : {}),
      ...env,
    },
    opts.modules,
  );
  const server = await createServer(config, {
    log: pino({ level: 'silent' }),
    database: testDb.database,
    ...(opts.modules ? { modules: opts.modules } : {}),
    ...(opts.services ? { services: opts.services } : {}),
  });
  return {
    server,
    app: server.app,
    config,
    async close() {
      await server.close();
      await testDb.drop();
    },
  };
}
