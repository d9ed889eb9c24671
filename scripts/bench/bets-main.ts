/**
 * Bet benchmark (issue F5): dice bets per second through the real HTTP API on PostgreSQL, next to
 * two baselines measured in the same run on the same machine.
 *
 * Usage (from the repository root):
 *   npx tsx scripts/bench/bets-main.ts [--duration 15] [--warmup 3] [--players 50] ...
 *   scripts/bench/bets [same options]          (the same, through the launcher)
 *   npx tsx scripts/bench/bets-main.ts --help  (all options)
 * PostgreSQL: DATABASE_URL or --database-url (default postgres://postgres@127.0.0.1:5432/postgres);
 * the benchmark creates a scratch database there and drops it at the end. pgbench must be on PATH.
 *
 * One run, in order, each phase with a warm-up before its measured window:
 *   0. set-up: the scratch database; the real server process (apps/server/src/main.ts, production
 *      mode, as deployed, with DATABASE_POOL_SIZE = one connection per player, as the raw baseline
 *      has) which migrates and seeds it; 50 players with a session, a real USDT account funded
 *      through the ledger and a seed pair.
 *   1. ours: a separate load-generator process (bets-load.ts) runs one loop per player, each
 *      placing 0.01 USDT dice bets (roll over 50.00, quick) one after the other with
 *      POST /api/whisper {event: 'Play'}.
 *   1b. ours, open loop (latency): the same load generator sends bets as a Poisson process at a
 *      fixed rate, `--open-share` (default 0.5) of the throughput phase 1 measured, and reports the
 *      latency from each bet's scheduled arrival. Phases 1, 2 and 3 are closed loops (50 players
 *      back to back): they measure the limit, and there latency is queueing (Little's law: mean
 *      latency = players / throughput), not service time; the p99 target is judged on this phase.
 *      The server is stopped afterwards.
 *   2. raw SQL: the same process type runs the bet's statements (bets-sql.ts: by default the
 *      ledger statements the engine sends: bet id, wager transfer, nonce + bet transaction, payout
 *      transfer on a win) as named prepared statements through a `pg` pool with one connection
 *      per player, taken per transaction as the server takes its pool's.
 *   3. pgbench: the same statements as a pgbench script (-M prepared, one client per player, -j 2).
 *   4. limit (G1): the database's own durable limit for a bet, independent of how the engine splits
 *      its work: pgbench with ONE statement per bet (bets-sql.ts `limitScript`: the player debited with
 *      a balance check and the payout credited in one update, one transfer with its two postings, the
 *      bet row), 16 clients by default (`--limit-clients`).
 *   1c. group (G1): phases 1 and 1b again on a server restarted with BET_GROUP_COMMIT=true (group
 *      commit of single-round bets), its open loop at `--open-share` of its own throughput.
 *   `--open-phases ours,raw,pgbench` also runs the baselines open-loop at the rate of 1b (pgbench
 *   -R), for reference.
 * Between phases: VACUUM ANALYZE and CHECKPOINT. Then the ledger invariants and gapless nonces are
 * checked over everything the phases wrote, and the report prints bets/s, p50/p90/p99 latency, the
 * CPU time per bet of PostgreSQL (the scratch database's backends), of the server and of the client
 * process (from /proc, sampled over each window), the ratios ours/raw and ours/pgbench, and the
 * targets (>= 50% of raw, >= 30% of pgbench, p99 < 100 ms). Exits 0 whatever the numbers (they are
 * recorded by hand in docs/BENCHMARKS.md), 1 on a set-up error, 2 on bad options.
 *
 * Diagnostics: `--statements all` puts every statement the server sends for the call into both
 * baselines, `--query-mode extended` makes them send unnamed statements (parsed and planned on
 * every execution), `--gap MS` paces each closed-loop player, `--server-pool N` gives the server
 * another pool size, `--profile DIR` writes a V8 CPU profile of the server. Results:
 * docs/BENCHMARKS.md, "Bets".
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CpuSampler, type CpuWindow, isBackendOf, machineBusyMs } from './bets-cpu.js';
import { type Row, fmt, printReport } from './bets-report.js';
import { type LoadCommand, type LoadReply, PLAY_REQUEST } from './bets-shared.js';
import { type StatementSet, limitScript, pgbenchScript, roundTrips } from './bets-sql.js';
import {
  commitsSince,
  type ServerProcess,
  createPlayers,
  createScratchDatabase,
  runPgbench,
  settle,
  startServer,
  verifyDatabase,
} from './bets-setup.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TSX = import.meta.resolve('tsx');

const USAGE = `Usage: npx tsx scripts/bench/bets-main.ts [options]   (or scripts/bench/bets [options])

Options:
  --duration S       measured seconds per phase (default 15)
  --warmup W         warm-up seconds before each measured window (default 3)
  --players N        concurrent players = HTTP clients = raw connections = pgbench clients (default 50)
  --gap MS           each player pauses MS ms after each bet (ours and raw; default 0: back to
                     back, i.e. saturation). With N players back to back, latency = N / throughput
                     (Little's law); a gap measures latency below saturation instead
  --statements SET   ledger (default): the bet's ledger writes; all: every statement the server
                     sends for the call (also the session lookup and the engine's pre-bet read)
  --only LIST        comma-separated phases to run: ours,group,raw,pgbench,limit (default all five)
  --limit-clients N  pgbench clients of the limit phase (default 16)
  --open-share S     open-loop latency phase at S x the measured throughput of ours (default 0.5;
                     0: no open-loop phase)
  --open-phases LIST phases that also run open-loop at that same rate: ours,raw,pgbench (default
                     ours)
  --group-parallel N BET_GROUP_COMMIT_PARALLEL of the group phase (default: the server's default)
  --rounds N         repeat the group phase (closed loop) and the limit right after it N times
                     (default 1), a fresh server each round; the group / limit target is then judged
                     on the median of the rounds' ratios (the limit alone varies by a third between
                     runs on a shared VM)
  --group-nodes N    server nodes of the group phase (default 1): N identical servers on the scratch
                     database with a Redis bus (--redis-url, else REDIS_URL, else
                     redis://127.0.0.1:6379), player i betting on node i mod N, as a load balancer
                     spreads clients; each node gets its share of --server-pool
  --http-client C    the load generator's HTTP client: undici (default) or node (node:http)
  --server-pool N    DATABASE_POOL_SIZE of the server (default: one connection per player, as the
                     raw baseline has; the server's own default is 10)
  --raw-connections C  connections of the raw-SQL baseline's pool (default: one per player)
  --query-mode M     baselines' protocol: prepared (default: named prepared statements, pgbench
                     -M prepared) or extended (unnamed statements parsed on every execution, as
                     the server's pg queries are; pgbench -M extended)
  --pgbench-jobs J   pgbench -j (default 2)
  --database-url U   PostgreSQL to create the scratch database on (default DATABASE_URL or
                     postgres://postgres@127.0.0.1:5432/postgres)
  --redis-url U      give the server REDIS_URL (multi-node bus; default none)
  --log-level L      the server's LOG_LEVEL (default warn)
  --profile DIR      write a V8 CPU profile of the server (.cpuprofile) into DIR
  --keep             do not drop the scratch database
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

/** Runs one load-generator phase in a forked process, with CPU accounting over the window. */
async function loadPhase(cmd: LoadCommand, database: string, serverPids: readonly number[]): Promise<Row> {
  const child = fork(path.join(here, 'bets-load.ts'), [], {
    execArgv: ['--import', TSX],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const backend = isBackendOf(database);
  const sampler = new CpuSampler((pid, cmdline) =>
    serverPids.includes(pid) ? 'server' : pid === child.pid ? 'load' : backend(cmdline) ? 'db' : undefined,
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
    return {
      phase: cmd.mode === 'http' ? 'ours' : 'raw',
      offered: cmd.rate,
      rate: r.completed / r.seconds,
      completed: r.completed,
      p50: r.p50,
      p90: r.p90,
      p99: r.p99,
      max: r.max,
      errors: r.errors,
      winShare: r.wins / Math.max(1, r.completed),
      cpu,
    };
  } finally {
    sampler.stop();
    if (child.connected) child.disconnect();
    children.delete(child);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '15' },
      warmup: { type: 'string', default: '3' },
      players: { type: 'string', default: '50' },
      gap: { type: 'string', default: '0' },
      statements: { type: 'string', default: 'ledger' },
      only: { type: 'string', default: 'ours,group,raw,pgbench,limit' },
      'limit-clients': { type: 'string', default: '16' },
      'server-pool': { type: 'string' },
      'group-parallel': { type: 'string' },
      'group-nodes': { type: 'string', default: '1' },
      rounds: { type: 'string', default: '1' },
      'http-client': { type: 'string', default: 'undici' },
      'open-share': { type: 'string', default: '0.5' },
      'open-phases': { type: 'string', default: 'ours' },
      'pgbench-jobs': { type: 'string', default: '2' },
      'raw-connections': { type: 'string' },
      'query-mode': { type: 'string', default: 'prepared' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
      profile: { type: 'string' },
      keep: { type: 'boolean', default: false },
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
  const players = int('players', values.players, 1, 90);
  const gap = int('gap', values.gap, 0, 60_000);
  const jobs = int('pgbench-jobs', values['pgbench-jobs'], 1, 64);
  const limitClients = int('limit-clients', values['limit-clients'], 1, 90);
  const rawConnections = values['raw-connections']
    ? int('raw-connections', values['raw-connections'], 1, players)
    : players;
  const serverPool = values['server-pool'] ? int('server-pool', values['server-pool'], 1, 200) : players;
  const groupEnv: Record<string, string> = { BET_GROUP_COMMIT: 'true' };
  const groupNodes = int('group-nodes', values['group-nodes'], 1, 8);
  const rounds = int('rounds', values.rounds, 1, 20);
  if (values['group-parallel'])
    groupEnv.BET_GROUP_COMMIT_PARALLEL = String(int('group-parallel', values['group-parallel'], 1, 32));
  const httpClient = values['http-client'];
  if (httpClient !== 'undici' && httpClient !== 'node') {
    console.error(`--http-client must be undici or node\n\n${USAGE}`);
    return 2;
  }
  const openShare = Number(values['open-share']);
  const openPhases = new Set(values['open-phases'].split(','));
  if (
    !(openShare >= 0 && openShare <= 1) ||
    [...openPhases].some((p) => !['ours', 'raw', 'pgbench'].includes(p))
  ) {
    console.error(USAGE);
    return 2;
  }
  /** The open-loop rate: a share of ours' measured throughput (or of the phase's own, without ours). */
  let openRate: number | undefined;
  const openRateFor = (phase: Row['phase'], measured: Row): number | undefined => {
    if (!openShare || gap > 0) return undefined;
    openRate ??= Math.max(1, Math.round(measured.rate * openShare));
    return openPhases.has(phase) ? openRate : undefined;
  };
  const set = values.statements as StatementSet;
  if (values['query-mode'] !== 'prepared' && values['query-mode'] !== 'extended') {
    console.error(USAGE);
    return 2;
  }
  const queryMode = values['query-mode'] as 'prepared' | 'extended';
  const phases = new Set(values.only.split(','));
  if (
    (set !== 'ledger' && set !== 'all') ||
    [...phases].some((p) => !['ours', 'group', 'raw', 'pgbench', 'limit'].includes(p))
  ) {
    console.error(USAGE);
    return 2;
  }
  const baseUrl =
    values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

  const idle = machineBusyMs();
  await sleep(1000);
  const background = ((machineBusyMs() - idle) / 1000 / os.cpus().length) * 100;
  const trips = roundTrips(set);
  console.log(
    `Bet benchmark: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, Linux ${os.release()};` +
      ` load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, machine busy ${fmt(background)}% just before the run`,
  );
  console.log(
    `${players} players${gap ? ` (${gap} ms pause after each bet)` : ''}, ${warmup} s warm-up + ${duration} s measured per phase; bet: ${PLAY_REQUEST.api_id} ${PLAY_REQUEST.bet} ${PLAY_REQUEST.currency}` +
      ` ${JSON.stringify(PLAY_REQUEST.data)}; baseline statements: ${set} (${trips.lose} round trips per lost bet, ${trips.win} per won bet)`,
  );

  const db = await createScratchDatabase(baseUrl);
  console.log(`scratch database ${db.name}`);
  let server: ServerProcess | undefined;
  const nodes: ServerProcess[] = [];
  const rows: Row[] = [];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'nebula-bets-pgbench-'));
  try {
    process.stdout.write('starting the server (migrations, seed)... ');
    const serverOptions = {
      databaseUrl: db.url,
      redisUrl: values['redis-url'],
      redisPrefix: db.name,
      poolSize: serverPool,
      logLevel: values['log-level'],
      profileDir: values.profile,
    };
    // ours: one transaction per bet (group commit off; the server's default is on).
    server = await startServer({ ...serverOptions, env: { BET_GROUP_COMMIT: 'false' } });
    children.add(server.child);
    console.log(`listening at ${server.url} (pid ${server.child.pid})`);
    process.stdout.write(`creating and funding ${players} players... `);
    const setup = await createPlayers(db.url, server.url, players);
    console.log('done');

    /** The closed and open loop through the HTTP API of the nodes `on` (ours: group commit off; group: on). */
    const httpPhases = async (phase: 'ours' | 'group', on: readonly ServerProcess[], round = 1) => {
      await settle(db.url);
      process.stdout.write(`${phase === 'ours' ? 'ours' : 'ours with group commit'}: HTTP API... `);
      const run = {
        type: 'run',
        mode: 'http',
        client: httpClient,
        urls: on.map((n) => n.url),
        tokens: setup.tokens,
        warmup,
        duration,
        gap,
      } as const;
      const measured = async (cmd: LoadCommand): Promise<Row> => {
        const before = await commitsSince(db.url, '0');
        const row = await loadPhase(
          cmd,
          db.name,
          on.map((n) => n.child.pid!),
        );
        const after = await commitsSince(db.url, before.last);
        return { ...row, phase, round, betsPerCommit: after.bets / Math.max(1, after.commits) };
      };
      const r = await measured(run);
      rows.push(r);
      console.log(`${fmt(r.rate)} bets/s`);
      // Group commit's latency is judged at half of its own throughput (ours': openRateFor).
      const rate =
        phase === 'ours'
          ? openRateFor('ours', r)
          : openShare && !gap && round === 1
            ? Math.max(1, Math.round(r.rate * openShare))
            : undefined;
      if (rate) {
        await settle(db.url);
        process.stdout.write(`${phase}, open loop at ${fmt(rate)} bets/s... `);
        const o = await measured({ ...run, rate });
        rows.push(o);
        console.log(`p99 ${fmt(o.p99, 1)} ms`);
      }
    };
    if (phases.has('ours')) await httpPhases('ours', [server]);
    await server.stop();
    /** The group phase (its open loop in the first round only) on a freshly started server. */
    const groupPhase = async (round: number) => {
      const env = JSON.stringify(groupEnv);
      if (round > 1) process.stdout.write(`round ${round}: `);
      if (groupNodes === 1) {
        process.stdout.write(`restarting the server with ${env}... `);
        server = await startServer({ ...serverOptions, env: groupEnv });
        children.add(server.child);
        console.log(`pid ${server.child.pid}`);
        await httpPhases('group', [server], round);
        await server.stop();
      } else {
        process.stdout.write(`starting ${groupNodes} server nodes with ${env} and a Redis bus... `);
        const nodeOptions = {
          ...serverOptions,
          redisUrl: values['redis-url'] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          poolSize: Math.max(1, Math.ceil(serverPool / groupNodes)),
          env: groupEnv,
        };
        for (let n = 0; n < groupNodes; n++) {
          const node = await startServer(nodeOptions);
          nodes.push(node);
          children.add(node.child);
        }
        console.log(`pids ${nodes.map((n) => n.child.pid).join(', ')}`);
        await httpPhases('group', nodes, round);
        for (const node of nodes.splice(0)) await node.stop();
      }
    };
    if (phases.has('group')) await groupPhase(1);

    if (phases.has('raw')) {
      await settle(db.url);
      process.stdout.write('raw SQL baseline... ');
      const cmd: LoadCommand = {
        type: 'run',
        mode: 'raw',
        databaseUrl: db.url,
        players: setup.players,
        house: setup.house,
        connections: rawConnections,
        prepared: queryMode === 'prepared',
        withReads: set === 'all',
        warmup,
        duration,
        gap,
      };
      const r = await loadPhase(cmd, db.name, []);
      rows.push(r);
      console.log(`${fmt(r.rate)} bets/s`);
      const rate = openRateFor('raw', r);
      if (rate) {
        await settle(db.url);
        process.stdout.write(`raw SQL, open loop at ${fmt(rate)} bets/s... `);
        const o = await loadPhase({ ...cmd, rate }, db.name, []);
        rows.push(o);
        console.log(`p99 ${fmt(o.p99, 1)} ms`);
      }
    }

    /** A pgbench phase over `text` (a script of bets-sql.ts) with `clients` clients. */
    const pgbenchPhase = async (
      phase: 'pgbench' | 'limit',
      text: string,
      clients: number,
      rate: number | undefined,
    ): Promise<Row> => {
      const script = path.join(tmp, `${phase}.sql`);
      await writeFile(script, text);
      const common = { databaseUrl: db.url, script, clients, jobs, mode: queryMode };
      await settle(db.url);
      if (warmup > 0) await runPgbench({ ...common, seconds: warmup, rate });
      const backend = isBackendOf(db.name);
      const sampler = new CpuSampler((_, cmdline) =>
        // Debian's /usr/bin/pgbench is a wrapper that execs /usr/lib/postgresql/<v>/bin/pgbench.
        path.basename(cmdline.split(' ')[0] ?? '') === 'pgbench'
          ? 'pgbench'
          : backend(cmdline)
            ? 'db'
            : undefined,
      );
      const logDir = await mkdtemp(path.join(tmp, 'log-'));
      sampler.start();
      let cpu: CpuWindow;
      let r;
      try {
        r = await runPgbench({ ...common, seconds: duration, logDir, rate });
      } finally {
        cpu = sampler.stop();
      }
      return {
        phase,
        offered: rate,
        rate: r.tps,
        completed: r.transactions,
        p50: r.p50,
        p90: r.p90,
        p99: r.p99,
        max: r.max,
        errors: r.failed ? { failed: r.failed } : {},
        winShare: NaN,
        cpu,
      };
    };

    if (phases.has('pgbench')) {
      const text = pgbenchScript(set, setup.house);
      process.stdout.write('pgbench baseline... ');
      const r = await pgbenchPhase('pgbench', text, players, undefined);
      rows.push(r);
      console.log(`${fmt(r.rate)} tps`);
      const rate = openRateFor('pgbench', r);
      if (rate) {
        process.stdout.write(`pgbench, open loop at ${fmt(rate)} tps... `);
        const o = await pgbenchPhase('pgbench', text, players, rate);
        rows.push(o);
        console.log(`p99 ${fmt(o.p99, 1)} ms`);
      }
    }

    const limitPhase = async (round: number) => {
      process.stdout.write(`durable limit (one statement per bet, ${limitClients} clients)... `);
      const r = await pgbenchPhase('limit', limitScript(setup.house), limitClients, undefined);
      rows.push({ ...r, round });
      console.log(`${fmt(r.rate)} tps`);
    };
    if (phases.has('limit')) await limitPhase(1);
    for (let round = 2; round <= rounds; round++) {
      if (phases.has('group')) await groupPhase(round);
      if (phases.has('limit')) await limitPhase(round);
    }

    const check = await verifyDatabase(db.url);
    printReport(rows, check, { gap, players, openShare, groupNodes });
    return 0;
  } catch (err) {
    console.error(`\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (server) console.error(`server output:\n${server.output()}`);
    return 1;
  } finally {
    await server?.stop().catch(() => undefined);
    for (const node of nodes) await node.stop().catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
    if (values.keep) console.log(`kept database ${db.url}`);
    else await db.drop().catch((err: unknown) => console.error(`could not drop ${db.name}: ${String(err)}`));
  }
}

main()
  .then((code) => {
    killAll();
    process.exit(code);
  })
  .catch((err: unknown) => {
    console.error(err);
    killAll();
    process.exit(1);
  });
