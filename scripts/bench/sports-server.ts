/**
 * Sportsbook benchmark, server process: the real server (`createServer`: gateway, hub, the sports
 * module's routes) on PGlite in a fresh data folder, without the simulated feed (SPORTS_SIMULATION
 * off): the benchmark is the feed. Setup migrates and seeds, creates the bettors (a session each, 100
 * USDT funded through the ledger) and, through `applyFeedMessage` as any feed does, one live match and
 * `events` pre-match matches, each with a 1x2 market.
 *
 * `publish` applies `count` odds changes of the live match at `rate` per second, each one feed message
 * in its own transaction, exactly as a provider's adapter would; the module publishes
 * `SportOddsChange` on `Sportsbook` after the commit. `hub.publishRaw` is wrapped (no server code
 * changes) to record when each change reaches the hub.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import { seedDatabase } from '../../apps/server/src/db/seed.js';
import { Ledger, checkLedger } from '../../apps/server/src/modules/ledger/index.js';
import { type FeedMessage, applyFeedMessage } from '../../apps/server/src/modules/sports/index.js';
import type { AppContext } from '../../apps/server/src/platform/context.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { type Server, createServer } from '../../apps/server/src/server.js';
import { createUser } from '../../apps/server/test/helpers/factories.js';
import { errorText, post } from './crash-shared.js';
import { exitWithParent, now } from './fanout-shared.js';
import {
  CURRENCY,
  type Pick,
  type ServerCommand,
  type ServerReply,
  oddsOf,
  seqOfOdds,
} from './sports-shared.js';

const tell = (msg: ServerReply) => post(msg);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FEED = 'bench';
const LIVE = 'live-1';

let server: Server | undefined;
let ctx: AppContext | undefined;
let dataDir: string | undefined;
let seq = 0;
const handed = new Map<number, number>();

async function createBettors(database: Database, count: number) {
  const ledger = new Ledger(database);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(database, { name: `sports_bench_${i}` });
    await ledger.transfer({
      key: `sports-bench-fund:${user.id}`,
      kind: 'deposit',
      currency: CURRENCY,
      amount: 100n * 100_000_000n,
      from: { system: 'chain' },
      to: { user: user.id, kind: 'real' },
    });
    out.push(user.token);
  }
  return out;
}

const market = (odds: readonly number[]) => ({
  template: '1x2',
  name: '1x2',
  main: true,
  outcomes: [
    { key: '1', name: 'Home', odds: odds[0]! },
    { key: 'x', name: 'Draw', odds: odds[1]! },
    { key: '2', name: 'Away', odds: odds[2]! },
  ],
});

function apply(message: Record<string, unknown>): Promise<boolean> {
  return applyFeedMessage(ctx!, {
    feed: FEED,
    seq: ++seq,
    at: new Date().toISOString(),
    ...message,
  } as FeedMessage);
}

async function fixture(ext: string, startsAt: Date): Promise<void> {
  await apply({
    kind: 'fixture',
    event: ext,
    sport: 'soccer-1',
    category: { id: 'bench', name: 'Bench' },
    tournament: { id: 'bench-cup', name: 'Bench Cup' },
    competitors: [
      { id: `${ext}-h`, name: `Home ${ext}`, abbreviation: 'HOM', qualifier: 'home' },
      { id: `${ext}-a`, name: `Away ${ext}`, abbreviation: 'AWY', qualifier: 'away' },
    ],
    name: `Home ${ext} vs Away ${ext}`,
    startsAt: startsAt.toISOString(),
    simulated: false,
    markets: [market([2100, 3300, 3600])],
  });
}

async function setup(cmd: Extract<ServerCommand, { type: 'setup' }>): Promise<void> {
  const started = performance.now();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'nebula-sports-bench-'));
  const config = loadConfig({
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('WS_'))),
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SPORTS_SIMULATION: 'off',
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    log: pino({ level: 'silent' }),
  });
  await runMigrations(database);
  await seedDatabase(database, { withDemoAccounts: false });
  const tokens = await createBettors(database, cmd.bettors);
  server = await createServer(config, { database });
  const { log, realtime, nodeId, ledger, settings, services } = server;
  ctx = { config, database, log, realtime, nodeId, ledger, settings, services };
  const hub = server.realtime.hub;
  const original = hub.publishRaw.bind(hub);
  hub.publishRaw = (channel: string, event: string, data: unknown) => {
    if (event === 'SportOddsChange') {
      const odds = (data as { markets: { outcomes: { odds: number }[] }[] }).markets[0]?.outcomes[0]?.odds;
      if (odds !== undefined) handed.set(seqOfOdds(odds), now());
    }
    original(channel, event, data);
  };
  const { port } = await server.listen();

  const later = new Date(Date.now() + 3_600_000);
  await fixture(LIVE, new Date());
  await apply({
    kind: 'odds_change',
    event: LIVE,
    status: 'live',
    score: { home: 0, away: 0 },
    markets: [market(oddsOf(0))],
  });
  for (let i = 1; i <= cmd.events; i++) await fixture(`pre-${i}`, later);
  const picks = await database.query<Pick>(
    `select o.id::text as id, o.odds from sport_outcomes o join sport_markets m on m.id = o.market_id
       join sport_events e on e.id = m.event_id where e.feed = $1 and e.external_id like 'pre-%' order by o.id`,
    [FEED],
  );
  tell({ type: 'ready', port, tokens, picks, setupMs: performance.now() - started });
}

async function publish(cmd: Extract<ServerCommand, { type: 'publish' }>): Promise<void> {
  const period = 1000 / cmd.rate;
  const applied: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let n = 1; n <= cmd.count; n++) {
    const wait = start + (n - 1) * period - performance.now();
    await new Promise((r) => (wait > 0 ? setTimeout(r, Math.ceil(wait)) : setImmediate(r)));
    const t = now();
    inFlight.push(
      apply({ kind: 'odds_change', event: LIVE, markets: [market(oddsOf(n))] }).then(() => {
        const at = handed.get(n);
        if (at !== undefined) applied.push(at - t);
      }),
    );
  }
  await Promise.all(inFlight);
  await sleep(50);
  const cpu = process.cpuUsage(cpu0);
  tell({
    type: 'published',
    emits: [...handed].filter(([s]) => s >= 1 && s <= cmd.count),
    applyMs: applied,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: performance.now() - start,
  });
}

async function report(): Promise<void> {
  const database = server!.database;
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from sport_bets');
  tell({ type: 'report', bets: row?.n ?? 0, ledgerProblems: (await checkLedger(database)).problems });
}

exitWithParent(async () => {
  await server?.close().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

process.on('message', (cmd: ServerCommand) => {
  const fail = (err: unknown) => tell({ type: 'error', message: errorText(err) });
  if (cmd.type === 'setup') void setup(cmd).catch(fail);
  else if (cmd.type === 'publish') void publish(cmd).catch(fail);
  else if (cmd.type === 'report') void report().catch(fail);
  else if (cmd.type === 'exit') process.disconnect();
});
