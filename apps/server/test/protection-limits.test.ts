import type { Protection } from '@nebula/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Session } from '../src/db/client.js';
import { depositService } from '../src/modules/deposits/index.js';
import { ExtendedEngine, GameEngine } from '../src/modules/games/index.js';
import { checkLedger, Ledger } from '../src/modules/ledger/index.js';
import { protectionClock, releaseDueHolds } from '../src/modules/protection/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import { replaceService } from '../src/platform/services.js';
import type { TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { TestClock } from './helpers/protection.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Player protection on the money paths (decision 0025): each limit stops the stake that would cross
 * it, also under 50 concurrent bets at the edge with group commit on and off; a guarded stake is
 * judged inside its transaction; a player without limits runs no protection statement; a deposit over
 * the deposit limit is held and released exactly once at the reset. Time moves with the module's clock.
 */
let t: TestServer;
let ctx: AppContext;
const clock = new TestClock();
const USDT = 100_000_000n;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestServer({}, { services: [replaceService(protectionClock, () => clock)] });
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});

const dice = (bet = '1', target = 5000) => ({
  api_id: 'dice',
  bet,
  demo: false,
  currency: 'usdt',
  quick: true,
  data: { target, condition: 'over' as const },
});

async function call(u: TestUser, url: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${u.token}` }, payload });
}

async function limit(u: TestUser, kind: string, period: string, amount: string | null, currency = 'usdt') {
  const res = await call(u, '/api/protection/limit', { kind, period, amount, currency });
  expect(res.statusCode, res.body).toBe(200);
}

/** Plays `n` bets at once on `engine`; the accepted answers and the refusals' codes. */
async function burst(engine: GameEngine, user: AuthUser, n: number, bet = dice()) {
  const answers = await Promise.allSettled(Array.from({ length: n }, () => engine.play(user, bet)));
  const refused = answers.flatMap((a) =>
    a.status === 'rejected' ? [(a.reason as AppError).code ?? String(a.reason)] : [],
  );
  return { accepted: answers.filter((a) => a.status === 'fulfilled').length, refused };
}

/** The player's real bets: how many, staked and paid. */
async function betsOf(u: { id: string }) {
  const rows = await t.server.database.query<{ n: number; staked: string; paid: string }>(
    `select count(*)::int as n, coalesce(sum(wager), 0)::text as staked, coalesce(sum(payout), 0)::text as paid
       from bets where user_id = $1 and not demo`,
    [u.id],
  );
  return { n: rows[0]!.n, staked: BigInt(rows[0]!.staked), paid: BigInt(rows[0]!.paid) };
}

describe.each([
  ['off', false],
  ['on', true],
])('50 concurrent bets at the edge, group commit %s', (_name, groupCommit) => {
  let engine: GameEngine;
  beforeAll(() => {
    engine = new GameEngine(ctx, { groupCommit });
  });

  it('a wager limit accepts exactly what fits and refuses the rest with wager_limit', async () => {
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    await limit(u, 'wager', 'day', '10');
    const { accepted, refused } = await burst(engine, auth, 50);
    expect(accepted).toBe(10);
    expect(refused).toEqual(Array(40).fill('wager_limit'));
    expect((await betsOf(u)).staked).toBe(10n * USDT);
    const view = (await call(u, '/api/protection')).json() as Protection;
    expect(view.limits[0]).toMatchObject({ used: '10', remaining: '0' });
  });

  it('a loss limit (unsettled stakes counting) never lets the net loss cross it', async () => {
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    await limit(u, 'loss', 'week', '5');
    // Over 98.00: a loss nearly every time.
    const { accepted, refused } = await burst(engine, auth, 50, dice('1', 9800));
    const bets = await betsOf(u);
    expect(bets.n).toBe(accepted);
    expect(bets.staked - bets.paid).toBeLessThanOrEqual(5n * USDT);
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(refused.filter((c) => c !== 'loss_limit')).toEqual([]);
    // Without a win (the usual case) exactly the five that fit are accepted; a win (about 2% a bet)
    // pays back 49 and lets more in, never past the limit.
    if (bets.paid === 0n) expect([accepted, refused.length]).toEqual([5, 45]);
    else expect(accepted + refused.length).toBe(50);
  });

  it('the lowest of several limits applies, a USD limit across currencies', async () => {
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    await limit(u, 'wager', 'month', '30');
    await limit(u, 'wager', 'week', '20');
    // USDT is worth about one dollar: 3 USD lets in 2 or 3 bets of 1 USDT, never 4.
    await limit(u, 'wager', 'day', '3', 'usd');
    const { accepted } = await burst(engine, auth, 10);
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeLessThanOrEqual(3);
    expect((await betsOf(u)).n).toBe(accepted);
  });
});

describe('each limit type', () => {
  const engine = () => new GameEngine(ctx, { groupCommit: false });

  it('a decrease applies at once to the next stake; an increase only after 24 h and confirmation', async () => {
    // A Wednesday morning: 24 hours later is the same week.
    clock.set(new Date(Date.UTC(2030, 5, 12, 6)));
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    const e = engine();
    await limit(u, 'wager', 'week', '5');
    await limit(u, 'wager', 'week', '2');
    expect((await burst(e, auth, 5)).accepted).toBe(2);
    await limit(u, 'wager', 'week', '4');
    expect((await burst(e, auth, 1)).refused).toEqual(['wager_limit']);
    const pending = ((await call(u, '/api/protection')).json() as Protection).pending[0]!;
    clock.advance(24 * HOUR - 60_000);
    expect((await call(u, '/api/protection/confirm', { id: pending.id })).statusCode).toBe(409);
    expect((await burst(e, auth, 1)).refused).toEqual(['wager_limit']);
    clock.advance(60_000);
    expect((await call(u, '/api/protection/confirm', { id: pending.id })).statusCode).toBe(200);
    const after = await burst(e, auth, 5);
    expect(after.accepted).toBe(2);
  });

  it('a session limit refuses new bets at the limit until a new session after the break', async () => {
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    const e = engine();
    expect((await call(u, '/api/protection/session-limit', { minutes: 15 })).statusCode).toBe(200);
    expect((await burst(e, auth, 1)).accepted).toBe(1);
    clock.advance(10 * 60_000);
    expect((await burst(e, auth, 1)).accepted).toBe(1);
    clock.advance(6 * 60_000);
    expect((await burst(e, auth, 1)).refused).toEqual(['session_limit']);
    const session = (await call(u, '/api/protection/session')).json() as { limitReached: boolean };
    expect(session.limitReached).toBe(true);
    // Activity at the limit does not extend the session: 30 minutes after it, a new one starts.
    clock.advance(31 * 60_000);
    expect((await burst(e, auth, 1)).accepted).toBe(1);
  });

  it('stakes of an extended game count against the limits', async () => {
    const [u, auth] = await fundedPlayer(t.server, 100n * USDT);
    const e = engine();
    e.useExtended(new ExtendedEngine(ctx));
    await limit(u, 'wager', 'day', '1');
    const round = (api_id: string, data: unknown) => ({
      api_id,
      bet: '1',
      demo: false,
      currency: 'usdt',
      quick: true,
      data,
    });
    await e.play(auth, round('mines', { mines: 3 }));
    await expect(e.play(auth, round('coinflip', {}))).rejects.toMatchObject({ code: 'wager_limit' });
  });

  it('a player without limits runs no protection statement on a bet', async () => {
    const [, auth] = await fundedPlayer(t.server, 100n * USDT);
    const [guardedUser, guarded] = await fundedPlayer(t.server, 100n * USDT);
    const measured: string[] = [];
    await limit(guardedUser, 'wager', 'day', '100');
    for (const groupCommit of [false, true]) {
      for (const [who, expectProtection] of [
        [auth, false],
        [guarded, true],
      ] as const) {
        const counting = countingContext();
        const e = new GameEngine(counting.ctx, { groupCommit });
        await e.play(who, dice()); // warm-up: seed pair, accounts
        counting.texts.length = 0;
        await e.play(who, dice());
        const protection = counting.texts.filter((s) => /player_protection|protection_usage/.test(s));
        // The pre-bet read joins protection's relation in its one statement; nothing else for a player
        // without limits. A guarded bet adds its lock-and-read and its counters' write (and, alone, the
        // same two for a payout).
        if (expectProtection)
          expect(protection.length, `group commit ${groupCommit}`).toBeGreaterThanOrEqual(3);
        else expect(protection, `group commit ${groupCommit}`).toHaveLength(1);
        measured.push(
          `${groupCommit ? 'gc' : 'alone'} ${expectProtection ? 'guarded' : 'unguarded'}: ${counting.texts.length}`,
        );
      }
    }
    console.log(`statements per bet: ${measured.join(', ')}`);
  });
});

describe('deposit limit', () => {
  it('holds what exceeds it, never refuses, releases exactly once at the reset', async () => {
    clock.set(new Date(Date.UTC(2031, 0, 15, 12)));
    const [u] = await fundedPlayer(t.server, 0n);
    await limit(u, 'deposit', 'day', '10');
    const service = depositService.of(ctx);
    const deposit = (n: number, amount: bigint) =>
      service.credit(
        {
          id: '0',
          user_id: u.id,
          currency: 'usdt',
          chain: 'test',
          address: 'addr',
          txid: `tx-${u.id}-${n}`,
          output_index: 0,
          amount: amount.toString(),
          chain_amount: amount.toString(),
          chain_decimals: 8,
          confirmations: 1,
          required_confirmations: 1,
          below_minimum: false,
          status: 0,
          created_at: new Date(),
        },
        1,
      );
    await deposit(1, 6n * USDT);
    await deposit(2, 9n * USDT);
    // A repeat of the second (the job after a crash) moves nothing more.
    await deposit(2, 9n * USDT);
    const balance = async () => (await t.server.ledger.balances(u.id)).usdt!;
    expect(await balance()).toMatchObject({ real: 10n * USDT, held: 5n * USDT });
    let view = (await call(u, '/api/protection')).json() as Protection;
    expect(view.held).toEqual([{ currency: 'usdt', amount: '5', releasesAt: '2031-01-16T00:00:00.000Z' }]);

    // Before the reset nothing moves.
    expect(await releaseDueHolds(ctx)).toEqual({ due: 0, released: 0 });
    clock.set(new Date(Date.UTC(2031, 0, 16, 0, 0, 1)));
    const runs = await Promise.all([releaseDueHolds(ctx), releaseDueHolds(ctx), releaseDueHolds(ctx)]);
    expect(runs.reduce((n, r) => n + r.released, 0)).toBe(1);
    await releaseDueHolds(ctx);
    expect(await balance()).toMatchObject({ real: 15n * USDT, held: 0n });
    view = (await call(u, '/api/protection')).json() as Protection;
    expect(view.held).toEqual([]);
    // The release counts in the new day: 5 of 10 used.
    expect(view.limits[0]).toMatchObject({ used: '5', remaining: '5' });
    const releases = await t.server.database.query<{ n: number }>(
      "select count(*)::int as n from ledger_transfers where kind = 'deposit_release' and idempotency_key like $1",
      [`protection:release:${u.id}:%`],
    );
    expect(releases[0]!.n).toBe(1);
    expect(view.history.map((h) => h.action)).toEqual(['deposit_released', 'deposit_held', 'limit_set']);
    expect((await checkLedger(t.server.database)).problems).toEqual([]);
  });
});

/** The server's context over a database (and ledger) that records every statement's text. */
function countingContext(): { ctx: AppContext; texts: string[] } {
  const texts: string[] = [];
  const db = t.server.database;
  const wrap = (s: Session): Session => ({
    query: (text, params, name) => {
      texts.push(text);
      return s.query(text, params, name);
    },
    exec: (text) => s.exec(text),
  });
  const database: Database = {
    kind: db.kind,
    query: (text, params, name) => {
      texts.push(text);
      return db.query(text, params, name);
    },
    withSession: (fn) => db.withSession((s) => fn(wrap(s))),
    transaction: (fn, opts) =>
      db.transaction(
        (tx) =>
          fn({
            ...wrap(tx),
            commitWith: (name) => tx.commitWith(name),
            afterCommit: (topic, data) => tx.afterCommit(topic, data),
          }),
        opts,
      ),
    onCommitted: (topic, listener) => db.onCommitted(topic, listener),
    close: () => db.close(),
  };
  return { ctx: { ...ctx, database, ledger: new Ledger(database) }, texts };
}
