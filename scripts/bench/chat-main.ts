/**
 * Chat benchmark (issue F8), run as `scripts/bench/chat [options]`: 5,000 guest readers on the chat
 * channel `casino_en` while 20 signed-in writers post at the slow-mode limit, over two server nodes
 * that share a scratch PostgreSQL database and one Redis bus.
 *
 *   1. the first server process (chat-server.ts, `setup`) migrates and seeds the scratch database,
 *      creates the writers (a session each, signed in from 127.0.0.1) and starts the real server; the
 *      second (`join`) starts the real server on the same database and Redis bus (a unique
 *      REDIS_PREFIX per run);
 *   2. the reader process(es) (chat-readers.ts) open the guest sockets, split evenly over the nodes,
 *      and subscribe them to `casino_en`; the writer process (chat-writers.ts) opens one signed-in
 *      socket per writer, writer i on node i % nodes;
 *   3. for --seconds, every writer sends the `ChatMessage` whisper once per --interval seconds (5.05:
 *      just above the slow mode's 1 message per 5 s), the phases spread evenly;
 *   4. the processes report: the writers each message's send and reply time and outcome, the nodes
 *      when they handed each message to the hub, the readers their receive times.
 * Prints delivery latency (send -> receive on every reader socket), publish -> receive, the whisper
 * reply time, CPU per role and the target (delivery p99 < 150 ms). Exits 0 whatever the numbers
 * (they are recorded by hand in docs/BENCHMARKS.md, "Chat"), 1 when the run could not be completed,
 * 2 on bad options.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CpuSampler, isBackendOf } from './bets-cpu.js';
import { createScratchDatabase } from './bets-setup.js';
import { type RunData, printSummary, summarize } from './chat-report.js';
import type { ClientCommand, ClientReply, ServerCommand, ServerReply } from './chat-shared.js';
import { Proc, killAll, stopAll } from './crash-proc.js';
import { fmt } from './crash-report.js';
import { now } from './fanout-shared.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const USAGE = `Usage: scripts/bench/chat [options]

Chat readers and writers at the slow-mode limit over two server nodes (PostgreSQL and Redis).
Target (issue F8): message delivery p99 < 150 ms.

Options:
  --readers N      guest sockets subscribed to casino_en, split evenly over the nodes (default 5000)
  --writers N      signed-in players who post, split over the nodes (default 20)
  --seconds S      the measured window: the writers post for S seconds (default 60)
  --interval S     seconds between two messages of one writer (default 5.05; slow mode is 1 per 5 s)
  --nodes N        server nodes (1 or 2; default 2). With 2, both run the real server on the scratch
                   PostgreSQL database and one Redis bus (REDIS_URL, default redis://127.0.0.1:6379)
  --procs P        reader client processes (default: --nodes; at least --nodes)
  --batch B        sockets opened concurrently while ramping up (default 100)
  --database-url U PostgreSQL to create the scratch database on (default: DATABASE_URL; neither set:
                   PGlite in a fresh data folder, only with --nodes 1)
  --json FILE      also write the summary as JSON
  --keep           do not drop the scratch database
  -h, --help       this text

All writers come from 127.0.0.1, so the per-IP chat limit chat.ip_messages_per_minute (default 60) is
raised for the run to twice what the writers send (at least 60), unless CHAT_IP_MESSAGES_PER_MINUTE is set.
Each socket needs a file descriptor in a client and in a server process: with the defaults about
2,600 per node and 5,000 in the readers. If 'ulimit -n' is lower, raise it first (ulimit -n 20000).`;

interface Options {
  readers: number;
  writers: number;
  seconds: number;
  intervalMs: number;
  nodes: number;
  procs: number;
  batch: number;
  redisUrl: string;
  databaseUrl: string | undefined;
  json: string | undefined;
  keep: boolean;
}

function parseOptions(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        readers: { type: 'string', default: '5000' },
        writers: { type: 'string', default: '20' },
        seconds: { type: 'string', default: '60' },
        interval: { type: 'string', default: '5.05' },
        nodes: { type: 'string', default: '2' },
        procs: { type: 'string' },
        batch: { type: 'string', default: '100' },
        'database-url': { type: 'string' },
        json: { type: 'string' },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const num = (name: string, v: string | undefined, min: number, max: number): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < min || n > max) {
      console.error(`--${name} must be a number from ${min} to ${max}\n\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  const nodes = Math.round(num('nodes', values.nodes, 1, 2));
  const opts: Options = {
    readers: Math.round(num('readers', values.readers, 0, 100_000)),
    writers: Math.round(num('writers', values.writers, 1, 1_000)),
    seconds: num('seconds', values.seconds, 1, 3_600),
    intervalMs: Math.round(num('interval', values.interval, 0.1, 600) * 1000),
    nodes,
    procs: Math.max(nodes, Math.round(num('procs', values.procs ?? String(nodes), 1, 16))),
    batch: Math.round(num('batch', values.batch, 1, 5_000)),
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL,
    json: values.json,
    keep: values.keep,
  };
  if (opts.nodes > 1 && !opts.databaseUrl) {
    console.error(
      `--nodes ${opts.nodes} needs PostgreSQL (--database-url or DATABASE_URL): PGlite is one process`,
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

/** The chat.ip_messages_per_minute setting for the run: CHAT_IP_MESSAGES_PER_MINUTE as set, or twice what the writers send in a minute. */
function ipLimitOf(opts: Options): number {
  const set = Number(process.env.CHAT_IP_MESSAGES_PER_MINUTE);
  if (Number.isInteger(set) && set > 0) return set;
  return Math.min(100_000, Math.max(60, 2 * Math.ceil((opts.writers * 60_000) / opts.intervalMs)));
}

type ClientProc = Proc<ClientCommand, ClientReply>;
type ServerProc = Proc<ServerCommand, ServerReply>;

/** Waits for every process's `connected`, prints the totals, and flags a descriptor shortage. */
async function connected(kind: string, ps: ClientProc[]): Promise<number> {
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

/** Starts the nodes: the first sets the database up, the others join it. Returns them and their ports. */
async function startNodes(opts: Options, env: NodeJS.ProcessEnv, databaseUrl: string | undefined) {
  const ipLimit = ipLimitOf(opts);
  const redis =
    opts.nodes > 1 ? { redisUrl: opts.redisUrl, redisPrefix: `chat-bench-${process.pid}` } : undefined;
  const first: ServerProc = new Proc('chat-server.ts', env);
  first.send({ type: 'setup', databaseUrl, writers: opts.writers, ipLimit, ...redis });
  const ready = await first.next('ready', 600_000);
  const nodes = [first];
  const ports = [ready.port];
  for (let n = 1; n < opts.nodes && databaseUrl && redis; n += 1) {
    const node: ServerProc = new Proc('chat-server.ts', env);
    node.send({ type: 'join', databaseUrl, ipLimit, ...redis });
    ports.push((await node.next('joined', 120_000)).port);
    nodes.push(node);
  }
  console.log(
    `Server ready in ${fmt(ready.setupMs / 1000, 1)} s (${fmt(opts.writers)} writers); nodes: ${ports.length}` +
      ` (ports ${ports.join(', ')})${redis ? `, Redis bus ${opts.redisUrl}` : ''};` +
      ` CHAT_IP_MESSAGES_PER_MINUTE ${ipLimit}`,
  );
  return { nodes, ports, tokens: ready.tokens, ipLimit };
}

async function run(opts: Options): Promise<RunData> {
  const scratch = opts.databaseUrl ? await createScratchDatabase(opts.databaseUrl) : undefined;
  console.log(
    `Database: ${scratch ? `PostgreSQL, scratch database ${scratch.name}` : 'PGlite in a fresh data folder'}`,
  );
  try {
    const env = { ...process.env, NODE_ENV: 'test' };
    const { nodes, ports, tokens, ipLimit } = await startNodes(opts, env, scratch?.url);
    const urls = ports.map((port) => `ws://127.0.0.1:${port}/ws`);

    const readers: ClientProc[] = Array.from(
      { length: opts.readers ? opts.procs : 0 },
      () => new Proc<ClientCommand, ClientReply>('chat-readers.ts', env),
    );
    readers.forEach((p, i) => {
      const count = Math.floor(opts.readers / opts.procs) + (i < opts.readers % opts.procs ? 1 : 0);
      const batch = Math.ceil(opts.batch / opts.procs);
      p.send({ type: 'connect', urls: [urls[i % urls.length]!], count, batch });
    });
    await connected('readers', readers);
    const writers: ClientProc = new Proc('chat-writers.ts', env);
    writers.send({ type: 'connect', urls, count: tokens.length, tokens, batch: 20 });
    if ((await connected('writers', [writers])) === 0) throw new Error('no writer connected');

    const sampler = new CpuSampler((pid, cmdline) => {
      const node = nodes.findIndex((p) => p.child.pid === pid);
      if (node >= 0) return `node ${node + 1}`;
      if (readers.some((r) => r.child.pid === pid)) return 'readers';
      if (pid === writers.child.pid) return 'writers';
      if (cmdline.startsWith('redis-server')) return 'Redis';
      return scratch && isBackendOf(scratch.name)(cmdline) ? 'PostgreSQL' : undefined;
    });
    const startAt = now() + 1_000;
    const endAt = startAt + opts.seconds * 1000;
    await sleep(startAt - now() - 200);
    const loadStart = os.loadavg();
    sampler.start();
    for (const n of nodes) n.send({ type: 'mark' });
    console.log(
      `Window: ${fmt(opts.seconds)} s, each writer posts every ${fmt(opts.intervalMs / 1000, 2)} s` +
        ` (load average ${loadStart.map((x) => x.toFixed(2)).join(' ')})`,
    );
    writers.send({ type: 'run', startAt, endAt, intervalMs: opts.intervalMs, replyTimeoutMs: 30_000 });
    const { results } = await writers.next('sent', opts.seconds * 1000 + 120_000);
    // The last deliveries: give them a second after the last reply before the readers report.
    await sleep(1_000);
    const cpu = sampler.stop();
    const loadEnd = os.loadavg();

    for (const n of nodes) n.send({ type: 'report' });
    const servers = await Promise.all(nodes.map((n) => n.next('report', 60_000)));
    const accepted = results.filter((r) => r.status === 'ok');
    const sends = accepted.map((r): [number, number] => [r.id, r.sent]);
    const publishes = servers.flatMap((s) => s.publishes);
    for (const r of readers) r.send({ type: 'report', sends, publishes });
    const reports = await Promise.all(readers.map((r) => r.next('report', 120_000)));
    return {
      nodes: ports.length,
      readers: opts.readers,
      writers: opts.writers,
      seconds: opts.seconds,
      intervalMs: opts.intervalMs,
      ipLimit,
      sends: results,
      servers,
      reports: reports.map((r, i) => ({ ...r, node: i % ports.length })),
      cpu,
      loadStart,
      loadEnd,
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
    `Chat benchmark: ${fmt(opts.readers)} readers, ${fmt(opts.writers)} writers, ${fmt(opts.nodes)} node(s);` +
      ` ${cpus.length} CPUs (${cpus[0]?.model ?? '?'}), Node ${process.version}, Linux ${os.release()},` +
      ` ulimit -n ${fdLimit()}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  const limit = Number(fdLimit());
  if (Number.isFinite(limit) && limit < opts.readers + opts.writers + 300)
    console.error(`WARNING: ulimit -n ${limit} is below the sockets needed: run 'ulimit -n 20000' first.`);
  const data = await run(opts);
  const summary = summarize(data);
  printSummary(summary, data);
  if (opts.json) {
    const { readers, writers, seconds, intervalMs, nodes, procs } = opts;
    const options = { readers, writers, seconds, intervalMs, nodes, procs, ipLimit: data.ipLimit };
    const machine = { cpus: cpus.length, model: cpus[0]?.model, node: process.version, kernel: os.release() };
    writeFileSync(
      opts.json,
      JSON.stringify({ date: new Date().toISOString(), options, machine, summary }, null, 2),
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
