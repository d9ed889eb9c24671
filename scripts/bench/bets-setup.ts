/**
 * Bet benchmark set-up, used by bets-main.ts: the scratch database, the real server process, the
 * funded players, the correctness check, and pgbench.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import {
  ACCOUNT_BASE,
  CURRENCY,
  FUNDING_ATOMIC,
  type RawPlayer,
  playerId,
  playerToken,
  quantile,
} from './bets-shared.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = import.meta.resolve('tsx');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Creates a fresh database next to `baseUrl`'s; returns its URL and a function that drops it. */
export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `bench_bets_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The last lines the server printed (for error reports). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`apps/server/src/main.ts`, production mode, as `npm start` would on a
 * host) on the scratch database and waits until /healthz answers (migrations and seed included).
 */
export async function startServer(opts: {
  databaseUrl: string;
  redisUrl?: string | undefined;
  redisPrefix: string;
  poolSize?: number | undefined;
  logLevel: string;
  /** Write a V8 CPU profile of the server into this folder (on exit). */
  profileDir?: string | undefined;
  /** More environment of the server (e.g. BET_GROUP_COMMIT). */
  env?: Record<string, string> | undefined;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-bets-data-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: opts.databaseUrl,
    SERVE_WEB: 'false',
    LOG_LEVEL: opts.logLevel,
    DATA_DIR: dataDir,
    // Production crash salts come from a public chain's blocks (CRASH_SALT_CHAIN, default eth), read
    // through an RPC node; the benchmark has none and bets no crash: a closed local port makes the
    // server start, its crash loop waits for a block that never comes.
    EVM_RPC_URL: 'http://127.0.0.1:9',
    // Nor does it need a million-game crash chain: hashing one costs the server about a second of CPU
    // at start, which a restarted server (the group phase) would spend in the measured window.
    CRASH_CHAIN_LENGTH: '1000',
    ...(opts.poolSize ? { DATABASE_POOL_SIZE: String(opts.poolSize) } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, REDIS_PREFIX: opts.redisPrefix } : {}),
    ...opts.env,
  };
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profileDir)}`] : [];
  const main = path.join(root, 'apps/server/src/main.ts');
  const child = spawn(process.execPath, [...profile, '--import', TSX, main], {
    cwd: path.join(root, 'apps/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the server exited (code ${child.exitCode}):\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not answer /healthz within 180 s:\n${output()}`);
    }
    await sleep(250);
  }
  return {
    child,
    url,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Creates `count` players with fixed ids, a session each (bearer token `playerToken(i)`), a real
 * USDT account with id ACCOUNT_BASE + i funded through the ledger, and a seed pair (created by the
 * server itself through POST /api/fairness/seeds, which also proves the tokens work).
 */
/** The ledger history written before the first phase (see createPlayers), in batches. */
const HISTORY_TRANSFERS = 20_000;
const HISTORY_BATCH = 1_000;

export async function createPlayers(
  databaseUrl: string,
  serverUrl: string,
  count: number,
): Promise<{ players: RawPlayer[]; tokens: string[]; house: string }> {
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const { Ledger } = await import('../../apps/server/src/modules/ledger/index.js');
  const database = await openDatabase({ databaseUrl, poolSize: 4, log: pino({ level: 'silent' }) });
  try {
    const ledger = new Ledger(database);
    const house = (await ledger.accountId({ system: 'house' }, CURRENCY)).id;
    const players: RawPlayer[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = playerId(i);
      const token = playerToken(i);
      await database.query("insert into users (id, name, email) values ($1, $2, $2 || '@bench.local')", [
        id,
        `bench_player_${i}`,
      ]);
      await database.query("insert into user_roles (user_id, role_id) values ($1, 'player')", [id]);
      await database.query(
        "insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
        [id, sha256(token)],
      );
      await database.query(
        "insert into ledger_accounts (id, kind, owner_id, currency, is_system) values ($1, 'real', $2, $3, false)",
        [ACCOUNT_BASE + i, id, CURRENCY],
      );
      await ledger.transfer({
        key: `bench-fund:${id}`,
        kind: 'deposit',
        currency: CURRENCY,
        amount: FUNDING_ATOMIC,
        from: { system: 'chain' },
        to: { user: id, kind: 'real' },
      });
      const account = (await ledger.accountId({ user: id, kind: 'real' }, CURRENCY)).id;
      if (account !== String(ACCOUNT_BASE + i)) throw new Error(`player ${i} has account ${account}`);
      const res = await fetch(`${serverUrl}/api/fairness/seeds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) throw new Error(`seed pair of player ${i}: HTTP ${res.status} ${await res.text()}`);
      players.push({ userId: id, tokenHash: sha256(token), account });
      tokens.push(token);
    }
    // A running casino's ledger is not empty: without a history, the first phase would start on tables
    // of a few rows, for which PostgreSQL plans the foreign-key checks of every posting as sequential
    // scans of ledger_transfers and keeps those plans while the table grows during the phase (each bet
    // then costs more than the one before; measured: 24,668 scans reading 171 million rows in one 15 s
    // phase). HISTORY_TRANSFERS transfers between two system accounts, through the ledger, give every
    // phase the plans of a table in use.
    for (let done = 0; done < HISTORY_TRANSFERS; done += HISTORY_BATCH) {
      const results = await ledger.transferMany(
        Array.from({ length: HISTORY_BATCH }, (_, k) => ({
          key: `bench-history:${done + k}`,
          kind: 'deposit' as const,
          currency: CURRENCY,
          amount: 1n,
          from: { system: 'chain' as const },
          to: { system: 'house' as const },
        })),
      );
      const failed = results.find((r) => r instanceof Error);
      if (failed) throw failed;
    }
    return { players, tokens, house };
  } finally {
    await database.close();
  }
}

/** Vacuum and checkpoint, so that every phase starts from the same clean state. */
export async function settle(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('vacuum analyze');
    await c.query('checkpoint');
  } finally {
    await c.end();
  }
}

/**
 * The bets stored after bet id `after` (every phase's window and warm-up) and the transactions they
 * committed in (`bets.tx`): with group commit several bets share one. `last` is the newest bet id.
 */
export async function commitsSince(
  databaseUrl: string,
  after: string,
): Promise<{ last: string; bets: number; commits: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const row = (
      await c.query<{ last: string; bets: number; commits: number }>(
        `select coalesce(max(id), $1::bigint)::text as last, count(*)::int as bets,
                count(distinct tx)::int as commits
           from bets where id > $1::bigint`,
        [after],
      )
    ).rows[0];
    return row ?? { last: after, bets: 0, commits: 0 };
  } finally {
    await c.end();
  }
}

/** Correctness after the run: ledger invariants, and gapless unique nonces per seed pair. */
export async function verifyDatabase(databaseUrl: string): Promise<{ bets: number; problems: string[] }> {
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const { checkLedger } = await import('../../apps/server/src/modules/ledger/index.js');
  const database = await openDatabase({ databaseUrl, poolSize: 2, log: pino({ level: 'silent' }) });
  try {
    const problems = (await checkLedger(database)).problems;
    const gaps = await database.query<{ id: string }>(
      `select s.id::text as id from seed_pairs s left join bets b on b.seed_pair_id = s.id
        group by s.id, s.nonce
       having count(b.id) <> s.nonce or coalesce(max(b.nonce), -1) <> s.nonce - 1`,
    );
    for (const g of gaps) problems.push(`seed pair ${g.id}: nonces are not 0 .. nonce - 1`);
    const n = await database.query<{ n: number }>('select count(*)::int as n from bets');
    return { bets: n[0]?.n ?? 0, problems };
  } finally {
    await database.close();
  }
}

/** Result of a pgbench run: tps and latency quantiles from its per-transaction log. */
export interface PgbenchResult {
  tps: number;
  transactions: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  output: string;
}

/** Runs pgbench; with `logDir`, parses its per-transaction log (`-l`) for latency quantiles. */
export async function runPgbench(args: {
  databaseUrl: string;
  script: string;
  clients: number;
  jobs: number;
  seconds: number;
  mode: 'prepared' | 'extended';
  logDir?: string;
  /** Open loop (`-R`): transactions per second, Poisson arrivals; latency then counts from the schedule. */
  rate?: number | undefined;
}): Promise<PgbenchResult> {
  const argv = ['-n', '-M', args.mode, '-c', String(args.clients), '-j', String(args.jobs)];
  argv.push('-T', String(args.seconds), '-f', args.script);
  if (args.rate) argv.push('-R', String(args.rate));
  if (args.logDir) argv.push('-l', `--log-prefix=${path.join(args.logDir, 'pgbench_log')}`);
  argv.push(args.databaseUrl);
  const child = spawn('pgbench', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const num = (re: RegExp) => Number(re.exec(output)?.[1] ?? NaN);
  const tps = num(/tps = ([\d.]+)/);
  if (code !== 0 || !Number.isFinite(tps)) throw new Error(`pgbench failed (exit ${code}):\n${output}`);
  const latencies: number[] = [];
  if (args.logDir) {
    for (const f of await readdir(args.logDir)) {
      if (!f.startsWith('pgbench_log')) continue;
      for (const line of (await readFile(path.join(args.logDir, f), 'utf8')).split('\n')) {
        // client transaction time script epoch epoch_us [schedule_lag]: with -R the latency from the
        // scheduled start is time + schedule_lag.
        const fields = line.split(' ');
        const us = Number(fields[2]) + (args.rate ? Number(fields[6]) : 0);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
  }
  return {
    tps,
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    output,
  };
}
