import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Session } from '../src/db/client.js';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { GameEngine, gameStatsConsumer } from '../src/modules/games/index.js';
import {
  type SettledWager,
  type WagerConsumer,
  deliverToAll,
  deliverWagers,
  drainWagers,
  recordWager,
} from '../src/modules/wagers/index.js';
import { ratio } from '@nebula/games';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { catchUp } from './helpers/wagers.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * The wager stream (modules/wagers/stream.ts): every settled wager reaches every consumer once in
 * effect, in stream order, never skipped when transactions commit out of order, and a failing consumer
 * applies nothing and gets the same batch again.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  // The leader's own delivery job would race the consumers below: it is not part of this test.
  await t.server.jobs.stop();
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});

const USDT = 100_000_000n;
let funded = 0;
async function player(): Promise<[TestUser, AuthUser]> {
  const u = await createUser(t.server.database);
  await t.server.ledger.transfer({
    key: `stream-fund:${u.id}:${++funded}`,
    kind: 'test',
    currency: 'usdt',
    amount: 100n * USDT,
    from: { system: 'chain' },
    to: { user: u.id, kind: 'real' },
  });
  return [u, (await loadAuthUser(t.server.database, u.id))!];
}
const dice = {
  api_id: 'dice',
  bet: '1',
  demo: false,
  currency: 'usdt',
  quick: true,
  data: { target: 5000, condition: 'over' },
};

/** A consumer that remembers what it was given (and writes a row per wager, so effects are visible). */
function collector(name: string, fail?: () => boolean): WagerConsumer & { seen: SettledWager[] } {
  const seen: SettledWager[] = [];
  return {
    name,
    seen,
    async apply(tx: Session, wagers) {
      await tx.query(
        'insert into settings (key, value) select $1 || id, to_jsonb(id) from unnest($2::text[]) id',
        [`test-stream:${name}:`, wagers.map((w) => w.id)],
      );
      if (fail?.()) throw new Error('consumer failed');
      seen.push(...wagers);
    },
  };
}
const effects = async (name: string) =>
  (
    await t.server.database.query<{ n: string }>(
      `select count(*)::text as n from settings where key like $1`,
      [`test-stream:${name}:%`],
    )
  )[0]?.n;

/**
 * `database` counting the statements that read the stream's records (`wagers.stream_next`), in and out
 * of transactions.
 */
function countingReads(database: Database) {
  let reads = 0;
  const wrap =
    (q: Session['query']): Session['query'] =>
    (text, params, name) => {
      if (name === 'wagers.stream_next') reads++;
      return q(text, params, name);
    };
  return {
    reads: () => reads,
    db: {
      query: wrap(database.query),
      transaction: ((fn, opts) =>
        database.transaction((tx) => fn({ ...tx, query: wrap(tx.query) }), opts)) as Database['transaction'],
    },
  };
}

/** The stream's records, in stream order, as far as they can be delivered now. */
const streamIds = async () =>
  (
    await t.server.database.query<{ id: string }>(
      'select id::text as id from bets where tx is not null order by tx, id',
    )
  ).map((r) => r.id);

describe('the wager stream', () => {
  it('delivers each settled wager once, in order, to each consumer at its own pace', async () => {
    const [, user] = await player();
    const engine = new GameEngine(ctx);
    const first = collector('a');
    await catchUp(t.server.database, first); // starts at the head of the stream
    const before = first.seen.length;
    const played: string[] = [];
    for (let i = 0; i < 5; i++) played.push((await engine.play(user, dice)).id);
    // One drain may stop at the stream's horizon (a transaction still running on PostgreSQL): catch up.
    await catchUp(t.server.database, first);
    expect(first.seen.slice(before).map((w) => w.id)).toEqual(played);
    expect(first.seen.slice(before).every((w) => w.product === 'originals' && w.game === 'dice')).toBe(true);
    expect(await deliverWagers(t.server.database, first)).toBe(0);
    // A second consumer, registered later, starts from the beginning of the stream and gets the same.
    const second = collector('b');
    await catchUp(t.server.database, second);
    expect(second.seen.map((w) => w.id)).toEqual(first.seen.map((w) => w.id));
    expect(await effects('a')).toBe(String(first.seen.length));
  });

  it('a failing consumer applies nothing and gets the same batch next time; the others go on', async () => {
    const [, user] = await player();
    const engine = new GameEngine(ctx);
    let failing = true;
    const flaky = collector('flaky', () => failing);
    const steady = collector('steady');
    await catchUp(t.server.database, steady);
    for (let i = 0; i < 3; i++) await engine.play(user, dice);
    await expect(catchUp(t.server.database, flaky)).rejects.toThrow('consumer failed');
    expect(await effects('flaky')).toBe('0');
    const steadyBefore = steady.seen.length;
    await catchUp(t.server.database, steady);
    expect(steady.seen.length - steadyBefore).toBe(3);
    failing = false;
    await catchUp(t.server.database, flaky);
    const n = flaky.seen.length;
    expect(flaky.seen.map((w) => w.id)).toEqual(
      (
        await t.server.database.query<{ id: string }>(
          'select id::text as id from bets where tx is not null order by tx, id',
        )
      ).map((r) => r.id),
    );
    expect(await effects('flaky')).toBe(String(n));
  });

  it('the statistics consumer adds every wager once (a redelivery after a failure counts nothing twice)', async () => {
    const [u, user] = await player();
    const engine = new GameEngine(ctx);
    for (let i = 0; i < 4; i++) await engine.play(user, dice);
    await catchUp(t.server.database, gameStatsConsumer);
    await drainWagers(t.server.database, gameStatsConsumer);
    const stats = await t.server.database.query<{ bets: string; wagered: string }>(
      `select bets::text as bets, wagered::text as wagered from game_stats where user_id = $1`,
      [u.id],
    );
    expect(stats).toEqual([{ bets: '4', wagered: String(4n * USDT) }]);
  });

  it('the job reads the records once per round for every consumer, each applying its own part of them', async () => {
    const [, user] = await player();
    const engine = new GameEngine(ctx);
    const ahead = collector('shared-ahead');
    const level = collector('shared-level');
    await catchUp(t.server.database, ahead);
    await catchUp(t.server.database, level);
    for (let i = 0; i < 4; i++) await engine.play(user, dice);
    // `ahead` takes the first two of the four itself; `behind` is new and starts at the stream's beginning.
    await deliverWagers(t.server.database, ahead, 2);
    const behind = collector('shared-behind');
    // On PostgreSQL the horizon may trail the last bet a moment: wait until it has passed it.
    await catchUp(t.server.database, collector('shared-probe'));
    const all = await streamIds();
    const counted = countingReads(t.server.database);
    let failing = true;
    const broken = collector('shared-broken', () => failing);
    const { failed } = await deliverToAll(counted.db, [ahead, level, behind, broken]);
    expect(String(failed)).toContain('consumer failed');
    // Fewer than a batch of records: one round, one read for the four consumers.
    expect(counted.reads()).toBe(1);
    expect(behind.seen.map((w) => w.id)).toEqual(all);
    expect(level.seen.map((w) => w.id)).toEqual(ahead.seen.map((w) => w.id));
    expect(ahead.seen.slice(-4).map((w) => w.id)).toEqual(all.slice(-4));
    expect(await effects('shared-broken')).toBe('0');
    // The failed consumer gets everything on the next call; a consumer at the head reads nothing new.
    failing = false;
    await deliverToAll(t.server.database, [broken, level]);
    expect(broken.seen.map((w) => w.id)).toEqual(all);
    expect(level.seen.map((w) => w.id)).toEqual(ahead.seen.map((w) => w.id));
  });

  it('a consumer ahead of the shared records reads its own, in rounds until every consumer is at the head', async () => {
    const [, user] = await player();
    const engine = new GameEngine(ctx);
    const front = collector('rounds-front');
    await catchUp(t.server.database, front);
    for (let i = 0; i < 3; i++) await engine.play(user, dice);
    await catchUp(t.server.database, front);
    const back = collector('rounds-back'); // at the beginning: the segment ends long before `front`
    const all = await streamIds();
    const counted = countingReads(t.server.database);
    expect((await deliverToAll(counted.db, [back, front])).failed).toBeUndefined();
    expect(back.seen.map((w) => w.id)).toEqual(all);
    // One shared read; `front` is past its last record and reads for itself (finding nothing new).
    expect(counted.reads()).toBe(2);
    expect(front.seen.map((w) => w.id)).toEqual(all.slice(-front.seen.length));
  });

  it.runIf(process.env.DATABASE_URL)(
    'never skips a wager whose transaction began earlier and commits later (PostgreSQL)',
    async () => {
      const [u] = await player();
      const late = collector('late');
      await catchUp(t.server.database, late);
      const before = late.seen.length;
      const record = (n: number) => ({
        product: 'originals' as const,
        game: 'dice',
        userId: u.id,
        currency: 'usdt',
        demo: true,
        wager: BigInt(n),
        payout: 0n,
        multiplier: ratio(0),
        params: {},
        outcome: {},
        houseEdgeBps: 100,
        wagerUsd: null,
      });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let early!: string;
      const slow = t.server.database.transaction(async (tx) => {
        early = (await recordWager(tx, record(1)))!; // takes its transaction id first
        await held;
      });
      await new Promise((r) => setTimeout(r, 100));
      const quick = (await recordWager(t.server.database, record(2)))!; // commits first
      // The early transaction is still running: nothing above it is delivered yet.
      expect(await drainWagers(t.server.database, late)).toBe(0);
      release();
      await slow;
      await catchUp(t.server.database, late);
      expect(
        late.seen
          .slice(before)
          .map((w) => w.id)
          .sort(),
      ).toEqual([early, quick].sort());
    },
  );
});
