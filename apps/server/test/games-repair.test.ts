import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listJobRuns } from '../src/jobs/index.js';
import { BetRepairJob, GameEngine, repairBets } from '../src/modules/games/index.js';
import { loadAuthUser } from '../src/modules/auth/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { createUser, type TestUser } from './helpers/factories.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Crash repair: the engine is stopped between two of its steps (an injected fault throws where a crash
 * would end the process), then the repair job's function restores the money, exactly once.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});

const USDT = 100_000_000n;
class Crash extends Error {}
const crash = () => {
  throw new Crash('simulated crash');
};

async function player(realFunds = 100n * USDT, demoFunds = 100n * USDT): Promise<[TestUser, AuthUser]> {
  const u = await createUser(t.server.database);
  for (const [kind, amount] of [
    ['real', realFunds],
    ['demo', demoFunds],
  ] as const) {
    await t.server.ledger.transfer({
      key: `test-fund:${u.id}:${kind}`,
      kind: 'test',
      currency: 'usdt',
      amount,
      from: { system: kind === 'real' ? 'chain' : 'demo_faucet' },
      to: { user: u.id, kind },
    });
  }
  const auth = await loadAuthUser(t.server.database, u.id);
  if (!auth) throw new Error('no user');
  return [u, auth];
}

const balance = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt ?? { real: 0n, demo: 0n };
const transferCount = async () =>
  Number(
    (await t.server.database.query<{ n: string }>('select count(*)::text as n from ledger_transfers'))[0]?.n,
  );
const dice = (demo: boolean) => ({
  api_id: 'dice',
  bet: '1',
  demo,
  currency: 'usdt',
  quick: true,
  data: { target: 200, condition: 'over' },
});
const expectLedgerOk = async () => expect((await checkLedger(t.server.database)).problems).toEqual([]);

/** Asserts a second pass changes nothing: no transfer, same balances. */
async function expectIdempotent(users: TestUser[]) {
  const before = await transferCount();
  const balances = await Promise.all(users.map(balance));
  expect(await repairBets(ctx, { graceSeconds: 0 })).toEqual({ paid: [], refunded: [], stakesRefunded: [] });
  expect(await transferCount()).toBe(before);
  expect(await Promise.all(users.map(balance))).toEqual(balances);
}

describe('crash repair', () => {
  it('pays settled bets whose payout transfer is missing (crash between steps 3 and 4)', async () => {
    const [u, auth] = await player();
    const engine = new GameEngine(ctx, { faults: { afterBet: crash } });
    for (const demo of [false, true, false, true, false]) {
      await expect(engine.play(auth, dice(demo))).rejects.toBeInstanceOf(Crash);
    }
    const bets = await t.server.database.query<{ id: string; demo: boolean; payout: string }>(
      'select id::text as id, demo, payout::text as payout from bets where user_id = $1 order by id',
      [u.id],
    );
    expect(bets).toHaveLength(5);
    const owed = (demo: boolean) =>
      bets.filter((b) => b.demo === demo).reduce((a, b) => a + BigInt(b.payout), 0n);
    expect(await balance(u)).toMatchObject({ real: 97n * USDT, demo: 98n * USDT });
    await expectLedgerOk();

    // Still inside the grace period: nothing is touched yet.
    expect(await repairBets(ctx)).toEqual({ paid: [], refunded: [], stakesRefunded: [] });
    const report = await repairBets(ctx, { graceSeconds: 0 });
    expect(report.refunded).toEqual([]);
    expect(report.paid.sort()).toEqual(
      bets
        .filter((b) => BigInt(b.payout) > 0n)
        .map((b) => b.id)
        .sort(),
    );
    expect(await balance(u)).toMatchObject({ real: 97n * USDT + owed(false), demo: 98n * USDT + owed(true) });
    await expectLedgerOk();
    await expectIdempotent([u]);
  });

  it('refunds wagers debited for bets that never settled (crash between steps 2 and 3)', async () => {
    const [u, auth] = await player();
    const engine = new GameEngine(ctx, { faults: { afterWager: crash } });
    for (const demo of [false, true, false]) {
      await expect(engine.play(auth, dice(demo))).rejects.toBeInstanceOf(Crash);
    }
    expect(await balance(u)).toMatchObject({ real: 98n * USDT, demo: 99n * USDT });
    const bets = await t.server.database.query('select 1 from bets where user_id = $1', [u.id]);
    expect(bets).toHaveLength(0);
    await expectLedgerOk();

    expect(await repairBets(ctx)).toEqual({ paid: [], refunded: [], stakesRefunded: [] });
    const report = await repairBets(ctx, { graceSeconds: 0 });
    expect(report.paid).toEqual([]);
    expect(report.refunded).toHaveLength(3);
    expect(await balance(u)).toMatchObject({ real: 100n * USDT, demo: 100n * USDT });
    const refunds = await t.server.database.query<{ key: string }>(
      `select idempotency_key as key from ledger_transfers where kind = 'bet_refund' and idempotency_key = any($1::text[])`,
      [report.refunded.map((id) => `bet:${id}:refund`)],
    );
    expect(refunds).toHaveLength(3);
    await expectLedgerOk();
    await expectIdempotent([u]);
    // No nonce was consumed by the crashed bets; the player plays on from nonce 0.
    const ok = await new GameEngine(ctx).play(auth, dice(false));
    const nonce = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from bets where id = $1',
      [ok.id],
    );
    expect(nonce[0]?.nonce).toBe('0');
  });

  it('a bet cannot settle once its wager is past the settle window: refunded at once, nothing to repair', async () => {
    const [u, auth] = await player();
    const engine = new GameEngine(ctx, { settleWithinSeconds: 0 });
    const err = await engine.play(auth, dice(false)).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 'bet_not_settled' });
    expect(await balance(u)).toMatchObject({ real: 100n * USDT });
    expect(await t.server.database.query('select 1 from bets where user_id = $1', [u.id])).toHaveLength(0);
    expect(await t.server.database.query('select 1 from game_stats where user_id = $1', [u.id])).toHaveLength(
      0,
    );
    await expectLedgerOk();
    await expectIdempotent([u]);
  });

  it('the job repairs both kinds in one run, runs at election, and a second run changes nothing', async () => {
    await vi.waitFor(
      async () => {
        const run = (await listJobRuns(t.server.database)).find((r) => r.name === 'games.repair');
        expect(run?.runs).toBeGreaterThanOrEqual(1);
        expect(run?.lastError).toBeNull();
      },
      { timeout: 10_000 },
    );
    const [u, auth] = await player();
    await expect(
      new GameEngine(ctx, { faults: { afterWager: crash } }).play(auth, dice(false)),
    ).rejects.toBeInstanceOf(Crash);
    // A winning-or-not bet whose payout is missing: replay until one pays something.
    const paying = new GameEngine(ctx, { faults: { afterBet: crash } });
    let owed = 0n;
    for (let i = 0; i < 20 && owed === 0n; i++) {
      await expect(paying.play(auth, dice(false))).rejects.toBeInstanceOf(Crash);
      const rows = await t.server.database.query<{ payout: string }>(
        'select coalesce(sum(payout), 0)::text as payout from bets where user_id = $1',
        [u.id],
      );
      owed = BigInt(rows[0]?.payout ?? '0');
    }
    expect(owed).toBeGreaterThan(0n);
    const played = Number(
      (
        await t.server.database.query<{ n: string }>(
          'select count(*)::text as n from bets where user_id = $1',
          [u.id],
        )
      )[0]?.n,
    );
    const job = new BetRepairJob(ctx, { graceSeconds: 0 });
    const first = await job.runOnce();
    expect(first.refunded).toHaveLength(1);
    expect(first.paid.length).toBeGreaterThanOrEqual(1);
    expect((await balance(u)).real).toBe(100n * USDT - BigInt(played) * USDT + owed);
    await expectLedgerOk();
    expect(await job.runOnce()).toEqual({ paid: [], refunded: [], stakesRefunded: [] });
    await expectIdempotent([u]);
  });
});
