import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameEngine, gameStatsConsumer } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { AppContext } from '../src/platform/context.js';
import { catchUp } from './helpers/wagers.js';
import type { TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * A single-round bet is ONE transaction (games.service.ts): debit, nonce, outcome, payout and the wager
 * record commit together or not at all. An injected fault throws inside the transaction, after every
 * write and before the commit, where a dying process would stop: nothing of the bet may remain.
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

const player = (realFunds = 100n * USDT, demoFunds = 100n * USDT) =>
  fundedPlayer(t.server, realFunds, demoFunds);

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

const nonceOf = async (u: TestUser) =>
  (
    await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    )
  )[0]?.nonce;

describe('a bet in one transaction', () => {
  it('a fault before the commit leaves nothing: no transfer, no bet, no statistics, no nonce', async () => {
    const [u, auth] = await player();
    await new GameEngine(ctx).play(auth, dice(false)); // creates the seed pair, nonce 0 -> 1
    const transfers = await transferCount();
    const before = await balance(u);
    const engine = new GameEngine(ctx, { faults: { beforeCommit: crash } });
    for (const demo of [false, true, false, true]) {
      await expect(engine.play(auth, dice(demo))).rejects.toBeInstanceOf(Crash);
    }
    expect(await transferCount()).toBe(transfers);
    expect(await balance(u)).toEqual(before);
    expect(await t.server.database.query('select 1 from bets where user_id = $1', [u.id])).toHaveLength(1);
    await catchUp(t.server.database, gameStatsConsumer);
    const stats = await t.server.database.query<{ bets: number }>(
      'select bets::int as bets from game_stats where user_id = $1 and not demo',
      [u.id],
    );
    expect(stats).toEqual([{ bets: 1 }]);
    expect(await nonceOf(u)).toBe('1');
    await expectLedgerOk();
    // The player plays on from nonce 1: the failed bets consumed none.
    const ok = await new GameEngine(ctx).play(auth, dice(false));
    const nonce = await t.server.database.query<{ nonce: string; product: string }>(
      'select nonce::text as nonce, product from bets where id = $1',
      [ok.id],
    );
    expect(nonce[0]).toEqual({ nonce: '1', product: 'originals' });
  });

  it('a refused debit (-4) consumes no nonce and writes nothing', async () => {
    const [u, auth] = await player(USDT / 2n, 0n);
    await expect(new GameEngine(ctx).play(auth, dice(false))).rejects.toMatchObject({ code: -4 });
    await expect(new GameEngine(ctx).play(auth, dice(true))).rejects.toMatchObject({ code: -4 });
    expect(await balance(u)).toMatchObject({ real: USDT / 2n, demo: 0n });
    expect(await t.server.database.query('select 1 from bets where user_id = $1', [u.id])).toHaveLength(0);
    expect(await nonceOf(u)).toBe('0');
    await expectLedgerOk();
  });

  it('every settled bet has its wager, its payout when it won, and one record; the ledger balances', async () => {
    const [u, auth] = await player();
    const engine = new GameEngine(ctx);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => engine.play(auth, dice(i % 2 === 0))),
    );
    const rows = await t.server.database.query<{ id: string; payout: string; keys: string[] }>(
      `select b.id::text as id, b.payout::text as payout,
              array(select t.idempotency_key from ledger_transfers t
                     where t.idempotency_key in ('bet:' || b.id || ':wager', 'bet:' || b.id || ':payout')
                     order by t.idempotency_key desc) as keys
         from bets b where b.user_id = $1 order by b.id`,
      [u.id],
    );
    expect(rows.map((r) => r.id).sort()).toEqual(results.map((r) => r.id).sort());
    for (const r of rows)
      expect(r.keys).toEqual(
        BigInt(r.payout) > 0n ? [`bet:${r.id}:wager`, `bet:${r.id}:payout`] : [`bet:${r.id}:wager`],
      );
    const nonces = await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from bets where user_id = $1 order by nonce',
      [u.id],
    );
    expect(nonces.map((n) => Number(n.nonce)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    await expectLedgerOk();
  });
});
