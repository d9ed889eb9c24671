/**
 * Crash round benchmark, server process: the real server (`createServer`, the real gateway, hub,
 * jobs leader and crash loop) on PGlite in a fresh data folder or on the scratch PostgreSQL database the
 * coordinator created. Forked by `scripts/bench/crash` with the CRASH_* variables set (the tick and the
 * chain length); the round timings come with the setup command and are stored as the settings
 * `crash.betting_ms` and `crash.pause_ms` before the server starts.
 *
 * Before the server starts (so before its crash loop opens the first round) it migrates and seeds the
 * database, creates the bettors (a session each, 10 USDT funded through the ledger) and publishes a
 * one-game hash chain whose game has a crash point at or above the one asked for: the first round,
 * the measured one, then runs long enough for the cash-out burst and plenty of ticks.
 *
 * Instrumentation, without touching server code: `hub.publishRaw` is wrapped to record when every
 * MultiplayerDataUpdate is handed to the hub (and how long the synchronous write to all sockets
 * took), and to tell the coordinator when the round starts running and busts. The event-loop delay
 * is sampled while the round runs. After the round is settled, `report` returns those records, the
 * bets as the database has them (claim time, settlement, payout transfer) and the ledger check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crashPointFromHash } from '@nebula/games';
import pino from 'pino';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { seedDatabase } from '../../apps/server/src/db/seed.js';
import {
  crashBettingMs,
  crashPauseMs,
  generateChainAsync,
  insertChain,
} from '../../apps/server/src/modules/crash/index.js';
import { loadCrashSettings } from '../../apps/server/src/modules/crash/settings.js';
import { modules } from '../../apps/server/src/modules/index.js';
import { Ledger, checkLedger } from '../../apps/server/src/modules/ledger/index.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { SettingsRegistry, SettingsStore } from '../../apps/server/src/platform/settings/index.js';
import { type Server, createServer } from '../../apps/server/src/server.js';
import { createUser } from '../../apps/server/test/helpers/factories.js';
import {
  CURRENCY,
  FUNDING_ATOMIC,
  type ServerCommand,
  type TickEmit,
  errorText,
  tell,
} from './crash-shared.js';
import { exitWithParent, now } from './fanout-shared.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A chain seed whose only game crashes in [min, 1.15 x min] under `salt` and the house edge. */
function pickSeed(min: bigint, salt: string, houseEdgeBps: number): { seed: string; point: bigint } {
  const max = (min * 115n) / 100n;
  for (let n = 0; n < 10_000_000; n += 1) {
    const seed = createHash('sha256').update(`crash-bench-${n}`).digest('hex');
    // A chain of length 1: game 0's hash is the seed itself.
    const point = crashPointFromHash(seed, salt, houseEdgeBps);
    if (point >= min && point <= max) return { seed, point };
  }
  throw new Error(`no chain seed found for a crash point of ${min} hundredths`);
}

/** Bettors with a session each, funded through the ledger; `width` at a time. */
async function createBettors(database: Database, count: number, width: number) {
  const ledger = new Ledger(database);
  const out: { id: string; token: string }[] = new Array(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const user = await createUser(database, { name: `crash_bench_${i}` });
      await ledger.transfer({
        key: `crash-bench-fund:${user.id}`,
        kind: 'deposit',
        currency: CURRENCY,
        amount: FUNDING_ATOMIC,
        from: { system: 'chain' },
        to: { user: user.id, kind: 'real' },
      });
      out[i] = { id: user.id, token: user.token };
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return out;
}

let server: Server | undefined;
let dataDir: string | undefined;
let roundId = '';
const ticks: TickEmit[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });

/** Wraps the hub's publish to time every tick and report the round's phases. */
function instrument(srv: Server): void {
  const hub = srv.realtime.hub;
  const original = hub.publishRaw.bind(hub);
  hub.publishRaw = (channel: string, event: string, data: unknown) => {
    const cpu = process.cpuUsage();
    const t = now();
    original(channel, event, data);
    const sendMs = now() - t;
    if (event === 'MultiplayerDataUpdate') {
      const d = data as { elapsed: number; cashOuts: unknown[] };
      const used = process.cpuUsage(cpu);
      ticks.push({
        elapsed: d.elapsed,
        t,
        sendMs,
        sendCpuMs: (used.user + used.system) / 1000,
        cpuMs: (cpu.user + cpu.system) / 1000,
        cashOuts: d.cashOuts.length,
        bytes: Buffer.byteLength(JSON.stringify({ channel, event, data })),
      });
    } else if (event === 'MultiplayerBettingStateChange') {
      const d = data as { state: string; startedAt: string | null };
      if (d.state === 'running' && d.startedAt) {
        loop.enable();
        tell({ type: 'phase', phase: 'running', startedAt: Date.parse(d.startedAt), at: t });
      }
    } else if (event === 'MultiplayerGameFinished') {
      loop.disable();
      tell({ type: 'phase', phase: 'busted', at: t });
      void waitSettled(srv.database);
    }
  };
}

async function waitSettled(database: Database): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const rows = await database.query<{ settled: boolean }>(
      'select settled_at is not null as settled from crash_rounds where id = $1::bigint',
      [roundId],
    );
    if (rows[0]?.settled) return tell({ type: 'phase', phase: 'settled', at: now() });
    await sleep(100);
  }
}

async function setup(cmd: Extract<ServerCommand, { type: 'setup' }>): Promise<void> {
  const started = performance.now();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-crash-bench-'));
  const env: Record<string, string> = {
    // Gateway tuning (WS_HEARTBEAT_MS, WS_MAX_BUFFERED_BYTES, ...) and crash's start-up options
    // (CRASH_TICK_MS, CRASH_CHAIN_LENGTH) pass through; nothing else does.
    ...Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('WS_') || k.startsWith('CRASH_')),
    ),
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
  };
  if (cmd.databaseUrl) env.DATABASE_URL = cmd.databaseUrl;
  if (cmd.poolSize) env.DATABASE_POOL_SIZE = String(cmd.poolSize);
  if (cmd.redisUrl) env.REDIS_URL = cmd.redisUrl;
  if (cmd.redisPrefix) env.REDIS_PREFIX = cmd.redisPrefix;
  const config = loadConfig(env);
  const log = pino({ level: 'silent' });
  // As createServer opens it by default: PostgreSQL, else PGlite in a folder of the (fresh) data dir.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    log,
  });

  await runMigrations(database);
  await seedDatabase(database, { withDemoAccounts: false });
  const bettors = await createBettors(database, cmd.bettors, config.databaseUrl ? 8 : 1);
  const salt = randomBytes(32).toString('hex');
  const settings = new SettingsStore({
    database,
    registry: SettingsRegistry.ofModules(modules),
    maxAgeMs: 0,
  });
  await settings.change(crashBettingMs, cmd.bettingMs);
  await settings.change(crashPauseMs, cmd.pauseMs);
  const { houseEdgeBps } = await loadCrashSettings(settings);
  const { seed } = pickSeed(BigInt(cmd.crashPoint), salt, houseEdgeBps);
  await insertChain(database, await generateChainAsync(seed, 1, 1), salt);

  server = await createServer(config, { database });
  instrument(server);
  const { port } = await server.listen();

  // The crash loop opens the first round as soon as the jobs leader is elected.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await database.query<{
      id: string;
      crash_point: string;
      bust_ms: string;
      betting_ends_at: Date;
    }>(
      `select id::text as id, crash_point::text as crash_point, bust_ms::text as bust_ms, betting_ends_at
         from crash_rounds order by id limit 1`,
    );
    const round = rows[0];
    if (round) {
      roundId = round.id;
      tell({
        type: 'ready',
        port,
        tokens: bettors.map((b) => b.token),
        userIds: bettors.map((b) => b.id),
        round: round.id,
        crashPoint: round.crash_point,
        bustMs: Number(round.bust_ms),
        bettingEndsAt: round.betting_ends_at.getTime(),
        setupMs: performance.now() - started,
      });
      return;
    }
    if (Date.now() > deadline) throw new Error('the crash loop opened no round within 60 s');
    await sleep(50);
  }
}

/** A further node: the real server on the same database and Redis bus, serving sockets only. */
async function join(cmd: Extract<ServerCommand, { type: 'join' }>): Promise<void> {
  const config = loadConfig({
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WS_'))),
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: cmd.databaseUrl,
    REDIS_URL: cmd.redisUrl,
    REDIS_PREFIX: cmd.redisPrefix,
    ...(cmd.poolSize ? { DATABASE_POOL_SIZE: String(cmd.poolSize) } : {}),
  });
  server = await createServer(config);
  const { port } = await server.listen();
  tell({ type: 'joined', port });
}

async function report(): Promise<void> {
  if (!server) throw new Error('report before setup');
  const { database } = server;
  const rows = await database.query<{
    user_id: string;
    cashout_ms: string | null;
    cashout_kind: string | null;
    multiplier: string | null;
    payout: string | null;
    settled_at: Date | null;
    payout_at: Date | null;
  }>(
    `select b.user_id::text as user_id, b.cashout_ms::text as cashout_ms, b.cashout_kind,
            b.multiplier::text as multiplier, b.payout::text as payout, b.settled_at,
            (select t.created_at from ledger_transfers t
              where t.idempotency_key = 'crash:' || b.round_id || ':' || b.user_id || ':payout') as payout_at
       from crash_bets b where b.round_id = $1::bigint`,
    [roundId],
  );
  const payouts = await database.query<{ n: number }>(
    `select count(*)::int as n from ledger_transfers where idempotency_key like $1`,
    [`crash:${roundId}:%:payout`],
  );
  const { problems } = await checkLedger(database);
  tell({
    type: 'report',
    ticks,
    bets: rows.map((r) => ({
      userId: r.user_id,
      cashoutMs: r.cashout_ms === null ? null : Number(r.cashout_ms),
      cashoutKind: r.cashout_kind,
      multiplier: r.multiplier,
      payout: r.payout,
      settledAt: r.settled_at?.getTime() ?? null,
      payoutAt: r.payout_at?.getTime() ?? null,
    })),
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    ledgerProblems: problems,
    payouts: payouts[0]?.n ?? 0,
    unpaid: rows.filter((r) => r.cashout_ms !== null && r.payout_at === null).length,
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
  else if (cmd.type === 'report') void report().catch(fail);
  else if (cmd.type === 'exit') process.disconnect();
});
