import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crashPointFromHash, generateChain, hashFromCheckpoints, settleCrashBet } from '@nebula/games';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import {
  CrashLoop,
  crashBettingMs,
  crashPauseMs,
  crashKey,
  crashWagerRepair,
  generateChainAsync,
  insertChain,
} from '../src/modules/crash/index.js';
import { gameStatsConsumer } from '../src/modules/games/index.js';
import { Ledger, checkLedger } from '../src/modules/ledger/index.js';
import { raceConsumer } from '../src/modules/race/index.js';
import { repairWagers } from '../src/modules/wagers/index.js';
import { loadConfig } from '../src/platform/config.js';
import type { AppContext } from '../src/platform/context.js';
import { createRealtime } from '../src/realtime/index.js';
import { createUser } from './helpers/factories.js';
import { createTestDatabase, settingsFor, withServices } from './helpers/test-server.js';
import { catchUp } from './helpers/wagers.js';

/**
 * SIGKILL in the middle of a mixed bet load (test/fixtures/bet-load.ts: dice bets and mines rounds
 * through the engines, crash bets with auto and manual cash-outs in short rounds, the process being the
 * crash leader and delivering the wager stream), killed while a crash round runs with a cash-out
 * claimed and a bet still riding. Then a restart as a new leader finishes the round and the repair job
 * runs. Every acknowledged bet and cash-out exists exactly once with its payout, every stake debited
 * has its bet (or its open round), every crash bet is settled with one wager record paying what its
 * row says, the stream's consumers (statistics, race) equal a recomputation from the records after a
 * redelivery, and the ledger balances. Twice: single-round bets committed one by one, and with group
 * commit on (BET_GROUP_COMMIT: bets arriving together share a transaction). Runs against real
 * PostgreSQL (DATABASE_URL).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USDT = 100_000_000n;
const SALT = 'd'.repeat(64);
/** Single-round and mines steps acknowledged before the kill, at least. */
const MIN_ACKS = 120;
/** Crash rounds available: one-game chains, each crashing between 1.06x and 1.18x (1 to 2.8 s). */
const ROUNDS = 10;

/** `count` seeds of one-game chains whose crash point (salt SALT, 1% edge, hmac32) lies in [low, high]. */
function pickSeeds(count: number, low: bigint, high: bigint): string[] {
  const seeds: string[] = [];
  for (let n = 0; seeds.length < count; n += 1) {
    const seed = createHash('sha256').update(`wagers-fault-${n}`).digest('hex');
    const hash = hashFromCheckpoints(generateChain(seed, 1).checkpoints, 1, 0);
    const point = crashPointFromHash(hash, SALT, 100, 'hmac32');
    if (point >= low && point <= high) seeds.push(seed);
  }
  return seeds;
}

/** The acknowledged steps of a kind (whole lines only: a line cut by the kill was never acknowledged). */
const acks = (out: string, kind: string) =>
  [...out.matchAll(new RegExp(`^ACK ${kind} (.+)\n`, 'gm'))].map((m) => (m[1] as string).split(' '));

describe.skipIf(!process.env.DATABASE_URL)('bets under SIGKILL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** The load's variants: single-round players and the engine's switches. */
  const variants: { name: string; players: number; env: Record<string, string> }[] = [
    { name: 'one commit per bet', players: 6, env: { BET_GROUP_COMMIT: 'false' } },
    { name: 'group commit', players: 12, env: { BET_GROUP_COMMIT: 'true' } },
  ];

  it.each(variants)(
    '$name: loses no acknowledged bet or cash-out, leaves no stake without its bet, and the stream applies each once',
    async ({ name, env, players }) => {
      const db = await createTestDatabase();
      cleanups.push(() => db.drop());
      const { database } = db;
      await runMigrations(database);
      await seedDatabase(database, { withDemoAccounts: false });
      for (const seed of pickSeeds(ROUNDS, 106n, 118n))
        await insertChain(database, await generateChainAsync(seed, 1, 1), SALT);
      const ledger = new Ledger(database);
      const fund = async () => {
        const u = await createUser(database);
        await ledger.transfer({
          key: `fault-fund:${u.id}`,
          kind: 'test',
          currency: 'usdt',
          amount: 100n * USDT,
          from: { system: 'chain' },
          to: { user: u.id, kind: 'real' },
        });
        return u.id;
      };
      const users = await Promise.all(Array.from({ length: players }, fund));
      const crashUsers = await Promise.all(Array.from({ length: 6 }, fund));
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/bet-load.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: db.url as string,
          LOAD_USERS: users.join(','),
          LOAD_CRASH_USERS: crashUsers.join(','),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let errOut = '';
      child.stdout.on('data', (d) => (out += String(d)));
      child.stderr.on('data', (d) => (errOut += String(d)));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      cleanups.push(async () => {
        child.kill('SIGKILL');
        await exited;
      });

      // Kill it once enough was acknowledged, while a crash round runs with a cash-out claimed and a bet
      // still riding (the claimed one may be paid or not yet: both must end the same).
      const ridingRound = async () =>
        (
          await database.query<{ id: string }>(
            `select r.id::text as id from crash_rounds r
            where r.phase = 'running'
              and exists (select 1 from crash_bets b where b.round_id = r.id and b.cashout_ms is not null)
              and exists (select 1 from crash_bets b where b.round_id = r.id and b.cashout_ms is null)`,
          )
        )[0]?.id;
      const deadline = Date.now() + 60_000;
      let killedIn: string | undefined;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`load process died: ${errOut}`);
        if (Date.now() > deadline) throw new Error(`the load never reached a riding crash round:\n${errOut}`);
        const steps = acks(out, '(?:bet|open|end)').length;
        if (steps >= MIN_ACKS && acks(out, 'cash').length > 0 && (killedIn = await ridingRound())) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGKILL');
      await exited;

      // The restart: a new leader finishes the open crash round, then the repair job runs.
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
      const log = pino({ level: 'silent' });
      const realtime = await createRealtime({
        config,
        log,
        nodeId: 'fault-restart',
        auth: { byToken: () => Promise.resolve(null), bySecret: () => Promise.resolve(null) },
      });
      cleanups.push(() => realtime.close());
      const ctx: AppContext = withServices({
        config,
        database,
        log,
        realtime,
        nodeId: 'fault-restart',
        ledger,
        settings: settingsFor(database),
      });
      const leader = new AbortController();
      await ctx.settings.change(crashBettingMs, 1_000);
      await ctx.settings.change(crashPauseMs, 600_000);
      const loop = new CrashLoop(ctx, { tickMs: 100 }).run(leader.signal);
      const unsettled = async () =>
        Number(
          (
            await database.query<{ n: string }>(
              'select count(*)::text as n from crash_rounds where settled_at is null',
            )
          )[0]?.n,
        );
      const settleBy = Date.now() + 30_000;
      while ((await unsettled()) > 0 && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
      leader.abort();
      await loop;
      expect(await unsettled()).toBe(0);
      await repairWagers(ctx, [crashWagerRepair(ctx)], { graceSeconds: 0 });

      const records = new Map(
        (
          await database.query<{ id: string; payout: string; product: string }>(
            `select id::text as id, payout::text as payout, product from bets where product <> 'crash'`,
          )
        ).map((r) => [r.id, r]),
      );
      const rounds = new Map(
        (
          await database.query<{ id: string; status: string }>(
            'select id::text as id, status from extended_rounds',
          )
        ).map((r) => [r.id, r.status]),
      );
      // Every acknowledged single-round and mines step is there, with the payout the player was told.
      for (const [id, payout] of acks(out, 'bet'))
        expect(records.get(id as string)).toEqual({ id, payout, product: 'originals' });
      for (const [id] of acks(out, 'open')) expect(rounds.has(id as string)).toBe(true);
      for (const [id, payout] of acks(out, 'end')) {
        expect(rounds.get(id as string)).toBe('finished');
        expect(records.get(id as string)).toEqual({ id, payout, product: 'extended' });
      }

      // Crash: every bet is settled once, by its row: one wager record and one payout transfer of what
      // the round pays it; what the players were told is what they got.
      const crashBets = await database.query<{
        round: string;
        user_id: string;
        status: string;
        wager: string;
        target: string;
        cashout_ms: string | null;
        cashout_kind: string | null;
        crash_point: string;
        settled: boolean;
      }>(
        `select b.round_id::text as round, b.user_id::text as user_id, b.status, b.wager::text as wager,
              b.target::text as target, b.cashout_ms::text as cashout_ms, b.cashout_kind,
              r.crash_point::text as crash_point, b.settled_at is not null as settled
         from crash_bets b join crash_rounds r on r.id = b.round_id`,
      );
      const crashRecords = new Map(
        (
          await database.query<{ reference: string; wager: string; payout: string; n: string }>(
            `select reference, max(wager)::text as wager, max(payout)::text as payout, count(*)::text as n
             from bets where product = 'crash' group by reference`,
          )
        ).map((r) => [r.reference, r]),
      );
      const crashTransfers = new Map(
        (
          await database.query<{ key: string; amount: string }>(
            `select idempotency_key as key, amount::text as amount from ledger_transfers
            where idempotency_key like 'crash:%'`,
          )
        ).map((t) => [t.key, t.amount]),
      );
      const bets = new Map(crashBets.map((b) => [`${b.round}:${b.user_id}`, b]));
      const paid = new Map<string, string>();
      for (const b of crashBets) {
        const ref = `${b.round}:${b.user_id}`;
        expect(b).toMatchObject({ status: 'placed', settled: true });
        const { payout } = settleCrashBet(
          {
            wager: BigInt(b.wager),
            autoCashOut: BigInt(b.target),
            cashOutMs: b.cashout_kind === 'manual' ? Number(b.cashout_ms) : null,
          },
          BigInt(b.crash_point),
        );
        expect(crashRecords.get(ref)).toEqual({
          reference: ref,
          wager: b.wager,
          payout: payout.toString(),
          n: '1',
        });
        expect(crashTransfers.get(crashKey(b.round, b.user_id, 'wager'))).toBe(b.wager);
        expect(crashTransfers.get(crashKey(b.round, b.user_id, 'payout'))).toBe(
          payout > 0n ? payout.toString() : undefined,
        );
        paid.set(ref, payout.toString());
      }
      // No crash transfer without its bet (no wager, payout or refund of a bet that is not there).
      expect(crashTransfers.size).toBe(crashBets.length + [...paid.values()].filter((p) => p !== '0').length);
      expect(crashRecords.size).toBe(crashBets.length);
      const placed = acks(out, 'cbet');
      const cashed = acks(out, 'cash');
      for (const [round, user, wager] of placed) expect(bets.get(`${round}:${user}`)?.wager).toBe(wager);
      for (const [round, user, payout] of cashed) expect(paid.get(`${round}:${user}`)).toBe(payout);
      // The round the kill hit had a claimed cash-out and a riding bet when it was seen (both committed).
      const hit = crashBets.filter((b) => b.round === killedIn);
      expect(hit.some((b) => b.cashout_ms !== null)).toBe(true);
      expect(hit.length).toBeGreaterThan(1);

      // No single-round or extended stake without its bet or its open round; no payout without a bet.
      const orphans = await database.query(
        `select t.idempotency_key from ledger_transfers t
        where t.idempotency_key like 'bet:%'
          and not exists (select 1 from bets b where b.id = (t.metadata ->> 'bet')::bigint)
          and not exists (select 1 from extended_rounds r where r.id = (t.metadata ->> 'bet')::bigint
                            and r.status = 'open')`,
      );
      expect(orphans).toEqual([]);
      const unpaid = await database.query(
        `select b.id from bets b where b.payout > 0 and b.product <> 'crash'
          and not exists (select 1 from ledger_transfers t where t.idempotency_key = 'bet:' || b.id || ':payout')`,
      );
      expect(unpaid).toEqual([]);
      expect((await checkLedger(database)).problems).toEqual([]);
      // The variant ran as named: one transaction per single-round bet, or some shared by several.
      const shared = await database.query<{ n: string }>(
        `select count(*)::text as n from (
           select tx from bets where product = 'originals' group by tx having count(*) > 1) s`,
      );
      if (env.BET_GROUP_COMMIT === 'true') expect(Number(shared[0]?.n), name).toBeGreaterThan(0);
      else expect(shared[0]?.n, name).toBe('0');

      // The stream: the killed leader delivered part of it; the new one delivers the rest, twice over.
      // Each settled wager of every product reaches each consumer once, whatever was redelivered.
      for (const consumer of [gameStatsConsumer, raceConsumer, gameStatsConsumer, raceConsumer])
        await catchUp(database, consumer);
      const stats = await database.query<{ diff: string }>(
        `select count(*)::text as diff from (
         (select user_id, game, currency, demo, count(*) as bets, sum(wager) as wagered, sum(payout) as payout
            from bets group by 1, 2, 3, 4
          except
          select user_id, game, currency, demo, bets, wagered, payout from game_stats)
         union all
         (select user_id, game, currency, demo, bets, wagered, payout from game_stats
          except
          select user_id, game, currency, demo, count(*), sum(wager), sum(payout) from bets group by 1, 2, 3, 4)) d`,
      );
      expect(stats[0]?.diff).toBe('0');
      const race = await database.query<{ diff: string }>(
        `select count(*)::text as diff from (
         (select (date_trunc('week', created_at at time zone 'UTC'))::date as week, user_id, sum(wager_usd) as usd
            from bets where not demo and wager_usd > 0 group by 1, 2
          except
          select week, user_id, wager_usd from race_wagers)
         union all
         (select week, user_id, wager_usd from race_wagers
          except
          select (date_trunc('week', created_at at time zone 'UTC'))::date, user_id, sum(wager_usd)
            from bets where not demo and wager_usd > 0 group by 1, 2)) d`,
      );
      expect(race[0]?.diff).toBe('0');
    },
    120_000,
  );
});
