import { crashPointFromHash } from '@nebula/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext, JobDefinition } from '../src/jobs/index.js';
import {
  CrashService,
  chainHashOf,
  crashKey,
  generateChainAsync,
  insertChain,
} from '../src/modules/crash/index.js';
import { modules as serverModules } from '../src/modules/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { wagersModule } from '../src/modules/wagers/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { type ServerModule, defineModule } from '../src/platform/module.js';
import { createUser } from './helpers/factories.js';
import { createTestDatabase } from './helpers/test-server.js';
import { createHandContext } from './helpers/hand-context.js';
import { fund } from './helpers/players.js';

/**
 * The one wager repair job (`wagers.repair`, modules/wagers/repair.ts; decision 0012): a product that
 * declares its unsettled stakes in its module definition gets each settled once, past its grace only,
 * even when two runs overlap (an old leader and a new one); crash's busted rounds the loop left
 * unsettled are settled through crash's declaration. PGlite by default, PostgreSQL with DATABASE_URL
 * (where the two runs really overlap on two connections).
 */
const USDT = 100_000_000n;
const SALT = 'e'.repeat(64);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: AppContext;

/** The `wagers.repair` job as the server registers it, over `modules`. */
function repairJob(modules: readonly ServerModule[]): JobDefinition {
  const job = wagersModule.jobs?.({ ...ctx, modules }).find((j) => j.name === 'wagers.repair');
  if (!job) throw new Error('no wagers.repair job');
  return job;
}
/** Two runs of `job` at once, as an old and a new leader may; their reports. */
async function twoRuns(job: JobDefinition) {
  const run = (): Promise<unknown> =>
    job.run({ signal: new AbortController().signal, log: ctx.log, nodeId: 'test' } as JobContext);
  return (await Promise.all([run(), run()])) as { settled: Record<string, string[]> }[];
}

async function player(funds = 10n * USDT): Promise<AuthUser> {
  const u = await createUser(db.database);
  if (funds > 0n) await fund(ctx, u.id, funds);
  return { id: u.id, name: u.name, roles: ['player'], permissions: {} };
}
const balance = async (id: string) => (await ctx.ledger.balances(id)).usdt?.real ?? 0n;
const transfers = (like: string) =>
  db.database.query<{ key: string; amount: string }>(
    'select idempotency_key as key, amount::text as amount from ledger_transfers where idempotency_key like $1 order by key',
    [like],
  );

/**
 * A product of the test's own: a stake is a row of `test_repair_stakes` owed `amount` back; settling it
 * pays through a ledger key and marks the row, in one transaction (the contract of a declaration).
 */
const testProduct = defineModule({
  name: 'test-product',
  wagerRepair: (c: AppContext) => ({
    product: 'test',
    graceSeconds: () => 60,
    unsettled: async (graceSeconds: number, limit: number) =>
      (
        await c.database.query<{ id: string; user_id: string; amount: string }>(
          `select id::text as id, user_id::text as user_id, amount::text as amount from test_repair_stakes
            where settled_at is null and placed_at < clock_timestamp() - make_interval(secs => $1::int)
            order by id limit $2::int`,
          [graceSeconds, limit],
        )
      ).map((stake) => ({
        id: `stake ${stake.id}`,
        settle: () =>
          c.ledger.transaction(async (ledger, tx) => {
            await ledger.transfer({
              key: `test-repair:${stake.id}:payout`,
              kind: 'win',
              currency: 'usdt',
              amount: BigInt(stake.amount),
              from: { system: 'house' },
              to: { user: stake.user_id, kind: 'real' },
            });
            // Long enough for the other run to reach the same stake before this one commits.
            await new Promise((r) => setTimeout(r, 50));
            const marked = await tx.query(
              'update test_repair_stakes set settled_at = clock_timestamp() where id = $1 and settled_at is null returning id',
              [stake.id],
            );
            return marked.length > 0;
          }),
      })),
  }),
});

beforeAll(async () => {
  ({ db, ctx } = await createHandContext('repair-test'));
  await db.database.query(
    `create table test_repair_stakes (id bigserial primary key, user_id uuid not null,
       amount numeric(38,0) not null, placed_at timestamptz not null, settled_at timestamptz)`,
  );
});
afterAll(async () => {
  await ctx?.realtime.close();
  await db?.drop();
});

describe('the wager repair job', () => {
  it("settles a declared product's stake past its grace once, even when two runs overlap", async () => {
    const u = await player(0n);
    const stake = async (placedSecondsAgo: number, amount: bigint) =>
      (
        await db.database.query<{ id: string }>(
          `insert into test_repair_stakes (user_id, amount, placed_at)
           values ($1, $2, clock_timestamp() - make_interval(secs => $3::int)) returning id::text as id`,
          [u.id, amount.toString(), placedSecondsAgo],
        )
      )[0]?.id as string;
    const old = await stake(120, 3n * USDT);
    const fresh = await stake(0, 5n * USDT);
    const job = repairJob([...serverModules, testProduct]);

    const reports = await twoRuns(job);
    // Every declared product is in each report; the old stake in exactly one of them; the fresh one in none.
    for (const r of reports) expect(Object.keys(r.settled).sort()).toEqual(['crash', 'slots', 'test']);
    expect(reports.flatMap((r) => r.settled.test)).toEqual([`stake ${old}`]);
    expect(await balance(u.id)).toBe(3n * USDT);
    expect(await transfers('test-repair:%')).toEqual([
      { key: `test-repair:${old}:payout`, amount: (3n * USDT).toString() },
    ]);
    const rows = await db.database.query<{ id: string; settled: boolean }>(
      'select id::text as id, settled_at is not null as settled from test_repair_stakes order by id',
    );
    expect(rows).toEqual([
      { id: old, settled: true },
      { id: fresh, settled: false },
    ]);
    // Again: nothing left past its grace, nothing moves.
    expect((await twoRuns(job)).flatMap((r) => r.settled.test)).toEqual([]);
    expect(await balance(u.id)).toBe(3n * USDT);
    expect((await checkLedger(db.database)).problems).toEqual([]);
  });

  it('settles a busted crash round the loop left unsettled, through crash’s declaration, once', async () => {
    // One game crashing at 1.50x or more, so an auto cash-out at 1.10x is reached.
    let seed = 0;
    let chain: Awaited<ReturnType<typeof generateChainAsync>>;
    let hash: string;
    let point: bigint;
    do {
      chain = await generateChainAsync(`${'0'.repeat(62)}${(seed++).toString(16).padStart(2, '0')}`, 1, 1);
      hash = chain.checkpoints.get(0) as string;
      point = crashPointFromHash(hash, SALT, 100, 'hmac32');
    } while (point < 150n);
    const chainId = await insertChain(db.database, chain, SALT);
    expect(await chainHashOf(db.database, chainId, 0)).toBe(hash);
    const round = (
      await db.database.query<{ id: string }>(
        `insert into crash_rounds (chain_id, chain_index, hash, crash_point, house_edge_bps, bust_ms, phase,
           betting_ms, betting_ends_at)
         values ($1, 0, $2, $3::numeric, 100, 5000, 'betting', 60000, clock_timestamp() + interval '60 seconds')
         returning id::text as id`,
        [chainId, hash, point.toString()],
      )
    )[0]?.id as string;
    const service = new CrashService(ctx);
    const auto = await player();
    const loser = await player();
    await service.bet(auto, { bet: '1', currency: 'usdt', demo: false, data: { autoCashOut: 110 } });
    await service.bet(loser, { bet: '1', currency: 'usdt', demo: false });
    // The leader busted the round a minute ago and died before settling it (past the 30 s grace).
    await db.database.query(
      `update crash_rounds set phase = 'busted', started_at = clock_timestamp() - interval '2 minutes',
         busted_at = clock_timestamp() - interval '1 minute' where id = $1`,
      [round],
    );

    const reports = await twoRuns(repairJob(serverModules));
    expect(reports.flatMap((r) => r.settled.crash)).toEqual([`round ${round}`]);
    expect(await balance(auto.id)).toBe(9n * USDT + (USDT * 110n) / 100n);
    expect(await balance(loser.id)).toBe(9n * USDT);
    expect(await transfers(`crash:${round}:%:payout`)).toEqual([
      { key: crashKey(round, auto.id, 'payout'), amount: ((USDT * 110n) / 100n).toString() },
    ]);
    const settled = await db.database.query<{ settled: boolean }>(
      'select settled_at is not null as settled from crash_rounds where id = $1',
      [round],
    );
    expect(settled).toEqual([{ settled: true }]);
    const records = await db.database.query<{ n: string }>(
      `select count(*)::text as n from bets where product = 'crash' and reference like $1`,
      [`${round}:%`],
    );
    expect(records).toEqual([{ n: '2' }]);
    expect((await twoRuns(repairJob(serverModules))).flatMap((r) => r.settled.crash)).toEqual([]);
    expect((await checkLedger(db.database)).problems).toEqual([]);
  });
});
