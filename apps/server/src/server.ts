import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config.js';
import { loggerOptions } from './platform/logger.js';
import { buildApp, type AppState } from './platform/http.js';
import { openDatabase, type Database } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDatabase, type SeedResult } from './db/seed.js';
import { modules as serverModules } from './modules/index.js';
import { createAuthResolver, resolveToken, verifyWsSecret } from './modules/auth/index.js';
import { createRealtime, type Realtime } from './realtime/index.js';
import { JobRunner } from './jobs/index.js';
import { Ledger } from './modules/ledger/index.js';
import { checkModules, moduleJobs, type ServerModule } from './platform/module.js';
import { SETTINGS_CHANGED_CHANNEL, SettingsRegistry, SettingsStore } from './platform/settings/index.js';
import { Services, type ServiceReplacement } from './platform/services.js';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface Server {
  app: FastifyInstance & { state: AppState };
  database: Database;
  realtime: Realtime;
  jobs: JobRunner;
  ledger: Ledger;
  /** This node's operator settings (platform/settings). */
  settings: SettingsStore;
  /** This server's module services, created once at start (platform/services.ts). */
  services: Services;
  log: Logger;
  seed: SeedResult;
  nodeId: string;
  /** What the modules brought, by owner: job name, service, setting key and channel rule -> module name. */
  assembly: {
    modules: string[];
    jobs: Map<string, string>;
    services: Map<string, string>;
    settings: Map<string, string>;
    channels: Map<string, string>;
  };
  /** Listens on the HTTP port (API, web app, /ws) and the optional second realtime port. */
  listen(): Promise<{ port: number; wsPort?: number }>;
  /** Stops accepting connections, drains in-flight requests, closes sockets and the database. Idempotent. */
  close(): Promise<void>;
}

export function newNodeId(): string {
  return `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Assembles a server from its module list (default: modules/index.ts): database (PostgreSQL or
 * embedded PGlite), migrations under an advisory lock, every module's seed, realtime hub with every
 * module's channels, every module's services (once, in list order; `services` replaces some of them
 * for tests), the HTTP app with every module's routes and whispers, and every module's jobs.
 * Does not listen.
 */
export async function createServer(
  config: Config,
  opts: {
    log?: Logger;
    database?: Database;
    modules?: readonly ServerModule[];
    services?: readonly ServiceReplacement[];
  } = {},
): Promise<Server> {
  const modules = opts.modules ?? serverModules;
  const settingOwners = checkModules(modules);
  const log = opts.log ?? pino(loggerOptions(config));
  const nodeId = newNodeId();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      poolSize: config.databasePoolSize,
      log,
    }));
  let realtime: Realtime | undefined;
  let jobs: JobRunner | undefined;
  const services = new Services();
  try {
    const applied = await runMigrations(database);
    if (applied.length) log.info({ applied }, 'database migrations applied');
    const seed = await seedDatabase(
      database,
      { withDemoAccounts: config.mode === 'development', demoPassword: config.demoPassword },
      modules,
    );
    realtime = await createRealtime({
      config,
      log,
      nodeId,
      auth: {
        byToken: async (token) => (await resolveToken(database, token))?.user ?? null,
        bySecret: async (userId, secret) => (await verifyWsSecret(database, userId, secret))?.user ?? null,
      },
    });
    const rt = realtime;
    const channels = new Map<string, string>();
    for (const m of modules) {
      for (const c of m.channels ?? []) {
        rt.rules.allow(c.matches, c.canHear, c.name);
        channels.set(c.name, m.name);
      }
    }
    const ledger = new Ledger(database, rt.hub);
    const settings = new SettingsStore({
      database,
      registry: SettingsRegistry.ofModules(modules),
      maxAgeMs: config.settingsCacheMs,
      log,
      broadcast: (keys) => rt.hub.publishRaw(SETTINGS_CHANGED_CHANNEL, 'SettingsChanged', { keys }),
    });
    rt.hub.listen(SETTINGS_CHANGED_CHANNEL, () => settings.invalidate());
    const ctx = { config, database, log, realtime: rt, nodeId, ledger, settings, services };
    services.start({ ...ctx, modules }, modules, opts.services);
    jobs = new JobRunner({ database, connectionString: config.databaseUrl, log, nodeId });
    const jobOwners = new Map<string, string>();
    for (const { module, job } of moduleJobs({ ...ctx, modules })) {
      jobs.register(job);
      jobOwners.set(job.name, module);
    }
    const runner = jobs;
    const app = await buildApp({
      ctx,
      modules,
      authResolver: createAuthResolver(database),
      webDist: config.serveWeb ? (config.webDist ?? DEFAULT_WEB_DIST) : undefined,
    });
    let wsServer: http.Server | undefined;
    rt.attach([app.server]);
    await runner.start();
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      realtime: rt,
      jobs: runner,
      ledger,
      settings,
      services,
      log,
      seed,
      nodeId,
      assembly: {
        modules: modules.map((m) => m.name),
        jobs: jobOwners,
        services: services.owners(),
        settings: settingOwners,
        channels,
      },
      async listen() {
        await app.listen({ host: config.host, port: config.port });
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        if (config.realtime.wsPort === undefined) return { port };
        const second = http.createServer((_req, res) => {
          res.writeHead(426, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              code: 'upgrade_required',
              message: 'This port serves the realtime socket at /ws.',
            }),
          );
        });
        wsServer = second;
        rt.attach([second]);
        await new Promise<void>((resolve, reject) => {
          second.once('error', reject);
          second.listen(config.realtime.wsPort, config.host, () => resolve());
        });
        const wsAddr = second.address();
        return { port, wsPort: typeof wsAddr === 'object' && wsAddr ? wsAddr.port : config.realtime.wsPort };
      },
      close() {
        closing ??= (async () => {
          app.state.shuttingDown = true;
          await runner.stop();
          await rt.close();
          if (wsServer) await new Promise<void>((resolve) => wsServer?.close(() => resolve()));
          await app.close();
          await services.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => undefined);
    await realtime?.close().catch(() => undefined);
    await services.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}
