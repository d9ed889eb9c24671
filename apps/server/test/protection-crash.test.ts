import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CrashLoop,
  CrashService,
  crashBettingMs,
  crashPauseMs,
  generateChainAsync,
  insertChain,
} from '../src/modules/crash/index.js';
import { GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import { setLimit } from '../src/modules/protection/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import { createUser } from './helpers/factories.js';
import { createHandContext } from './helpers/hand-context.js';
import type { createTestDatabase } from './helpers/test-server.js';

/**
 * Player protection on crash (decision 0025): a crash stake is judged by the same guard as every
 * stake, so a crash bet that would cross a loss or wager limit is refused with nothing debited, and an
 * unsettled crash stake counts as lost for the player's other bets until its return (a cancel's refund)
 * is counted. The round stays in its betting phase for the whole test (a long betting time): nothing
 * depends on when the round runs. PGlite, or PostgreSQL with DATABASE_URL.
 */
const USDT = 100_000_000n;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: AppContext;
let leader: AbortController | undefined;
let loop: Promise<void> | undefined;

beforeAll(async () => {
  ({ db, ctx } = await createHandContext('protection-crash'));
  const seed = createHash('sha256').update('protection-crash').digest('hex');
  await insertChain(db.database, await generateChainAsync(seed, 3, 2), 'f'.repeat(64));
});
afterEach(async () => {
  leader?.abort();
  await loop?.catch(() => undefined);
  expect((await checkLedger(db.database)).problems).toEqual([]);
});
afterAll(async () => {
  await ctx?.realtime.close();
  await db?.drop();
});

async function player(funds = 10n * USDT): Promise<AuthUser> {
  const u = await createUser(db.database);
  await ctx.ledger.transfer({
    key: `test-fund:${u.id}`,
    kind: 'test',
    currency: 'usdt',
    amount: funds,
    from: { system: 'chain' },
    to: { user: u.id, kind: 'real' },
  });
  return { id: u.id, name: u.name, roles: ['player'], permissions: {} };
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};
const balance = async (id: string) => (await ctx.ledger.balances(id)).usdt?.real ?? 0n;
const limit = (u: AuthUser, kind: 'loss' | 'wager', amount: string) =>
  setLimit(ctx, u, { kind, period: 'day', amount, currency: 'usdt' });
const dice = (bet: string) => ({
  api_id: 'dice',
  bet,
  demo: false,
  currency: 'usdt',
  quick: true,
  data: { target: 5000, condition: 'over' as const },
});

/** Starts the round loop and waits for a round taking bets (it takes them for ten minutes). */
async function bettingRound(): Promise<string> {
  await ctx.settings.change(crashBettingMs, 600_000);
  await ctx.settings.change(crashPauseMs, 60_000);
  leader = new AbortController();
  loop = new CrashLoop(ctx, { tickMs: 100 }).run(leader.signal);
  const until = Date.now() + 30_000;
  for (;;) {
    const [r] = await db.database.query<{ id: string; phase: string }>(
      'select id::text as id, phase from crash_rounds order by id desc limit 1',
    );
    if (r?.phase === 'betting') return r.id;
    if (Date.now() > until) throw new Error('no betting round');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('crash under limits', () => {
  it('refuses the crash bet that would cross a limit; an unsettled crash stake counts until its refund', async () => {
    const round = await bettingRound();
    const crash = new CrashService(ctx);
    const engine = new GameEngine(ctx, { groupCommit: false });
    const bet = (u: AuthUser, amount: string) => crash.bet(u, { bet: amount, currency: 'usdt', demo: false });
    const crashBets = async (u: AuthUser) =>
      (
        await db.database.query<{ n: number }>(
          'select count(*)::int as n from crash_bets where user_id = $1::uuid',
          [u.id],
        )
      )[0]!.n;

    // A loss limit below the stake: refused, nothing debited, no bet row.
    const low = await player();
    await limit(low, 'loss', '0.5');
    expect(await code(bet(low, '1'))).toBe('loss_limit');
    expect(await balance(low.id)).toBe(10n * USDT);
    expect(await crashBets(low)).toBe(0);

    // A wager limit used by another product's bet: the crash bet is refused.
    const used = await player();
    await limit(used, 'wager', '1.5');
    expect(await code(engine.play(used, dice('1')))).toBe('ok');
    const before = await balance(used.id);
    expect(await code(bet(used, '1'))).toBe('wager_limit');
    expect(await balance(used.id)).toBe(before);
    expect(await crashBets(used)).toBe(0);

    // An unsettled crash stake counts as lost: the next dice bet would cross the loss limit.
    const open = await player();
    await limit(open, 'loss', '1.5');
    expect(await code(bet(open, '1'))).toBe('ok');
    expect(await balance(open.id)).toBe(9n * USDT);
    expect(await code(engine.play(open, dice('1')))).toBe('loss_limit');
    // Its refund (a cancel while the round takes bets) is a return: the dice bet now fits.
    expect((await crash.cancel(open, { id: round })).game.status).toBe('cancelled');
    expect(await balance(open.id)).toBe(10n * USDT);
    expect(await code(engine.play(open, dice('1')))).toBe('ok');
  });
});
