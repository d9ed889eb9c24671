/**
 * Realtime fan-out benchmark (issue F2), run as `scripts/bench/fanout [options]`.
 *
 * For each scenario and each server, in turn (never both at once, they would share the cores):
 *   1. fork the server: A = our server (fanout-ours.ts: createServer on in-memory PGlite, the real
 *      gateway and hub), B = a bare `ws` broadcast server (fanout-baseline.ts);
 *   2. fork the client process(es) (fanout-client.ts), which ramp up N WebSocket connections and
 *      subscribe to `Everyone`;
 *   3. tell the server to publish a ~200-byte event at R events/s for warm-up + S seconds; events carry
 *      a sequence number and a send timestamp, the clients record latency and count deliveries of the
 *      measured window (after warm-up);
 *   4. wait for delivery to finish (or stall), collect the reports, stop every child.
 * Prints per server: clients connected, events sent, messages delivered, delivered msgs/s, p50/p99
 * latency, lost messages; the ours/baseline throughput ratio; PASS/FAIL per target. Always exits 0
 * (the numbers are recorded by hand in docs/BENCHMARKS.md), except on bad arguments or setup errors.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  FRAME_BYTES,
  Histogram,
  tickData,
  type ClientCommand,
  type ClientReply,
  type ClientReport,
  type ServerCommand,
  type ServerReply,
} from './fanout-shared.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TSX = import.meta.resolve('tsx');

const USAGE = `Usage: scripts/bench/fanout [options]

Without --clients/--rate/--seconds runs the two default scenarios:
  1) 5,000 clients at 10 events/s   target: our p99 latency < 150 ms, no message lost
  2) 1,000 clients at 100 events/s  target: our delivered msgs/s >= 70% of the bare ws baseline

Options:
  --clients N      connections per run (custom scenario; default 1000)
  --rate R         events per second (custom scenario; default 10)
  --seconds S      measured seconds of steady state after warm-up (default 10)
  --warmup W       warm-up seconds before the measured window (default 2)
  --procs P        client processes (default 1: with the server that uses the 2 cores)
  --batch B        connections opened concurrently while ramping up (default 100)
  --repeat K       run each server K times, alternating the order, and report medians (default 1)
  --only WHICH     ours | baseline (default both)
  --profile DIR    run our server with --cpu-prof, profiles written to DIR
  --json FILE      also write the raw results as JSON
  -h, --help       this text`;

interface Scenario {
  name: string;
  clients: number;
  rate: number;
  seconds: number;
  target?: 'p99' | 'ratio';
}

interface RunResult {
  server: 'ours' | 'baseline';
  clients: number;
  eventsSent: number;
  windowEvents: number;
  expected: number;
  delivered: number;
  lost: number;
  msgsPerSec: number;
  p50: number;
  p99: number;
  max: number;
  serverCpu: number;
  /** Server CPU time per delivered message, µs: the cost that does not depend on other load. */
  serverUsPerMsg: number;
  clientCpu: number;
  /** CPU used by other processes on the machine while the run published, percent of one core. */
  otherCpu: number;
  lagP99: number;
  lagMax: number;
  rampMs: number;
  connectErrors: Record<string, number>;
  closedDuringRun: number;
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and killed on exit, ctrl-C or error.

const children = new Set<ChildProcess>();

function killAll(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the benchmark and its child processes.`);
    killAll();
    process.exit(130);
  });
}

function spawnChild(file: string, extraExecArgv: string[] = []): ChildProcess {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', TSX, ...extraExecArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Resolves with the child's next message of `type`, rejects on timeout, error message or exit. */
function nextMessage<T extends { type: string }>(
  child: ChildProcess,
  type: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no '${type}' from ${path.basename(String(child.spawnfile))} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (msg: { type: string; message?: string }) => {
      if (msg.type === type) {
        cleanup();
        resolve(msg as T);
      } else if (msg.type === 'error') {
        cleanup();
        reject(new Error(msg.message));
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child process exited (code ${code}) while waiting for '${type}'`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'exit' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Busy CPU time of the whole machine so far, ms (Linux /proc/stat; NaN elsewhere). */
function machineBusyMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------

async function runOne(
  server: 'ours' | 'baseline',
  sc: Scenario,
  opts: { warmup: number; procs: number; batch: number; repeat: number; profile?: string },
): Promise<RunResult> {
  const profileArgs =
    server === 'ours' && opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profile)}`] : [];
  const srv = spawnChild(server === 'ours' ? 'fanout-ours.ts' : 'fanout-baseline.ts', profileArgs);
  const clients: ChildProcess[] = [];
  try {
    const ready = await nextMessage<Extract<ServerReply, { type: 'ready' }>>(srv, 'ready', 120_000);
    const url = `ws://127.0.0.1:${ready.port}/ws`;
    const warmupEvents = Math.round(opts.warmup * sc.rate);
    const windowEvents = Math.round(sc.seconds * sc.rate);
    const procs = Math.max(1, Math.min(opts.procs, sc.clients));
    for (let i = 0; i < procs; i++) clients.push(spawnChild('fanout-client.ts'));

    process.stdout.write(`  ${server.padEnd(8)} connecting ${sc.clients} clients...`);
    const connected = await Promise.all(
      clients.map((c, i) => {
        const count = Math.floor(sc.clients / procs) + (i < sc.clients % procs ? 1 : 0);
        const cmd: ClientCommand = {
          type: 'connect',
          url,
          count,
          subscribe: server === 'ours',
          batch: Math.max(1, Math.round(opts.batch / procs)),
          windowStart: warmupEvents,
          windowEnd: warmupEvents + windowEvents,
        };
        c.send(cmd);
        return nextMessage<Extract<ClientReply, { type: 'connected' }>>(c, 'connected', 300_000);
      }),
    );
    const connectErrors: Record<string, number> = {};
    for (const r of connected)
      for (const [k, n] of Object.entries(r.errors)) connectErrors[k] = (connectErrors[k] ?? 0) + n;
    const nConnected = connected.reduce((a, r) => a + r.connected, 0);
    const rampMs = Math.max(...connected.map((r) => r.ms));
    const failed = Object.entries(connectErrors);
    process.stdout.write(
      ` ${nConnected} in ${(rampMs / 1000).toFixed(1)} s${failed.length ? ` (failed: ${failed.map(([k, n]) => `${k} x${n}`).join(', ')})` : ''}\n`,
    );
    if (connectErrors.EMFILE || connectErrors.ENFILE) {
      console.error(
        `  ERROR: out of file descriptors (EMFILE) after ${nConnected} connections. Each client process needs` +
          ` one descriptor per connection and the server as many again: raise the limit (ulimit -n, now ${fdLimit()})` +
          ` or lower --clients.`,
      );
    }
    srv.send({ type: 'status' } satisfies ServerCommand);
    const status = await nextMessage<Extract<ServerReply, { type: 'status' }>>(srv, 'status', 10_000);
    if (status.subscribers < nConnected)
      console.warn(`  warning: the server sees ${status.subscribers} subscribers, clients ${nConnected}`);

    // Let the accept burst settle before the clock starts.
    await sleep(1000);
    for (const c of clients) c.send({ type: 'mark' } satisfies ClientCommand);
    const busy0 = machineBusyMs();
    const t0 = performance.now();
    const events = warmupEvents + windowEvents;
    srv.send({ type: 'publish', rate: sc.rate, events, windowStart: warmupEvents } satisfies ServerCommand);
    const published = await nextMessage<Extract<ServerReply, { type: 'published' }>>(
      srv,
      'published',
      (events / sc.rate) * 1000 * 3 + 60_000,
    );

    // Drain: wait until everything arrived, or nothing more arrives for 2 s (at most 20 s).
    const expected = nConnected * windowEvents;
    let last = -1;
    let lastChange = Date.now();
    const drainUntil = Date.now() + 20_000;
    while (Date.now() < drainUntil) {
      const progress = await Promise.all(
        clients.map((c) => {
          c.send({ type: 'progress' } satisfies ClientCommand);
          return nextMessage<Extract<ClientReply, { type: 'progress' }>>(c, 'progress', 10_000);
        }),
      );
      const delivered = progress.reduce((a, p) => a + p.delivered, 0);
      if (delivered >= expected) break;
      if (delivered !== last) {
        last = delivered;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > 2000) break;
      await sleep(200);
    }

    const reports = await Promise.all(
      clients.map((c) => {
        c.send({ type: 'report' } satisfies ClientCommand);
        return nextMessage<ClientReport>(c, 'report', 30_000);
      }),
    );
    const busyMs = machineBusyMs() - busy0;
    const wallMs = performance.now() - t0;
    const hist = new Histogram();
    for (const r of reports) hist.merge(r.hist, r.overflow);
    const delivered = reports.reduce((a, r) => a + r.delivered, 0);
    const lastRecv = Math.max(...reports.map((r) => r.lastRecv));
    // Over the nominal window, or longer when delivery ran late: a publisher that fell behind and
    // then caught up in a burst must not count as more than the offered rate.
    const seconds = Math.max(windowEvents / sc.rate, (lastRecv - published.windowFirstSend) / 1000);
    return {
      server,
      clients: nConnected,
      eventsSent: published.sent,
      windowEvents,
      expected,
      delivered,
      lost: expected - delivered,
      msgsPerSec: delivered / seconds,
      p50: hist.quantile(0.5),
      p99: hist.quantile(0.99),
      max: hist.max(),
      serverCpu: published.cpuPercent,
      // All messages of the publishing period (warm-up included), the period the CPU time covers.
      serverUsPerMsg:
        (published.cpuMs * 1000) /
        Math.max(
          1,
          reports.reduce((a, r) => a + r.received, 0),
        ),
      clientCpu: reports.reduce((a, r) => a + r.cpuPercent, 0),
      otherCpu: Math.max(
        0,
        ((busyMs - published.cpuMs - reports.reduce((a, r) => a + r.cpuMs, 0)) / wallMs) * 100,
      ),
      lagP99: published.lagP99,
      lagMax: published.lagMax,
      rampMs,
      connectErrors,
      closedDuringRun: reports.reduce((a, r) => a + r.closedDuringRun, 0),
    };
  } finally {
    await Promise.all([...clients.map(stop), stop(srv)]);
  }
}

// ---------------------------------------------------------------------------------------------
// Output.

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

function printTable(results: RunResult[]): void {
  const rows = [
    [
      'server',
      'clients',
      'events sent',
      'expected',
      'delivered',
      'msgs/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'lost',
      'server CPU',
      'µs/msg',
      'client CPU',
      'other CPU',
    ],
    ...results.map((r) => [
      r.server,
      fmt(r.clients),
      `${fmt(r.eventsSent)} (${fmt(r.windowEvents)} measured)`,
      fmt(r.expected),
      fmt(r.delivered),
      fmt(r.msgsPerSec),
      fmt(r.p50, 2),
      fmt(r.p99, 2),
      fmt(r.max, 1),
      fmt(r.lost),
      `${fmt(r.serverCpu)}%`,
      fmt(r.serverUsPerMsg, 2),
      `${fmt(r.clientCpu)}%`,
      `${fmt(r.otherCpu)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}`);
  for (const r of results) {
    const notes: string[] = [];
    if (r.lagMax > 50)
      notes.push(`publisher ran late (p99 ${fmt(r.lagP99, 1)} ms, max ${fmt(r.lagMax, 1)} ms)`);
    if (r.closedDuringRun) notes.push(`${r.closedDuringRun} connections closed during the run`);
    if (r.clientCpu > 90)
      notes.push(`client processes near saturation (${fmt(r.clientCpu)}% CPU): the load generator may limit`);
    if (notes.length) console.log(`  note (${r.server}): ${notes.join('; ')}`);
  }
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Medians over repeated runs of one server (the run itself when there is one). */
function summary(
  runs: RunResult[],
): Pick<RunResult, 'msgsPerSec' | 'p50' | 'p99' | 'lost' | 'serverUsPerMsg'> | null {
  if (!runs.length) return null;
  return {
    msgsPerSec: median(runs.map((r) => r.msgsPerSec)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    lost: median(runs.map((r) => r.lost)),
    serverUsPerMsg: median(runs.map((r) => r.serverUsPerMsg)),
  };
}

function fdLimit(): string {
  try {
    return execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string', default: '2' },
      procs: { type: 'string', default: '1' },
      batch: { type: 'string', default: '100' },
      repeat: { type: 'string', default: '1' },
      only: { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const num = (name: string, v: string | undefined, fallback: number, min: number, max: number): number => {
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isFinite(n) || n < min || n > max) {
      console.error(`--${name} must be a number from ${min} to ${max}\n\n${USAGE}`);
      process.exit(2);
    }
    return n;
  };
  const seconds = num('seconds', values.seconds, 10, 1, 600);
  const opts = {
    warmup: num('warmup', values.warmup, 2, 0, 60),
    procs: Math.round(num('procs', values.procs, 1, 1, 16)),
    batch: Math.round(num('batch', values.batch, 100, 1, 5000)),
    repeat: Math.round(num('repeat', values.repeat, 1, 1, 20)),
    ...(values.profile ? { profile: values.profile } : {}),
  };
  if (values.only && values.only !== 'ours' && values.only !== 'baseline') {
    console.error(`--only must be ours or baseline\n\n${USAGE}`);
    process.exit(2);
  }
  const servers: ('ours' | 'baseline')[] = values.only
    ? [values.only as 'ours' | 'baseline']
    : ['ours', 'baseline'];
  const custom = values.clients !== undefined || values.rate !== undefined || values.seconds !== undefined;
  const scenarios: Scenario[] = custom
    ? [
        {
          name: 'custom',
          clients: Math.round(num('clients', values.clients, 1000, 1, 100_000)),
          rate: num('rate', values.rate, 10, 0.1, 10_000),
          seconds,
        },
      ]
    : [
        { name: '1', clients: 5000, rate: 10, seconds, target: 'p99' },
        { name: '2', clients: 1000, rate: 100, seconds, target: 'ratio' },
      ];

  const frameBytes = JSON.stringify({
    channel: 'Everyone',
    event: 'BenchTick',
    data: tickData(12345),
  }).length;
  console.log(
    `Realtime fan-out benchmark: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version},` +
      ` Linux ${os.release()}, ulimit -n ${fdLimit()}; ${frameBytes}-byte frames (target ${FRAME_BYTES});` +
      ` warm-up ${opts.warmup} s, ${opts.procs} client process(es)`,
  );
  const limit = Number(fdLimit());
  const biggest = Math.max(...scenarios.map((s) => s.clients));
  if (Number.isFinite(limit) && limit < biggest + 200) {
    console.error(
      `ERROR: ulimit -n is ${limit}, below the ${biggest} connections + some files each process needs.` +
        ` Raise it (ulimit -n ${biggest * 2}) or lower --clients.`,
    );
  }

  const all: { scenario: Scenario; results: RunResult[] }[] = [];
  for (const sc of scenarios) {
    console.log(
      `\nScenario ${sc.name}: ${fmt(sc.clients)} clients, ${sc.rate} events/s, ${opts.warmup} s warm-up + ${sc.seconds} s measured`,
    );
    const results: RunResult[] = [];
    for (let rep = 0; rep < opts.repeat; rep++) {
      // Alternate the order so slow drifts in the machine's other load hit both servers alike.
      for (const server of rep % 2 ? [...servers].reverse() : servers) {
        try {
          results.push(await runOne(server, sc, opts));
        } catch (err) {
          console.error(`\n  ${server}: run failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    printTable(results);
    const ours = summary(results.filter((r) => r.server === 'ours'));
    const base = summary(results.filter((r) => r.server === 'baseline'));
    const of = opts.repeat > 1 ? ` (median of ${opts.repeat} runs each)` : '';
    for (const [name, r] of [
      ['ours', ours],
      ['baseline', base],
    ] as const) {
      if (r)
        console.log(
          `  ${name}${of}: ${fmt(r.msgsPerSec)} msgs/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms,` +
            ` lost ${fmt(r.lost)}, ${fmt(r.serverUsPerMsg, 2)} µs server CPU per message`,
        );
    }
    if (ours && base)
      console.log(
        `  ratio ours/baseline: delivered msgs/s ${fmt((ours.msgsPerSec / base.msgsPerSec) * 100, 1)}%,` +
          ` server CPU per message ${fmt((ours.serverUsPerMsg / base.serverUsPerMsg) * 100, 1)}%`,
      );
    if (sc.target === 'p99') {
      const pass = !!ours && ours.p99 < 150 && ours.lost === 0;
      console.log(
        `  target: ours p99 < 150 ms with nothing lost -> ${pass ? 'PASS' : 'FAIL'}` +
          (ours ? ` (p99 ${fmt(ours.p99, 2)} ms, lost ${fmt(ours.lost)})` : ''),
      );
    }
    if (sc.target === 'ratio') {
      const ratio = ours && base ? ours.msgsPerSec / base.msgsPerSec : NaN;
      console.log(
        `  target: ours >= 70% of baseline delivered msgs/s -> ${ratio >= 0.7 ? 'PASS' : 'FAIL'} (${fmt(ratio * 100, 1)}%)`,
      );
    }
    all.push({ scenario: sc, results });
  }
  if (values.json) {
    writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), scenarios: all }, null, 2));
    console.log(`\nRaw results written to ${values.json}`);
  }
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  })
  .finally(() => {
    killAll();
    process.exit(0);
  });
