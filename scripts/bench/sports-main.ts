/**
 * Sportsbook benchmark (issue G9), run as `scripts/bench/sports [options]`: odds changes of a live match
 * fanned out to 5,000 sockets while 200 players place bets.
 *
 *   1. the server process (sports-server.ts: `createServer` on PGlite in a fresh data folder, no
 *      simulated feed) creates and funds the players and, through the feed, a live match and the
 *      pre-match matches they bet on;
 *   2. the socket process(es) (sports-watchers.ts) open the guest sockets and subscribe them to
 *      `Sportsbook`;
 *   3. at once: the server applies --rate odds changes per second of the live match for warm-up +
 *      --seconds (each a feed message in its own transaction, published after its commit), and the
 *      bettors process (sports-bettors.ts) has every player place a pre-match single every
 *      --bet-every seconds over HTTP;
 *   4. the processes report: the server when each change reached its hub, the sockets their receive
 *      times, the bettors each bet's answer time.
 * Prints odds-change delivery latency (hub -> every socket; the changes after warm-up), the feed
 * message's own time (transaction to hub), deliveries lost, bet answer latency and refusals, and the
 * CPU of each process and of the rest of the machine (a shared machine: see the "other" column).
 * Exits 0 whatever the numbers (recorded by hand in docs/BENCHMARKS.md, "Sportsbook"), 1 when the run
 * could not be completed, 2 on bad options.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CpuSampler } from './bets-cpu.js';
import { fmt, ofHistograms, ofValues, type Quantiles } from './crash-report.js';
import { Proc, killAll, stopAll } from './crash-proc.js';
import type {
  BettorCommand,
  BettorReply,
  ServerCommand,
  ServerReply,
  WatcherCommand,
  WatcherReply,
} from './sports-shared.js';

const USAGE = `Usage: scripts/bench/sports [options]

Odds changes of a live match fanned out to guest sockets on Sportsbook while players place pre-match bets.

Options:
  --clients N      guest sockets subscribed to Sportsbook (default 5000)
  --bettors N      signed-in players placing 1 USDT singles (default 200)
  --rate R         odds changes per second (default 5)
  --seconds S      measured seconds (default 20), after --warmup seconds (default 3)
  --bet-every S    seconds between two bets of one player (default 2: 100 bets/s with 200 players)
  --events N       pre-match matches to bet on, 3 outcomes each (default 10)
  --procs P        socket processes (default 1)
  --batch B        sockets opened concurrently while ramping up (default 100)
  -h, --help`;

function options() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '5000' },
      bettors: { type: 'string', default: '200' },
      rate: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      'bet-every': { type: 'string', default: '2' },
      events: { type: 'string', default: '10' },
      procs: { type: 'string', default: '1' },
      batch: { type: 'string', default: '100' },
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
  return {
    clients: Math.round(num('clients', values.clients, 0, 100_000)),
    bettors: Math.round(num('bettors', values.bettors, 1, 5_000)),
    rate: num('rate', values.rate, 0.1, 200),
    seconds: num('seconds', values.seconds, 1, 600),
    warmup: num('warmup', values.warmup, 0, 60),
    betEvery: num('bet-every', values['bet-every'], 0.05, 60),
    events: Math.round(num('events', values.events, 1, 1_000)),
    procs: Math.round(num('procs', values.procs, 1, 16)),
    batch: Math.round(num('batch', values.batch, 1, 5_000)),
  };
}

const row = (label: string, q: Quantiles) =>
  `  ${label.padEnd(34)} n ${fmt(q.n).padStart(9)}  p50 ${fmt(q.p50, 2).padStart(8)}  p95 ${fmt(q.p95, 2).padStart(8)}  p99 ${fmt(q.p99, 2).padStart(8)}  max ${fmt(q.max, 2).padStart(8)} ms`;
const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const opts = options();
  console.log(
    `Sportsbook benchmark: ${opts.clients} sockets, ${opts.bettors} bettors (a bet each every ${opts.betEvery} s), ` +
      `${opts.rate} odds changes/s for ${opts.warmup} + ${opts.seconds} s`,
  );
  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown'} x ${os.cpus().length}, Node ${process.version}, load ${loadAverage()}`,
  );
  const env = { ...process.env, NODE_ENV: 'test' };
  const server = new Proc<ServerCommand, ServerReply>('sports-server.ts', env);
  server.send({ type: 'setup', bettors: opts.bettors, events: opts.events });
  const ready = await server.next('ready', 600_000);
  console.log(`Server ready in ${fmt(ready.setupMs / 1000, 1)} s (${ready.picks.length} outcomes to bet on)`);
  const url = `ws://127.0.0.1:${ready.port}/ws`;

  const watchers = Array.from(
    { length: opts.procs },
    () => new Proc<WatcherCommand, WatcherReply>('sports-watchers.ts', env),
  );
  watchers.forEach((w, i) => {
    const count = Math.floor(opts.clients / opts.procs) + (i < opts.clients % opts.procs ? 1 : 0);
    w.send({ type: 'connect', url, count, batch: opts.batch });
  });
  const connected = await Promise.all(watchers.map((w) => w.next('connected', 600_000)));
  const sockets = connected.reduce((a, c) => a + c.connected, 0);
  const failures = connected.flatMap((c) => Object.entries(c.errors));
  console.log(
    `Connected ${fmt(sockets)} sockets in ${fmt(Math.max(...connected.map((c) => c.ms)) / 1000, 1)} s` +
      (failures.length ? `; failures: ${JSON.stringify(Object.fromEntries(failures))}` : ''),
  );

  const bettors = new Proc<BettorCommand, BettorReply>('sports-bettors.ts', env);
  const sampler = new CpuSampler((pid) => {
    if (pid === server.child.pid) return 'server';
    if (pid === bettors.child.pid) return 'bettors';
    return watchers.some((w) => w.child.pid === pid) ? 'sockets' : undefined;
  });
  const total = Math.round((opts.warmup + opts.seconds) * opts.rate);
  const from = Math.round(opts.warmup * opts.rate) + 1;
  const loadBefore = loadAverage();
  sampler.start();
  server.send({ type: 'publish', rate: opts.rate, count: total });
  bettors.send({
    type: 'bet',
    url: `http://127.0.0.1:${ready.port}`,
    tokens: ready.tokens,
    picks: ready.picks,
    seconds: opts.warmup + opts.seconds,
    everyMs: opts.betEvery * 1000,
  });
  const timeout = (opts.warmup + opts.seconds) * 1000 + 120_000;
  const [published, bets] = await Promise.all([
    server.next('published', timeout),
    bettors.next('bets', timeout),
  ]);
  // The last changes' frames are still on their way: a moment for them.
  await new Promise((r) => setTimeout(r, 2000));
  const cpu = sampler.stop();
  const loadAfter = loadAverage();
  for (const w of watchers) w.send({ type: 'report', emits: published.emits, from });
  const reports = await Promise.all(watchers.map((w) => w.next('report', 120_000)));
  server.send({ type: 'report' });
  const check = await server.next('report', 120_000);

  const delivery = ofHistograms(reports.map((r) => r.latency));
  const missing = reports.reduce((a, r) => a + r.missing, 0);
  const delivered = reports.reduce((a, r) => a + r.delivered, 0);
  const betLatency = ofValues(bets.latencies);
  const ours = Object.values(cpu.roles).reduce((a, b) => a + b, 0);
  const pct = (ms: number) => `${fmt((ms / cpu.wallMs) * 100)}%`;
  console.log('');
  console.log(
    `Odds changes: ${published.emits.length} published (${total - from + 1} measured), ${fmt(delivered)} deliveries measured, ${fmt(missing)} lost`,
  );
  console.log(row('delivery (hub -> socket)', delivery));
  console.log(row('feed message (transaction -> hub)', ofValues(published.applyMs)));
  console.log(
    `Bets: ${fmt(bets.placed)} placed in ${fmt(bets.wallMs / 1000, 1)} s (${fmt(bets.placed / (bets.wallMs / 1000), 1)}/s)` +
      `; refused: ${JSON.stringify(bets.errors)}; in the database: ${check.bets}`,
  );
  console.log(row('bet answer (POST /api/sports/bet)', betLatency));
  console.log(
    `CPU over ${fmt(cpu.wallMs / 1000, 1)} s (of ${os.cpus().length} cores = ${os.cpus().length * 100}%): ` +
      Object.entries(cpu.roles)
        .map(([role, ms]) => `${role} ${pct(ms)}`)
        .join(', ') +
      `, other processes ${pct(Math.max(0, cpu.machineMs - ours))}; load average ${loadBefore} -> ${loadAfter}`,
  );
  console.log(
    `Ledger check: ${check.ledgerProblems.length ? check.ledgerProblems.join('; ') : 'no problems'}`,
  );
}

main()
  .then(() => stopAll())
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    await stopAll().catch(() => killAll());
    process.exit(1);
  });
