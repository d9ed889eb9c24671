import { PlayErrorCode, TurnErrorCode, type ExtendedPlayResponse } from '@nebula/contracts';
import {
  type ExtendedGame,
  InvalidActionError,
  ONE_RATIO,
  type Ratio,
  floatSource,
  mulRatioExact,
  ratio,
  replayExtended,
  rtpOf,
} from '@nebula/games';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExtendedEngine, GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import { AppError } from '../src/platform/errors.js';
import type { TestUser } from './helpers/factories.js';
import { contextOf, putSetting, startTestServer, type TestServer } from './helpers/test-server.js';
import { fund, fundedPlayer } from './helpers/players.js';

/**
 * The extended engine on a test-only game ("ladder"): each `up` reads one float and survives below 1/2
 * (the payout doubles: rtp * 2^k); `double` stakes one more base wager and climbs once more, ending the
 * round (like a blackjack double). Open, turns, take, cancel, restore after a "restart", concurrency
 * (one decision per index, one payout per round), the max-profit cap and replay from the seeds.
 */
interface LadderState {
  k: number;
  doubled: boolean;
  lost: boolean;
  ended: boolean;
}
type LadderAction = { kind: 'up' } | { kind: 'double' };

const ladder: ExtendedGame<'ladder', Record<string, never>, LadderState, LadderAction> = {
  id: 'ladder',
  kind: 'extended',
  name: 'Ladder',
  params: z.object({}).strict() as z.ZodType<Record<string, never>>,
  action: z.union([
    z.object({ kind: z.literal('up') }).strict(),
    z.object({ kind: z.literal('double') }).strict(),
  ]),
  defaultHouseEdgeBps: 100,
  start: () => ({ state: { k: 0, doubled: false, lost: false, ended: false }, type: 'continue' }),
  turn(state, action, rng) {
    if (state.ended) throw new InvalidActionError('ended');
    if (action.kind === 'double' && state.k === 0) throw new InvalidActionError('double needs a climb first');
    const safe = rng.next() < 0.5;
    const doubled = action.kind === 'double';
    const next = { k: safe ? state.k + 1 : state.k, doubled, lost: !safe, ended: !safe || doubled };
    return { state: next, type: !safe ? 'lose' : doubled ? 'finish' : 'continue' };
  },
  payout(state, edge) {
    if (state.lost || state.k === 0) return ratio(0);
    const value = mulRatioExact(rtpOf(edge), ratio(2n ** BigInt(state.k)));
    return state.doubled ? mulRatioExact(value, ratio(2)) : value;
  },
  canTake: (s) => !s.ended && s.k > 0,
  canCancel: (s) => !s.ended && s.k === 0,
  stake: (s): Ratio => (s.doubled ? ratio(2) : ONE_RATIO),
  actionStake: (_s, a): Ratio => (a.kind === 'double' ? ONE_RATIO : ratio(0)),
  view: (s) => ({ k: s.k }),
};

let t: TestServer;
let ctx: AppContext;
const USDT = 100_000_000n;
const games = (id: string) => (id === 'ladder' ? (ladder as unknown as ExtendedGame) : undefined);

beforeAll(async () => {
  t = await startTestServer();
  ctx = contextOf(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect((await checkLedger(t.server.database)).problems).toEqual([]);
});

function engines() {
  const single = new GameEngine(ctx, { extendedGames: games });
  const extended = new ExtendedEngine(ctx, { games });
  single.useExtended(extended);
  return { single, extended };
}

async function player(amount = 10n * USDT): Promise<{ u: TestUser; user: AuthUser }> {
  const [u, user] = await fundedPlayer(t.server, amount);
  return { u, user };
}

const balance = async (u: TestUser) => (await t.server.ledger.balances(u.id)).usdt?.real ?? 0n;

const bet = { api_id: 'ladder', bet: '1', demo: false, currency: 'usdt', quick: true, data: {} };
const code = (e: unknown) => (e instanceof AppError ? e.code : e);

async function open(single: GameEngine, user: AuthUser): Promise<ExtendedPlayResponse> {
  const r = await single.play(user, bet);
  if (r.type !== 'extended') throw new Error('expected an extended round');
  return r;
}

/** Climbs until the round is lost or has `k` safe steps; returns the last answer. */
async function climb(extended: ExtendedEngine, user: AuthUser, id: string, k: number) {
  let last;
  for (let i = 0; i < k; i++) {
    last = await extended.turn(user, { api_id: 'ladder', id, data: { kind: 'up' } });
    if (last.result !== 'continue') break;
  }
  return last!;
}

describe('extended rounds', () => {
  it('Play opens a round (wager debited, one open round per game), Turn climbs, Finish takes', async () => {
    const { single, extended } = engines();
    const { u, user } = await player();
    const opened = await open(single, user);
    expect(opened.game.extendedState).toBe('in-progress');
    expect(opened.canBeFinished).toBe(false);
    expect(opened.canBeCancelled).toBe(true);
    expect(await balance(u)).toBe(9n * USDT);
    expect(code(await single.play(user, bet).catch((e: unknown) => e))).toBe(PlayErrorCode.BadStage);

    // Play rounds until one survives a climb, then take it.
    let round = opened;
    for (;;) {
      const step = await climb(extended, user, round.id, 1);
      if (step.result === 'continue') {
        expect(step.canBeFinished).toBe(true);
        expect(step.game.multiplier).toBe('1.98000000');
        const taken = await extended.finish(user, { api_id: 'ladder', id: round.id });
        expect(taken.game).toMatchObject({ extendedState: 'finished', status: 'win', payout: '1.98' });
        // A second Finish finds no open round: paid once.
        expect(
          code(await extended.finish(user, { api_id: 'ladder', id: round.id }).catch((e: unknown) => e)),
        ).toBe(TurnErrorCode.InvalidGameId);
        break;
      }
      expect(step.game).toMatchObject({ extendedState: 'finished', status: 'lose', payout: '0' });
      round = await open(single, user);
    }
    const bets = await t.server.database.query<{ id: string; payout: string; wager: string }>(
      'select id::text as id, payout::text as payout, wager::text as wager from bets where user_id = $1 order by id',
      [u.id],
    );
    expect(bets.at(-1)).toMatchObject({ id: round.id, payout: '198000000', wager: '100000000' });
    const expected = 10n * USDT - BigInt(bets.length) * USDT + 198_000_000n;
    expect(await balance(u)).toBe(expected);
  });

  it('Finish cancels a round without decisions (refund, no bet row)', async () => {
    const { single, extended } = engines();
    const { u, user } = await player();
    const opened = await open(single, user);
    const cancelled = await extended.finish(user, { api_id: 'ladder', id: opened.id });
    expect(cancelled.game).toMatchObject({ status: 'cancelled', extendedState: 'finished', profit: '0' });
    expect(await balance(u)).toBe(10n * USDT);
    const rows = await t.server.database.query('select 1 from bets where id = $1::bigint', [opened.id]);
    expect(rows).toHaveLength(0);
  });

  it('an open round survives a restart (a new engine restores and continues it) and keeps its wager', async () => {
    const first = engines();
    const { u, user } = await player();
    const opened = await open(first.single, user);
    expect(await balance(u)).toBe(9n * USDT);
    const second = engines();
    const restored = await second.extended.restore(user, { api_id: 'ladder' });
    expect(restored.round?.id).toBe(opened.id);
    expect(restored.round?.game.extendedState).toBe('in-progress');
    const step = await climb(second.extended, user, opened.id, 1);
    expect(['continue', 'lose']).toContain(step.result);
    expect((await second.extended.restore(user, { api_id: 'ladder' })).round?.id ?? null).toBe(
      step.result === 'continue' ? opened.id : null,
    );
  });

  it('bad decisions: code 3 for a decision not allowed now, code 1 for an unknown round, 422 for bad data', async () => {
    const { single, extended } = engines();
    const { u, user } = await player();
    const opened = await open(single, user);
    const before = await balance(u);
    const double = await extended
      .turn(user, { api_id: 'ladder', id: opened.id, data: { kind: 'double' } })
      .catch((e: unknown) => e);
    expect(code(double)).toBe(TurnErrorCode.InvalidOperation);
    expect(await balance(u)).toBe(before);
    expect(
      code(
        await extended
          .turn(user, { api_id: 'ladder', id: '999999999', data: { kind: 'up' } })
          .catch((e: unknown) => e),
      ),
    ).toBe(TurnErrorCode.InvalidGameId);
    const bad = await extended
      .turn(user, { api_id: 'ladder', id: opened.id, data: { kind: 'jump' } })
      .catch((e: unknown) => e);
    expect((bad as AppError).status).toBe(422);
    // Someone else's round is not found either.
    const other = await player();
    expect(
      code(
        await extended
          .turn(other.user, { api_id: 'ladder', id: opened.id, data: { kind: 'up' } })
          .catch((e: unknown) => e),
      ),
    ).toBe(TurnErrorCode.InvalidGameId);
  });

  it('concurrent decisions: one per index applies; a doubled stake is debited once; one payout per round', async () => {
    const { single, extended } = engines();
    const { u, user } = await player(100n * USDT);
    let checked = 0;
    for (let attempt = 0; attempt < 20 && checked < 3; attempt++) {
      const round = await open(single, user);
      const first = await climb(extended, user, round.id, 1);
      if (first.result !== 'continue') continue;
      const before = await balance(u);
      const answers = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          extended.turn(user, { api_id: 'ladder', id: round.id, data: { kind: 'double' } }),
        ),
      );
      const applied = answers.filter((a) => a.status === 'fulfilled');
      expect(applied).toHaveLength(1);
      for (const a of answers)
        if (a.status === 'rejected')
          expect([TurnErrorCode.Retry, TurnErrorCode.InvalidGameId]).toContain(code(a.reason));
      const done = (applied[0] as PromiseFulfilledResult<Awaited<ReturnType<ExtendedEngine['turn']>>>).value;
      const paid = done.result === 'finish' ? (1n * USDT * 2n * 396n) / 100n : 0n;
      expect(done.game.wager).toBe('2');
      expect(await balance(u)).toBe(before - USDT + paid);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    // Concurrent takes pay once.
    for (let attempt = 0; attempt < 20; attempt++) {
      const round = await open(single, user);
      if ((await climb(extended, user, round.id, 1)).result !== 'continue') continue;
      const before = await balance(u);
      const takes = await Promise.allSettled(
        Array.from({ length: 5 }, () => extended.finish(user, { api_id: 'ladder', id: round.id })),
      );
      expect(takes.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      expect(await balance(u)).toBe(before + 198_000_000n);
      break;
    }
  });

  it('a decision whose extra stake the player cannot cover changes nothing (-4, the round stays)', async () => {
    const { single, extended } = engines();
    const { u, user } = await player(USDT);
    let round: ExtendedPlayResponse | undefined;
    for (let attempt = 0; attempt < 20 && !round; attempt++) {
      const opened = await open(single, user);
      if ((await climb(extended, user, opened.id, 1)).result === 'continue') round = opened;
      else await fund(t.server, u.id, USDT);
    }
    expect(round).toBeDefined();
    const id = round!.id;
    expect(await balance(u)).toBe(0n);
    const before = await t.server.database.query(
      'select actions, stake::text as stake from extended_rounds where id = $1',
      [id],
    );
    const err = await extended
      .turn(user, { api_id: 'ladder', id, data: { kind: 'double' } })
      .catch((e: unknown) => e);
    expect(code(err)).toBe(-4);
    expect(
      await t.server.database.query(
        'select actions, stake::text as stake from extended_rounds where id = $1',
        [id],
      ),
    ).toEqual(before);
    const stakes = await t.server.database.query(
      'select 1 from ledger_transfers where idempotency_key = $1',
      [`bet:${id}:stake:1`],
    );
    expect(stakes).toHaveLength(0);
    // The round goes on: the player may still take it.
    const taken = await extended.finish(user, { api_id: 'ladder', id });
    expect(taken.game.extendedState).toBe('finished');
  });

  it('caps a payout at max profit and replays every stored round from its revealed seeds', async () => {
    const { single, extended } = engines();
    const { u, user } = await player(100n * USDT);
    await putSetting(t, 'games.max_profit_usd', '1');
    try {
      for (let attempt = 0; attempt < 40; attempt++) {
        const round = await open(single, user);
        const step = await climb(extended, user, round.id, 3);
        if (step.result !== 'continue') continue;
        // 3 climbs pay 7.92x: the profit is capped at 1 USD (1 USDT at the test price of 1).
        const taken = await extended.finish(user, { api_id: 'ladder', id: round.id });
        expect(Number(taken.game.profit)).toBeLessThanOrEqual(1);
        break;
      }
    } finally {
      await putSetting(t, 'games.max_profit_usd', '10000');
    }
    // Reveal the pair, then replay each bet: same state and the same payout law.
    await t.app.inject({
      method: 'POST',
      url: '/api/fairness/rotate',
      headers: { authorization: `Bearer ${u.token}` },
      payload: {},
    });
    const rows = await t.server.database.query<{
      nonce: string;
      outcome: { actions: LadderAction[]; state: LadderState };
      server_seed: string;
      client_seed: string;
    }>(
      `select b.nonce::text as nonce, b.outcome, p.server_seed, p.client_seed from bets b
         join seed_pairs p on p.id = b.seed_pair_id where b.user_id = $1 and not p.active`,
      [u.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const replay = replayExtended(
        ladder,
        {},
        row.outcome.actions,
        floatSource(row.server_seed, row.client_seed, Number(row.nonce)),
        100,
      );
      expect(replay.state).toEqual(row.outcome.state);
    }
  });
});
