/**
 * Chat benchmark, server process: the real server (`createServer`: the real gateway, hub, chat module
 * and jobs) on the scratch PostgreSQL database the coordinator created (or on PGlite in a fresh data
 * folder with one node). Forked by `scripts/bench/chat`.
 *
 * - `setup` (the first node): migrates and seeds the database, creates the writers (players with a
 *   session each, signed in from 127.0.0.1 as a real sign-in records, so the per-IP limit of the chat
 *   applies to their whispers) and starts the server;
 * - `join` (a further node): the real server on the same database and Redis bus;
 * - `report`: when this node handed each bench ChatMessage to the hub, its event-loop delay over the
 *   window and the bench messages stored.
 *
 * Instrumentation, without touching server code: `hub.publishRaw` is wrapped to record the time of
 * every ChatMessage of the bench (its id is in the text). The per-IP message limit
 * (the `chat.ip_messages_per_minute` setting) is the coordinator's `ipLimit`: every writer comes from 127.0.0.1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { seedDatabase } from '../../apps/server/src/db/seed.js';
import { createSession } from '../../apps/server/src/modules/auth/index.js';
import { chatIpMessagesPerMinute } from '../../apps/server/src/modules/chat/chat-settings.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { type Server, createServer } from '../../apps/server/src/server.js';
import { createUser } from '../../apps/server/test/helpers/factories.js';
import { type ServerCommand, benchIdOf, tell } from './chat-shared.js';
import { errorText } from './crash-shared.js';
import { exitWithParent, now } from './fanout-shared.js';

let server: Server | undefined;
let dataDir: string | undefined;
const publishes: [number, number][] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });

/** The writers: players with a session signed in from 127.0.0.1; `width` created at a time. */
async function createWriters(database: Database, count: number, width: number): Promise<string[]> {
  const tokens: string[] = new Array(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const user = await createUser(database, { name: `chat_bench_${i}` });
      const session = await createSession(database, user.id, { ip: '127.0.0.1', userAgent: 'chat-bench' });
      tokens[i] = session.token;
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return tokens;
}

/** Wraps the hub's publish to time every bench ChatMessage. */
function instrument(srv: Server): void {
  const hub = srv.realtime.hub;
  const original = hub.publishRaw.bind(hub);
  hub.publishRaw = (channel: string, event: string, data: unknown) => {
    const t = now();
    original(channel, event, data);
    if (event !== 'ChatMessage') return;
    const text = (data as { message?: { data?: { message?: unknown } } }).message?.data?.message;
    const id = typeof text === 'string' ? benchIdOf(text) : -1;
    if (id >= 0) publishes.push([id, t]);
  };
}

/** The server's environment: the gateway's WS_* tuning passes through, nothing else does. */
function serverEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WS_'))),
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

async function setup(cmd: Extract<ServerCommand, { type: 'setup' }>): Promise<void> {
  const started = performance.now();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-chat-bench-'));
  const config = loadConfig(
    serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: cmd.databaseUrl,
      REDIS_URL: cmd.redisUrl,
      REDIS_PREFIX: cmd.redisPrefix,
    }),
  );
  // As createServer opens it by default: PostgreSQL, else PGlite in a folder of the (fresh) data dir.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    log: pino({ level: 'silent' }),
  });
  await runMigrations(database);
  await seedDatabase(database, { withDemoAccounts: false });
  const tokens = await createWriters(database, cmd.writers, config.databaseUrl ? 8 : 1);
  server = await createServer(config, { database });
  // The per-IP chat limit is an operator setting: every node reads it from the shared database.
  await server.settings.change(chatIpMessagesPerMinute, cmd.ipLimit);
  instrument(server);
  const { port } = await server.listen();
  tell({ type: 'ready', port, tokens, setupMs: performance.now() - started });
}

async function join(cmd: Extract<ServerCommand, { type: 'join' }>): Promise<void> {
  const config = loadConfig(
    serverEnv({
      DATABASE_URL: cmd.databaseUrl,
      REDIS_URL: cmd.redisUrl,
      REDIS_PREFIX: cmd.redisPrefix,
    }),
  );
  server = await createServer(config);
  instrument(server);
  const { port } = await server.listen();
  tell({ type: 'joined', port });
}

async function report(): Promise<void> {
  if (!server) throw new Error('report before setup');
  loop.disable();
  const rows = await server.database.query<{ n: number }>(
    `select count(*)::int as n from chat_messages where type = 'message' and data->>'message' like 'chatbench-%'`,
  );
  tell({
    type: 'report',
    publishes,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    stored: rows[0]?.n ?? 0,
    connections: server.realtime.hub.connectionCount,
  });
}

exitWithParent(async () => {
  await server?.close().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

process.on('message', (cmd: ServerCommand) => {
  const fail = (err: unknown) => tell({ type: 'error', message: errorText(err) });
  if (cmd.type === 'setup') void setup(cmd).catch(fail);
  else if (cmd.type === 'join') void join(cmd).catch(fail);
  else if (cmd.type === 'mark') {
    loop.reset();
    loop.enable();
  } else if (cmd.type === 'report') void report().catch(fail);
  else if (cmd.type === 'exit') process.disconnect();
});
