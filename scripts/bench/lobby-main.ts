/**
 * Lobby benchmark (issue F7): `gamesFilter` lobby rows and searches per second through the real HTTP
 * API, with a catalogue of 5,000 games and 100 providers on PostgreSQL, 50 concurrent clients.
 *
 * Usage (from the repository root):
 *   scripts/bench/lobby [--duration 20] [--warmup 5] [--clients 50] ...
 *   npx tsx scripts/bench/lobby-main.ts --help   (all options)
 * PostgreSQL: DATABASE_URL or --database-url (default postgres://postgres@127.0.0.1:5432/postgres);
 * the benchmark creates a scratch database there and drops it at the end.
 *
 * One run, in order:
 *   1. set-up: the scratch database; the real server process (apps/server/src/main.ts, production
 *      mode, TRUSTED_COUNTRY_HEADER=cf-ipcountry) which migrates it and seeds the in-house games; the
 *      generated catalogue (lobby-setup.ts): 100 providers (a quarter restricted somewhere), 5,000
 *      games, 10 signed-in players with 20 favourites each; VACUUM ANALYZE; a probe of every request.
 *   2. catalogue work alone, one call at a time in this process: loading the in-memory snapshot
 *      (modules/catalogue/snapshot.ts), filtering it for a lobby row and for a search (what each
 *      request does), and, as a baseline, the same lists as one SQL query per request.
 *   3. load: a separate process (lobby-load.ts) runs one loop per client, back to back: 60% lobby
 *      rows (six home filters, limit 10), 40% searches (page size 6, page 2 one time in five),
 *      each client with a country header, the first 10 signed in. CPU time of the server, the
 *      database backends and the load process is sampled from /proc over the measured window, and
 *      so is the whole machine's: the rest is other work that was running.
 * Prints req/s and p50/p90/p99/max per kind and overall, against the target p99 < 50 ms. Exits 0
 * whatever the numbers (recorded by hand in docs/BENCHMARKS.md, "Lobby"), 1 on a set-up error, 2 on
 * bad options (with --check: 3 when the target is missed).
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { CpuSampler, isBackendOf } from './bets-cpu.js';
import { createScratchDatabase, generateCatalogue, probe, startServer } from './lobby-setup.js';
import {
  type KindStats,
  LOBBY_ROWS,
  type LoadCommand,
  type LoadReply,
  SEARCH_WORDS,
  stats,
} from './lobby-shared.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TSX = import.meta.resolve('tsx');
const TARGET_P99_MS = 50;

const USAGE = `Usage: scripts/bench/lobby [options]   (or npx tsx scripts/bench/lobby-main.ts [options])

Options:
  --duration S       measured seconds (default 20)
  --warmup W         warm-up seconds before the measured window (default 5)
  --clients N        concurrent clients, each back to back on its own connection (default 50)
  --signed-in N      how many of the clients are signed in (default 10)
  --search-share F   share of searches among the requests, 0 to 1 (default 0.4)
  --gap MS           each client pauses MS ms after each response (default 0: back to back, i.e.
                     saturation, where latency = clients / throughput by Little's law; a gap
                     measures latency below saturation, as players who look at the page between
                     requests)
  --games N          generated games (default 5000; plus the 8 in-house games)
  --providers N      generated providers (default 100)
  --sql-iterations N iterations of the catalogue-work-alone measurement per list (default 300; 0 skips)
  --server-pool N    DATABASE_POOL_SIZE of the server (default: the server's own, 10)
  --database-url U   PostgreSQL to create the scratch database on (default DATABASE_URL or
                     postgres://postgres@127.0.0.1:5432/postgres)
  --log-level L      the server's LOG_LEVEL (default warn)
  --profile DIR      write a V8 CPU profile of the server (.cpuprofile) into DIR
  --keep             do not drop the scratch database
  --check            exit 3 when p99 is not under ${TARGET_P99_MS} ms
  -h, --help         this text`;

const children = new Set<ChildProcess>();
const killAll = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: stopping (the scratch database may be left behind).`);
    killAll();
    process.exit(130);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

/** What a per-request SQL query for the same lists would cost (the design the snapshot replaced). */
const SQL_BASELINE = `
  select g.id, g.name, g.image, g.icon, g.type, g.provider, p.name as provider_name, g.priority, g.categories,
         g.is_featured, g.is_search_featured, g.custom_category, g.launchable,
         exists (select 1 from provider_restrictions r where r.provider = g.provider and $1 = any (r.iso)) as blocked,
         count(*) over () as total
    from games g left join game_providers p on p.id = g.provider
   where not g.hidden and not g.disabled and (case when $2 then strpos(lower(g.name), $3) > 0 else g.categories @> array[$3] end)
   order by g.priority desc, g.name, g.id limit $4`;

/**
 * The catalogue work alone, one call at a time in this process: loading the snapshot, filtering it
 * (what each request does), and the per-request SQL baseline for a category row and a search.
 */
async function catalogueAlone(databaseUrl: string, iterations: number) {
  const { openDatabase } = await import('../../apps/server/src/db/client.js');
  const { catalogueVersion, loadSnapshot } =
    await import('../../apps/server/src/modules/catalogue/snapshot.js');
  const database = await openDatabase({ databaseUrl, poolSize: 1, log: pino({ level: 'silent' }) });
  try {
    const time = async (n: number, fn: (i: number) => unknown) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await fn(i);
        out.push(performance.now() - t);
      }
      return stats(out);
    };
    const load = await time(5, () => loadSnapshot(database));
    const version = await time(20, () => catalogueVersion(database));
    const snapshot = await loadSnapshot(database);
    const view = { favourites: new Set<string>(), iso: 'US' };
    const row = await time(iterations, (i) =>
      snapshot.filter([LOBBY_ROWS[i % LOBBY_ROWS.length]] as never, { offset: 0, limit: 10 }, view),
    );
    const search = await time(iterations, (i) =>
      snapshot.filter(
        [{ key: 'name', type: 'search', expect: SEARCH_WORDS[i % SEARCH_WORDS.length] as string }],
        { offset: 0, limit: 6 },
        view,
      ),
    );
    const sqlRow = await time(iterations, () => database.query(SQL_BASELINE, ['US', false, 'slots', 10]));
    const sqlSearch = await time(iterations, (i) =>
      database.query(SQL_BASELINE, ['US', true, SEARCH_WORDS[i % SEARCH_WORDS.length], 6]),
    );
    return { load, version, row, search, sqlRow, sqlSearch };
  } finally {
    await database.close();
  }
}

async function loadPhase(cmd: LoadCommand, database: string, serverPid: number | undefined) {
  const child = fork(path.join(here, 'lobby-load.ts'), [], {
    execArgv: ['--import', TSX],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const backend = isBackendOf(database);
  const sampler = new CpuSampler((pid, cmdline) =>
    pid === serverPid ? 'server' : pid === child.pid ? 'load' : backend(cmdline) ? 'db' : undefined,
  );
  try {
    const reply = () =>
      new Promise<LoadReply>((resolve, reject) => {
        child.once('message', (m: LoadReply) =>
          m.type === 'error' ? reject(new Error(m.message)) : resolve(m),
        );
        child.once('exit', (code) => reject(new Error(`load generator exited (code ${code})`)));
      });
    await reply();
    const result = reply();
    child.send(cmd);
    await sleep(cmd.warmup * 1000);
    sampler.start();
    const r = await result;
    const cpu = sampler.stop();
    if (r.type !== 'result') throw new Error('unexpected reply from the load generator');
    return { r, cpu };
  } finally {
    sampler.stop();
    if (child.connected) child.disconnect();
    children.delete(child);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      clients: { type: 'string', default: '50' },
      'signed-in': { type: 'string', default: '10' },
      'search-share': { type: 'string', default: '0.4' },
      gap: { type: 'string', default: '0' },
      games: { type: 'string', default: '5000' },
      providers: { type: 'string', default: '100' },
      'sql-iterations': { type: 'string', default: '300' },
      'server-pool': { type: 'string' },
      'database-url': { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
      profile: { type: 'string' },
      keep: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const int = (name: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      console.error(`--${name} must be an integer from ${min} to ${max}\n\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  const duration = int('duration', values.duration, 1, 600);
  const warmup = int('warmup', values.warmup, 0, 120);
  const clients = int('clients', values.clients, 1, 500);
  const signedIn = int('signed-in', values['signed-in'], 0, clients);
  const gap = int('gap', values.gap, 0, 60_000);
  const games = int('games', values.games, 10, 200_000);
  const providers = int('providers', values.providers, 1, 5_000);
  const sqlIterations = int('sql-iterations', values['sql-iterations'], 0, 100_000);
  const serverPool = values['server-pool'] ? int('server-pool', values['server-pool'], 1, 200) : undefined;
  const searchShare = Number(values['search-share']);
  if (!(searchShare >= 0 && searchShare <= 1)) {
    console.error(`--search-share must be from 0 to 1\n\n${USAGE}`);
    return 2;
  }
  const baseUrl =
    values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  const scratch = await createScratchDatabase(baseUrl);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const version = new pg.Client({ connectionString: scratch.url });
    await version.connect();
    const pgVersion =
      (await version.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
    await version.end();
    const cpus = os.cpus();
    console.log(
      `Lobby benchmark: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL ${pgVersion}`,
    );
    console.log(`scratch database ${scratch.name}; starting the server (production mode)...`);
    server = await startServer({
      databaseUrl: scratch.url,
      poolSize: serverPool,
      logLevel: values['log-level'],
      profileDir: values.profile,
    });
    const catalogue = await generateCatalogue(scratch.url, { providers, games, signedIn });
    console.log(
      `catalogue: ${catalogue.games} games (${catalogue.listed} listed), ${catalogue.providers} providers ` +
        `(${catalogue.restrictedProviders} restricted somewhere), ${signedIn} signed-in players`,
    );
    await probe(server.url);

    if (sqlIterations > 0) {
      const a = await catalogueAlone(scratch.url, sqlIterations);
      const l = (label: string, k: KindStats) =>
        `  ${label.padEnd(34)} p50 ${ms(k.p50).padStart(6)} ms  p99 ${ms(k.p99).padStart(6)} ms  max ${ms(k.max).padStart(6)} ms`;
      console.log(`\ncatalogue work alone (one call at a time; ${sqlIterations} per list):`);
      console.log(l('version check (every 2 s)', a.version));
      console.log(l('snapshot load (when it changed)', a.load));
      console.log(l('snapshot filter, lobby row', a.row));
      console.log(l('snapshot filter, search', a.search));
      console.log(l('SQL per request (baseline), row', a.sqlRow));
      console.log(l('SQL per request (baseline), search', a.sqlSearch));
    }

    const pace = gap > 0 ? `pausing ${gap} ms after each response` : 'back to back';
    console.log(`\nload: ${clients} clients ${pace}, ${warmup} s warm-up, ${duration} s measured...`);
    const { r, cpu } = await loadPhase(
      { type: 'run', url: server.url, clients, signedIn, searchShare, warmup, duration, gap },
      scratch.name,
      server.child.pid,
    );
    if (r.type !== 'result') throw new Error('no result');
    const line = (label: string, s: KindStats) =>
      `  ${label.padEnd(10)} ${String(s.completed).padStart(7)} req  ${(s.completed / r.seconds).toFixed(0).padStart(6)} req/s` +
      `  p50 ${ms(s.p50).padStart(6)}  p90 ${ms(s.p90).padStart(6)}  p99 ${ms(s.p99).padStart(6)}  max ${ms(s.max).padStart(6)} ms`;
    console.log(line('lobby rows', r.byKind.row));
    console.log(line('searches', r.byKind.search));
    console.log(line('all', r.all));
    const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
    if (errorCount) console.log(`  errors: ${JSON.stringify(r.errors)}`);
    const wall = cpu.wallMs;
    const share = (v: number | undefined) => `${(((v ?? 0) / wall) * 100).toFixed(0)}%`;
    const roles = (cpu.roles.server ?? 0) + (cpu.roles.db ?? 0) + (cpu.roles.load ?? 0);
    console.log(
      `  CPU (100% = one core): server ${share(cpu.roles.server)}, PostgreSQL ${share(cpu.roles.db)}, ` +
        `load generator ${share(cpu.roles.load)}, other processes ${share(Math.max(0, cpu.machineMs - roles))} ` +
        `(machine ${share(cpu.machineMs)} of ${os.cpus().length * 100}%)`,
    );
    const met = r.all.p99 < TARGET_P99_MS && errorCount === 0;
    console.log(
      `\ntarget p99 < ${TARGET_P99_MS} ms at ${clients} clients (${pace}): ${met ? 'met' : 'NOT met'}`,
    );
    return values.check && !met ? 3 : 0;
  } finally {
    await server?.stop();
    if (values.keep) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    killAll();
    process.exit(1);
  },
);
