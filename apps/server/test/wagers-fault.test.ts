import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.js';
import { seedDatabase } from '../src/db/seed.js';
import { gameStatsConsumer } from '../src/modules/games/index.js';
import { Ledger, checkLedger } from '../src/modules/ledger/index.js';
import { raceConsumer } from '../src/modules/race/index.js';
import { drainWagers } from '../src/modules/wagers/index.js';
import { createUser } from './helpers/factories.js';
import { createTestDatabase } from './helpers/test-server.js';

/**
 * SIGKILL in the middle of a mixed bet load (dice bets and mines rounds through the engines, one
 * transaction per step, modules/wagers): every acknowledged bet exists exactly once with its payout,
 * no wager is debited without its bet (or its open round), nothing needs repairing, and the wager
 * stream then delivers every settled wager to its consumers exactly once in effect (statistics and
 * race totals equal the sums over the records). Runs against real PostgreSQL (DATABASE_URL).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USDT = 100_000_000n;

describe.skipIf(!process.env.DATABASE_URL)('bets under SIGKILL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await db?.drop();
  });

  it('loses no acknowledged bet, leaves no wager without its bet, and the stream applies each once', async () => {
    db = await createTestDatabase();
    const { database } = db;
    await runMigrations(database);
    await seedDatabase(database, { withDemoAccounts: false });
    const ledger = new Ledger(database);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(database)));
    for (const u of users)
      await ledger.transfer({
        key: `fault-fund:${u.id}`,
        kind: 'test',
        currency: 'usdt',
        amount: 100n * USDT,
        from: { system: 'chain' },
        to: { user: u.id, kind: 'real' },
      });
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/bet-load.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: db.url as string,
        LOAD_USERS: users.map((u) => u.id).join(','),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let errOut = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (errOut += String(d)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 60_000;
    while ((out.match(/^ACK /gm)?.length ?? 0) < 300 && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`load process died: ${errOut}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await exited;
    const lines = [...out.matchAll(/^ACK (\w+) (\d+)(?: (\d+))?$/gm)];
    expect(lines.length).toBeGreaterThanOrEqual(300);

    const records = new Map(
      (
        await database.query<{ id: string; payout: string; product: string }>(
          'select id::text as id, payout::text as payout, product from bets',
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
    // Every acknowledged step is there, with the payout the player was told.
    for (const [, kind, id, payout] of lines) {
      if (kind === 'bet') expect(records.get(id!)).toEqual({ id, payout, product: 'originals' });
      if (kind === 'open') expect(rounds.has(id!)).toBe(true);
      if (kind === 'end') {
        expect(rounds.get(id!)).toBe('finished');
        expect(records.get(id!)).toEqual({ id, payout, product: 'extended' });
      }
    }
    // No wager without its bet or its open round; no payout without a bet; the ledger balances.
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

    // The stream: each settled wager reaches each consumer once, whatever a redelivery does.
    for (const consumer of [gameStatsConsumer, raceConsumer, gameStatsConsumer, raceConsumer])
      await drainWagers(database, consumer);
    const stats = await database.query<{ diff: string }>(
      `select count(*)::text as diff from (
         select user_id, game, currency, demo, count(*) as bets, sum(wager) as wagered, sum(payout) as payout
           from bets group by 1, 2, 3, 4
         except
         select user_id, game, currency, demo, bets, wagered, payout from game_stats) d`,
    );
    expect(stats[0]?.diff).toBe('0');
    const race = await database.query<{ diff: string }>(
      `select count(*)::text as diff from (
         select (date_trunc('week', created_at at time zone 'UTC'))::date as week, user_id, sum(wager_usd) as usd
           from bets where not demo and wager_usd > 0 group by 1, 2
         except
         select week, user_id, wager_usd from race_wagers) d`,
    );
    expect(race[0]?.diff).toBe('0');
  }, 120_000);
});
