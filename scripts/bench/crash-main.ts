/**
 * Crash round benchmark (issue F6), run as `scripts/bench/crash [options]`: one round of the real crash
 * loop watched by 5,000 spectator sockets while 500 bettors bet and then cash out at the same moment.
 *
 *   1. the server process (crash-server.ts: `createServer` on PGlite in a fresh data folder, or on a
 *      scratch PostgreSQL database created here and dropped at the end) creates and funds the bettors,
 *      publishes a one-game chain whose crash point is at least --crash-point, and starts: its crash
 *      loop opens the round at once, with a betting time of --betting seconds;
 *   2. the bettor process (crash-bettors.ts) opens one signed-in socket per bettor and sends CrashBet
 *      from each, spread over --bet-spread seconds;
 *   3. the spectator process(es) (crash-spectators.ts) open the guest sockets and subscribe them to
 *      `Everyone`, still in the betting phase (before step 2 with --spectators-first);
 *   4. the round runs; --cashout-at seconds in, every bettor sends CrashCashOut in one loop;
 *   5. after the bust and the settlement the processes report: the server the emit time of every
 *      MultiplayerDataUpdate (a hook on the hub), the spectators their receive times, the bettors the
 *      reply and BalanceModification time of every cash-out, the database the claims and payouts.
 * Prints tick delivery latency (emit -> receive on every spectator socket), tick intervals, the cash-out
 * settlement times and the two targets (tick p99 < 150 ms; every cash-out settled within 2 s). Exits 0
 * whatever the numbers (they are recorded by hand in docs/BENCHMARKS.md, "Crash round"), 1 when the
 * run could not be completed, 2 on bad options.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { timeFor } from '@nebula/games';
import { CpuSampler, isBackendOf } from './bets-cpu.js';
import { quantile } from './bets-shared.js';
import { createScratchDatabase } from './bets-setup.js';
import { type RunData, burstWindow, fmt, printSummary, summarize } from './crash-report.js';
import { Proc, killAll, stopAll } from './crash-proc.js';
import type { ClientCommand, ClientReply, ServerCommand, ServerReply } from './crash-shared.js';
import { now } from './fanout-shared.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const USAGE = `Usage: scripts/bench/crash [options]

One crash round with spectators watching and bettors cashing out at the same moment.
Targets (issue F6): tick delivery p99 < 150 ms; every cash-out settled within 2 s of its request.

Options:
  --spectators N   guest sockets subscribed to Everyone (default 5000)
  --bettors N      signed-in players who bet 1 USDT and cash out by hand (default 500)
  --nodes N        server nodes (1 or 2; default 1). With 2, both run the real server on the scratch
                   PostgreSQL database and one Redis bus (REDIS_URL, default redis://127.0.0.1:6379);
                   the first is the jobs leader (it runs the round); spectators and bettors are split
                   evenly over the nodes, so half of the ticks reach their sockets through Redis
  --procs P        spectator client processes (default 1; at least --nodes)
  --batch B        sockets opened concurrently while ramping up (default 100)
  --betting S      betting time of the round, seconds: must cover connecting and betting (default 60)
  --bet-spread S   the bets are sent evenly over S seconds (default 5)
  --tick-ms MS     CRASH_TICK_MS, the interval of MultiplayerDataUpdate (default 150, the server's)
  --cashout-at S   seconds into the run at which every bettor sends CrashCashOut (default 8)
  --crash-point X  the round crashes at X to 1.15 X (default 5: about 27 s of run)
  --no-watch       bettors do not subscribe to Everyone (by default they watch like spectators)
  --spectators-first  connect the spectators before the bets (by default they connect after the
                   bets, still in the betting phase): measures the betting phase under their load
  --database-url U PostgreSQL to create the scratch database on (default: DATABASE_URL; neither
                   set: PGlite in a fresh data folder, as the server runs without DATABASE_URL)
  --pool N         DATABASE_POOL_SIZE of the server on PostgreSQL (default: the server's, 10)
  --profile DIR    write a V8 CPU profile of the server process into DIR
  --json FILE      also write the summary as JSON
  --keep           do not drop the scratch database
  -h, --help       this text

Each socket needs a file descriptor in the client and one in the server process: with the defaults
about 5,700 each. If 'ulimit -n' is lower, raise it first (ulimit -n 20000).`;

// ---------------------------------------------------------------------------------------------

interface Options {
  nodes: number;
  redisUrl: string;
  spectators: number;
  bettors: number;
  procs: number;
  batch: number;
  betting: number;
  betSpread: number;
  tickMs: number;
  cashoutAt: number;
  crashPoint: bigint;
  watch: boolean;
  spectatorsFirst: boolean;
  databaseUrl: string | undefined;
  pool: number | undefined;
  profile: string | undefined;
  json: string | undefined;
  keep: boolean;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '1' },
      spectators: { type: 'string', default: '5000' },
      bettors: { type: 'string', default: '500' },
      procs: { type: 'string', default: '1' },
      batch: { type: 'string', default: '100' },
      betting: { type: 'string', default: '60' },
      'bet-spread': { type: 'string', default: '5' },
      'tick-ms': { type: 'string', default: '150' },
      'cashout-at': { type: 'string', default: '8' },
      'crash-point': { type: 'string', default: '5' },
      'no-watch': { type: 'boolean', default: false },
      'spectators-first': { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      pool: { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const num = (name: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) {
      console.error(`--${name} must be a number from ${min} to ${max}\n\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  const nodes = Math.round(num('nodes', values.nodes, 1, 2));
  const opts: Options = {
    nodes,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    spectators: Math.round(num('spectators', values.spectators, 0, 100_000)),
    bettors: Math.round(num('bettors', values.bettors, 1, 5_000)),
    procs: Math.max(nodes, Math.round(num('procs', values.procs, 1, 16))),
    batch: Math.round(num('batch', values.batch, 1, 5_000)),
    betting: num('betting', values.betting, 1, 600),
    betSpread: num('bet-spread', values['bet-spread'], 0, 300),
    tickMs: Math.round(num('tick-ms', values['tick-ms'], 50, 2_000)),
    cashoutAt: num('cashout-at', values['cashout-at'], 0, 600),
    crashPoint: BigInt(Math.round(num('crash-point', values['crash-point'], 1.01, 1_000) * 100)),
    watch: !values['no-watch'],
    spectatorsFirst: values['spectators-first'],
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    pool: values.pool === undefined ? undefined : Math.round(num('pool', values.pool, 1, 200)),
    profile: values.profile,
    json: values.json,
    keep: values.keep,
  };
  if (opts.nodes > 1 && !opts.databaseUrl) {
    console.error(
      `--nodes ${opts.nodes} needs PostgreSQL (--database-url or DATABASE_URL): PGlite is one process`,
    );
    process.exit(2);
  }
  if (opts.cashoutAt * 1000 + 10_000 > timeFor(opts.crashPoint)) {
    console.error(
      `--cashout-at ${opts.cashoutAt} s leaves less than 10 s before a ${Number(opts.crashPoint) / 100}x bust` +
        ` (at ${fmt(timeFor(opts.crashPoint) / 1000, 1)} s): raise --crash-point or lower --cashout-at.`,
    );
    process.exit(2);
  }
  return opts;
}

function fdLimit(): string {
  try {
    return execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

type Ready = Extract<ServerReply, { type: 'ready' }>;
type ClientProc = Proc<ClientCommand, ClientReply>;

/** Waits for every process's `connected`, prints the totals, and flags a descriptor shortage. */
async function connected(kind: string, ps: ClientProc[]) {
  const replies = await Promise.all(ps.map((p) => p.next('connected', 600_000)));
  const failed: Record<string, number> = {};
  for (const r of replies) for (const [k, n] of Object.entries(r.errors)) failed[k] = (failed[k] ?? 0) + n;
  const n = replies.reduce((a, r) => a + r.connected, 0);
  const ms = Math.max(0, ...replies.map((r) => r.ms));
  const failures = Object.keys(failed).length ? `; failures: ${JSON.stringify(failed)}` : '';
  console.log(`Connected ${fmt(n)} ${kind} in ${fmt(ms / 1000, 1)} s${failures}`);
  if (failed.EMFILE || failed.ENFILE)
    console.error(`  out of file descriptors: raise 'ulimit -n' (now ${fdLimit()}) and run again.`);
  return n;
}

/**
 * Opens the sockets and places the bets, all in the betting phase. By default the bettors connect
 * and bet first and the spectators connect after; with --spectators-first the spectators are there
 * before the bets, so every bet's MultiplayerGameBet goes to all of them (the betting phase under load).
 */
async function connectAndBet(opts: Options, env: NodeJS.ProcessEnv, ready: Ready, ports: number[]) {
  const urls = ports.map((port) => `ws://127.0.0.1:${port}/ws`);
  const viewers: ClientProc[] = Array.from(
    { length: opts.spectators ? opts.procs : 0 },
    () => new Proc<ClientCommand, ClientReply>('crash-spectators.ts', env),
  );
  const bettors: ClientProc = new Proc<ClientCommand, ClientReply>('crash-bettors.ts', env);
  const watch = () =>
    viewers.forEach((p, i) => {
      const count = Math.floor(opts.spectators / opts.procs) + (i < opts.spectators % opts.procs ? 1 : 0);
      const url = urls[i % urls.length] as string;
      p.send({ type: 'connect', urls: [url], count, batch: Math.ceil(opts.batch / opts.procs), watch: true });
    });
  if (opts.spectatorsFirst) {
    watch();
    await connected('spectators', viewers);
  }
  bettors.send({
    type: 'connect',
    urls,
    count: opts.bettors,
    tokens: ready.tokens,
    batch: 50,
    watch: opts.watch,
  });
  const signedIn = await connected('bettors', [bettors]);

  bettors.send({ type: 'bet', spreadMs: opts.betSpread * 1000 });
  const bets = await bettors.next('bets', Math.max(0, ready.bettingEndsAt - Date.now()) + 120_000);
  const errors = Object.keys(bets.errors).length ? `; failed: ${JSON.stringify(bets.errors)}` : '';
  console.log(
    `Bets: ${fmt(bets.placed)} of ${fmt(signedIn)} placed in ${fmt(bets.ms / 1000, 1)} s` +
      ` (reply p50 ${fmt(quantile(bets.latencies, 0.5))} / p99 ${fmt(quantile(bets.latencies, 0.99))}` +
      ` / max ${fmt(bets.latencies.at(-1) ?? NaN)} ms)${errors}`,
  );
  if (!opts.spectatorsFirst) {
    watch();
    await connected('spectators', viewers);
  }
  const left = (ready.bettingEndsAt - Date.now()) / 1000;
  console.log(
    left > 0
      ? `Betting closes ${fmt(left, 1)} s later.`
      : 'BETTING CLOSED before all sockets and bets were in: raise --betting.',
  );
  return { viewers, bettors, bets };
}

async function run(opts: Options): Promise<RunData> {
  const scratch = opts.databaseUrl ? await createScratchDatabase(opts.databaseUrl) : undefined;
  console.log(
    `Database: ${scratch ? `PostgreSQL, scratch database ${scratch.name}` : 'PGlite in a fresh data folder'}`,
  );
  try {
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      CRASH_TICK_MS: String(opts.tickMs),
      // One measured round: the next chain (10 games) is made only when needed.
      CRASH_CHAIN_LENGTH: '10',
    };
    const profile = opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profile)}`] : [];
    const server = new Proc<ServerCommand, ServerReply>('crash-server.ts', env, profile);
    const redis =
      opts.nodes > 1 ? { redisUrl: opts.redisUrl, redisPrefix: `crash-bench-${process.pid}` } : undefined;
    server.send({
      type: 'setup',
      databaseUrl: scratch?.url,
      poolSize: opts.pool,
      bettors: opts.bettors,
      crashPoint: opts.crashPoint.toString(),
      // The round timings are operator settings (crash.betting_ms, crash.pause_ms): a long pause after
      // the measured round.
      bettingMs: Math.round(opts.betting * 1000),
      pauseMs: 60_000,
      ...redis,
    });
    const ready = await server.next('ready', 900_000);
    const others: Proc<ServerCommand, ServerReply>[] = [];
    const ports = [ready.port];
    for (let n = 1; n < opts.nodes && scratch && redis; n += 1) {
      const node = new Proc<ServerCommand, ServerReply>('crash-server.ts', env, profile);
      node.send({ type: 'join', databaseUrl: scratch.url, poolSize: opts.pool, ...redis });
      ports.push((await node.next('joined', 120_000)).port);
      others.push(node);
    }
    if (ports.length > 1)
      console.log(`Nodes: ${ports.length} (ports ${ports.join(', ')}), leader on ${ready.port}`);
    console.log(
      `Server ready in ${fmt(ready.setupMs / 1000, 1)} s (${fmt(opts.bettors)} bettors funded); round ${ready.round}` +
        ` crashes at ${(Number(ready.crashPoint) / 100).toFixed(2)}x, betting closes in` +
        ` ${fmt((ready.bettingEndsAt - Date.now()) / 1000, 1)} s`,
    );

    const { viewers, bettors, bets } = await connectAndBet(opts, env, ready, ports);
    if (bets.placed === 0) throw new Error('no bet was placed');

    const running = await server.next(
      'phase',
      Math.max(0, ready.bettingEndsAt - Date.now()) + 60_000,
      (m) => m.phase === 'running',
    );
    if (running.phase !== 'running') throw new Error('unexpected phase');
    const sampler = new CpuSampler((pid, cmdline) => {
      if (pid === server.child.pid || others.some((o) => o.child.pid === pid)) return 'server';
      if (pid === bettors.child.pid) return 'bettors';
      if (viewers.some((v) => v.child.pid === pid)) return 'spectators';
      return scratch && isBackendOf(scratch.name)(cmdline) ? 'PostgreSQL' : undefined;
    });
    sampler.start();
    await sleep(running.startedAt + opts.cashoutAt * 1000 - now());
    bettors.send({ type: 'cashout', round: ready.round, timeoutMs: 60_000 });
    const cash = await bettors.next('cashouts', 90_000);
    await server.next('phase', ready.bustMs + 120_000, (m) => m.phase === 'busted');
    const cpu = sampler.stop();
    await server.next('phase', 180_000, (m) => m.phase === 'settled');

    server.send({ type: 'report' });
    const serverReport = await server.next('report', 120_000);
    const burst = burstWindow(cash.results, opts.tickMs);
    for (const v of viewers)
      v.send({
        type: 'report',
        emits: serverReport.ticks.map((t) => [t.elapsed, t.t]),
        startedAt: running.startedAt,
        burstFrom: burst.from,
        burstTo: burst.to,
      });
    const reports = await Promise.all(viewers.map((v) => v.next('report', 120_000)));
    return {
      spectators: opts.spectators,
      bettors: opts.bettors,
      tickMs: opts.tickMs,
      startedAt: running.startedAt,
      crashPoint: ready.crashPoint,
      bustMs: ready.bustMs,
      requested: bets.placed,
      cashouts: cash.results,
      burstFrom: burst.from,
      burstTo: burst.to,
      userIds: ready.userIds,
      server: serverReport,
      reports,
      cpu,
      betting: {
        spectatorsFirst: opts.spectatorsFirst,
        placed: bets.placed,
        ms: bets.ms,
        errors: bets.errors,
        latencies: bets.latencies,
      },
    };
  } finally {
    await stopAll();
    if (scratch && !opts.keep)
      await scratch.drop().catch((err: unknown) => console.error(`drop failed: ${String(err)}`));
    else if (scratch) console.log(`Kept the scratch database ${scratch.name}.`);
  }
}

async function main(): Promise<number> {
  const opts = parseOptions();
  const cpus = os.cpus();
  console.log(
    `Crash round benchmark: ${fmt(opts.spectators)} spectators, ${fmt(opts.bettors)} bettors;` +
      ` ${cpus.length} CPUs (${cpus[0]?.model ?? '?'}), Node ${process.version}, Linux ${os.release()},` +
      ` ulimit -n ${fdLimit()}; load average ${loadAverage()}`,
  );
  const limit = Number(fdLimit());
  if (Number.isFinite(limit) && limit < opts.spectators + opts.bettors + 300)
    console.error(
      `WARNING: ulimit -n ${limit} is below the sockets the server needs: run 'ulimit -n 20000' first.`,
    );
  const data = await run(opts);
  const summary = summarize(data);
  printSummary(summary, data);
  console.log(`\nLoad average after the run: ${loadAverage()}`);
  if (opts.json) {
    const {
      nodes,
      spectators,
      bettors,
      procs: p,
      betting,
      betSpread,
      tickMs,
      cashoutAt,
      watch,
      pool,
      spectatorsFirst,
    } = opts;
    const options = {
      nodes,
      spectators,
      bettors,
      procs: p,
      betting,
      betSpread,
      tickMs,
      cashoutAt,
      watch,
      pool,
      spectatorsFirst,
    };
    const machine = { cpus: cpus.length, model: cpus[0]?.model, node: process.version, kernel: os.release() };
    writeFileSync(
      opts.json,
      JSON.stringify(
        { date: new Date().toISOString(), options, machine, loadAverage: os.loadavg(), summary },
        null,
        2,
      ),
    );
    console.log(`Summary written to ${opts.json}`);
  }
  return 0;
}

main()
  .catch((err: unknown) => {
    console.error(`\nThe run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  })
  .then((code) => {
    killAll();
    process.exit(code);
  });
