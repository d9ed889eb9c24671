import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@nebula/games';
import { parseAmount } from '@nebula/money';
import { GameEngine, type PreparedBet } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { activeSeedPair } from '../src/modules/seeds/index.js';
import { recordWager } from '../src/modules/wagers/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import type { TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Group commit of single-round bets (modules/games/group-commit.ts): bets queued together settle in one
 * transaction, each still on its own: a short balance refuses that bet alone with -4, nonces stay gapless
 * per seed pair, and a statement failing mid-batch leaves nothing of the batch (its bets are then played
 * alone). The server runs with BET_GROUP_COMMIT on, so the engine the whisper uses batches too.
 */
let t: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  t = await startTestServer({ BET_GROUP_COMMIT: 'true' });
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});

const USDT = 100_000_000n;

const player = (realFunds: bigint, demoFunds = 0n) => fundedPlayer(t.server, realFunds, demoFunds);

const dice = (demo = false, bet = '1') => ({
  api_id: 'dice',
  bet,
  demo,
  currency: 'usdt',
  quick: true,
  data: { target: 5000, condition: 'over' as const },
});
const balance = async (u: TestUser) =>
  (await t.server.ledger.balances(u.id)).usdt ?? { real: 0n, demo: 0n, bonus: 0n, rakeback: 0n };
const expectLedgerOk = async () => expect((await checkLedger(t.server.database)).problems).toEqual([]);

interface BetRow {
  id: string;
  user_id: string;
  demo: boolean;
  wager: string;
  payout: string;
  nonce: string;
  tx: string;
  seed_pair_id: string;
  multiplier_num: string;
  multiplier_den: string;
  house_edge_bps: number;
  params: unknown;
}
const betsOf = (u: TestUser) =>
  t.server.database.query<BetRow>(
    `select id::text as id, user_id::text as user_id, demo, wager::text as wager, payout::text as payout,
            nonce::text as nonce, tx::text as tx, seed_pair_id::text as seed_pair_id,
            multiplier_num::text as multiplier_num, multiplier_den::text as multiplier_den, house_edge_bps,
            params
       from bets b where user_id = $1 order by b.nonce`,
    [u.id],
  );
const transfersOfBet = async (id: string) =>
  (
    await t.server.database.query<{ key: string }>(
      `select idempotency_key as key from ledger_transfers where idempotency_key like $1`,
      [`bet:${id}:%`],
    )
  ).map((r) => r.key);
const nonceOf = async (u: TestUser) =>
  (
    await t.server.database.query<{ nonce: string }>(
      'select nonce::text as nonce from seed_pairs where user_id = $1 and active',
      [u.id],
    )
  )[0]?.nonce;

/**
 * Prepares every bet first (the players' seed pairs exist, so nothing is awaited before the queue), then
 * hands them to the engine in one turn: they are queued together and settle in one batch.
 */
async function together(engine: GameEngine, bets: [AuthUser, ReturnType<typeof dice>][]) {
  for (const [auth] of bets) await activeSeedPair(t.server.database, auth.id);
  const prepared: PreparedBet[] = [];
  for (const [auth, input] of bets) prepared.push(await engine.prepare(auth, input));
  const settled = await Promise.allSettled(prepared.map((p) => engine.playSingle(p)));
  return { prepared, settled };
}

/** Each bet's payout is what its seeds and nonce give, and the player's balance is funds - wagers + payouts. */
async function expectReplaysAndBalance(u: TestUser, funded: { real: bigint; demo: bigint }) {
  const rows = await betsOf(u);
  const pair = (
    await t.server.database.query<{ id: string; server_seed: string; client_seed: string }>(
      'select id::text as id, server_seed, client_seed from seed_pairs where user_id = $1 and active',
      [u.id],
    )
  )[0]!;
  for (const r of rows) {
    expect(r.seed_pair_id).toBe(pair.id);
    const replay = verify(
      'dice',
      pair.server_seed,
      pair.client_seed,
      Number(r.nonce),
      r.params,
      r.house_edge_bps,
    );
    expect([r.multiplier_num, r.multiplier_den]).toEqual([
      replay.multiplier.num.toString(),
      replay.multiplier.den.toString(),
    ]);
  }
  const net = (demo: boolean) =>
    rows.filter((r) => r.demo === demo).reduce((s, r) => s + BigInt(r.payout) - BigInt(r.wager), 0n);
  const b = await balance(u);
  expect({ real: b.real, demo: b.demo }).toEqual({
    real: funded.real + net(false),
    demo: funded.demo + net(true),
  });
  expect(rows.map((r) => Number(r.nonce))).toEqual(rows.map((_, i) => i));
  expect(await nonceOf(u)).toBe(String(rows.length));
  return rows;
}

describe('group commit of single-round bets', () => {
  it('commits a batch in one transaction and refuses a short balance alone with -4', async () => {
    const [a, authA] = await player(100n * USDT, 100n * USDT);
    const [b, authB] = await player(USDT / 2n);
    const [c, authC] = await player(100n * USDT);
    const engine = new GameEngine(ctx, { groupCommit: true });
    const { prepared, settled } = await together(engine, [
      [authA, dice()],
      [authB, dice()],
      [authC, dice()],
      [authA, dice(true)],
      [authA, dice()],
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: -4 });
    // B: nothing written, no nonce consumed, the balance untouched.
    expect(await betsOf(b)).toEqual([]);
    expect(await transfersOfBet(prepared[1]!.betId)).toEqual([]);
    expect(await nonceOf(b)).toBe('0');
    expect(await balance(b)).toMatchObject({ real: USDT / 2n });
    // The others: one transaction for all four bets, nonces 0.. per pair in arrival order.
    const rowsA = await expectReplaysAndBalance(a, { real: 100n * USDT, demo: 100n * USDT });
    const rowsC = await expectReplaysAndBalance(c, { real: 100n * USDT, demo: 0n });
    expect(rowsA.map((r) => r.id)).toEqual([prepared[0]!.betId, prepared[3]!.betId, prepared[4]!.betId]);
    expect(rowsA.map((r) => r.demo)).toEqual([false, true, false]);
    expect(new Set([...rowsA, ...rowsC].map((r) => r.tx)).size).toBe(1);
    for (const r of [...rowsA, ...rowsC])
      expect(await transfersOfBet(r.id)).toHaveLength(BigInt(r.payout) > 0n ? 2 : 1);
    await expectLedgerOk();
  });

  it('refuses, within one batch, the bets the balance no longer covers after the earlier ones', async () => {
    const [u, auth] = await player(3n * USDT);
    const engine = new GameEngine(ctx, { groupCommit: true });
    const { settled } = await together(
      engine,
      Array.from({ length: 10 }, () => [auth, dice()] as [AuthUser, ReturnType<typeof dice>]),
    );
    const rows = await expectReplaysAndBalance(u, { real: 3n * USDT, demo: 0n });
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // In arrival order: a bet is refused (-4) exactly when the bets before it left less than its wager.
    let left = 3n * USDT;
    const accepted = [...rows];
    for (const s of settled) {
      if (s.status === 'rejected') {
        expect(s.reason).toMatchObject({ code: -4 });
        expect(left).toBeLessThan(USDT);
        continue;
      }
      const row = accepted.shift()!;
      expect(row.id).toBe(s.value.id);
      expect(left).toBeGreaterThanOrEqual(USDT);
      left += BigInt(row.payout) - BigInt(row.wager);
    }
    expect(accepted).toEqual([]);
    expect((await balance(u)).real).toBe(left);
    await expectLedgerOk();
  });

  it('gives concurrent bets of one player gapless nonces and the right balance (the configured engine)', async () => {
    const [u, auth] = await player(50n * USDT, 50n * USDT);
    const engine = new GameEngine(ctx); // BET_GROUP_COMMIT=true in this server's configuration
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => engine.play(auth, dice(i % 3 === 0))),
    );
    const rows = await expectReplaysAndBalance(u, { real: 50n * USDT, demo: 50n * USDT });
    expect(rows.map((r) => r.id).sort()).toEqual(results.map((r) => r.id).sort());
    for (const r of results) {
      if (r.type !== 'single') throw new Error('not a single-round answer');
      const row = rows.find((x) => x.id === r.id)!;
      expect(parseAmount(r.game.payout, 8).toString()).toBe(row.payout);
    }
    await expectLedgerOk();
  });

  it('a statement failing mid-batch leaves nothing of the batch; its other bets are played alone', async () => {
    const [a, authA] = await player(100n * USDT);
    const [b, authB] = await player(100n * USDT);
    const engine = new GameEngine(ctx, { groupCommit: true });
    for (const u of [a, b]) await activeSeedPair(t.server.database, u.id);
    const prepared = [
      await engine.prepare(authA, dice()),
      await engine.prepare(authB, dice()),
      await engine.prepare(authA, dice()),
    ];
    // B's bet id is taken by a wager record written meanwhile: the batch's last statement (the records)
    // fails after its ledger statement and its nonce update have run.
    const taken = (
      await t.server.database.query<{ id: string }>("select nextval('bets_id_seq')::text as id")
    )[0]!.id;
    await recordWager(t.server.database, {
      id: taken,
      product: 'originals',
      game: 'dice',
      userId: b.id,
      currency: 'usdt',
      demo: true,
      wager: 1n,
      payout: 0n,
      multiplier: { num: 0n, den: 1n },
      params: {},
      outcome: {},
      houseEdgeBps: 100,
      wagerUsd: null,
    });
    prepared[1] = { ...prepared[1]!, betId: taken };
    const before = { a: await balance(a), b: await balance(b) };
    const settled = await Promise.allSettled(prepared.map((p) => engine.playSingle(p)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(AppError);
    // B: only the record written above; no transfer of the bet, no nonce, the balance untouched.
    expect(await transfersOfBet(taken)).toEqual([]);
    expect(await nonceOf(b)).toBe('0');
    expect(await balance(b)).toEqual(before.b);
    // A's two bets were played alone after the rollback: two transactions, nonces 0 and 1.
    const rowsA = await expectReplaysAndBalance(a, { real: before.a.real, demo: 0n });
    expect(rowsA.map((r) => r.id)).toEqual([prepared[0]!.betId, prepared[2]!.betId]);
    expect(new Set(rowsA.map((r) => r.tx)).size).toBe(2);
    await expectLedgerOk();
  });

  it('a fault before the shared commit rolls the whole batch back; only the faulty bet fails', async () => {
    const [a, authA] = await player(100n * USDT);
    const [b, authB] = await player(100n * USDT);
    let faulty = '';
    class Crash extends Error {}
    const engine = new GameEngine(ctx, {
      groupCommit: true,
      faults: {
        beforeCommit: (id) => {
          if (id === faulty) throw new Crash('simulated crash');
        },
      },
    });
    for (const u of [a, b]) await activeSeedPair(t.server.database, u.id);
    const prepared = [await engine.prepare(authA, dice()), await engine.prepare(authB, dice())];
    faulty = prepared[1]!.betId;
    const settled = await Promise.allSettled(prepared.map((p) => engine.playSingle(p)));
    expect(settled[0]!.status).toBe('fulfilled');
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(Crash);
    expect(await betsOf(b)).toEqual([]);
    expect(await transfersOfBet(faulty)).toEqual([]);
    expect(await nonceOf(b)).toBe('0');
    expect(await balance(b)).toMatchObject({ real: 100n * USDT });
    await expectReplaysAndBalance(a, { real: 100n * USDT, demo: 0n });
    await expectLedgerOk();
  });
});
