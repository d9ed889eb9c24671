import { floats, selectWithoutReplacement } from '@nebula/fairness';
import {
  type CoinflipState,
  type ExtendedGame,
  type TowerState,
  getExtendedGame,
  verifyExtended,
  ratioToFixed,
} from '@nebula/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExtendedEngine, GameEngine } from '../src/modules/games/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';
import type { AppContext, AuthUser } from '../src/platform/context.js';
import type { TestUser } from './helpers/factories.js';
import { contextOf, startTestServer, type TestServer } from './helpers/test-server.js';
import { fundedPlayer } from './helpers/players.js';

/**
 * Versioned extended games (G4, decision 0011): a new coinflip or tower round is stamped with version 2
 * (`forNewBet`, applied by `GameEngine.prepare` for extended games too), stores it in its params, plays
 * by it (coinflip: the large casino's `floor(float * 2)`, 1 heads; tower: each level draws its safe
 * tiles) and replays with `verifyExtended` of @nebula/games from the stored params, decisions and
 * revealed seeds. Rounds stored without a version replay as version 1 (packages/games tests).
 */
let t: TestServer;
let ctx: AppContext;
const USDT = 100_000_000n;

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
  // The real registry: no game override.
  const single = new GameEngine(ctx);
  const extended = new ExtendedEngine(ctx);
  single.useExtended(extended);
  return { single, extended };
}

async function player(): Promise<{ u: TestUser; user: AuthUser }> {
  const [u, user] = await fundedPlayer(t.server, 100n * USDT);
  return { u, user };
}

async function open(single: GameEngine, user: AuthUser, game: string, data: unknown) {
  const r = await single.play(user, { api_id: game, bet: '1', demo: false, currency: 'usdt', data });
  if (r.type !== 'extended') throw new Error('expected an extended round');
  return r;
}

async function roundRow(id: string) {
  const [row] = await t.server.database.query<{ params: unknown; state: unknown; floats_used: number }>(
    'select params, state, floats_used from extended_rounds where id = $1::bigint',
    [id],
  );
  return row!;
}

/** The user's settled bets of `game` after revealing the seed pair, as verifyExtended takes them. */
async function revealedBets(u: TestUser, game: string) {
  await t.app.inject({
    method: 'POST',
    url: '/api/fairness/rotate',
    headers: { authorization: `Bearer ${u.token}` },
    payload: {},
  });
  return t.server.database.query<{
    nonce: string;
    params: unknown;
    outcome: { actions: unknown[]; state: unknown };
    house_edge_bps: number;
    multiplier: string;
    server_seed: string;
    client_seed: string;
  }>(
    `select b.nonce::text as nonce, b.params, b.outcome, b.house_edge_bps, b.multiplier::text as multiplier,
            p.server_seed, p.client_seed
       from bets b join seed_pairs p on p.id = b.seed_pair_id
      where b.user_id = $1 and b.game = $2 and not p.active order by b.id`,
    [u.id, game],
  );
}

describe('versioned extended games', () => {
  it('the registry games stamp version 2 on new rounds', () => {
    for (const id of ['coinflip', 'tower']) {
      const game = getExtendedGame(id) as ExtendedGame;
      expect(game.forNewBet, id).toBeTypeOf('function');
    }
  });

  it('coinflip: a new round stores v 2, flips floor(float * 2) (1 heads), and replays with verifyExtended', async () => {
    const { single, extended } = engines();
    const { u, user } = await player();
    for (const data of [{}, { v: 1 }, undefined]) {
      const round = await open(single, user, 'coinflip', data);
      // Even a player asking for version 1 gets version 2.
      const stored = await roundRow(round.id);
      expect(stored.params).toEqual({ v: 2 });
      expect(stored.state).toEqual({ flips: [], v: 2 });
      let result = 'continue';
      for (let i = 0; i < 3 && result === 'continue'; i += 1) {
        result = (await extended.turn(user, { api_id: 'coinflip', id: round.id, data: { side: 'heads' } }))
          .result;
      }
      if (result === 'continue') await extended.finish(user, { api_id: 'coinflip', id: round.id });
    }
    const bets = await revealedBets(u, 'coinflip');
    expect(bets).toHaveLength(3);
    for (const bet of bets) {
      expect(bet.params).toEqual({ v: 2 });
      const nonce = Number(bet.nonce);
      const replay = verifyExtended(
        'coinflip',
        bet.server_seed,
        bet.client_seed,
        nonce,
        bet.params,
        bet.outcome.actions,
        bet.house_edge_bps,
      );
      expect(replay.state).toEqual(bet.outcome.state);
      // bets.multiplier is the paid multiplier in 1e8 fixed point (rounded down).
      expect(ratioToFixed(replay.multiplier, 8).toString()).toBe(bet.multiplier);
      // Each flip is the casino's: floor(float * 2) = 1 heads, 0 tails, float i of the bet's stream.
      const { flips } = bet.outcome.state as CoinflipState;
      const values = floats(bet.server_seed, bet.client_seed, nonce, flips.length);
      expect(flips.map((flip) => flip.result)).toEqual(
        values.map((value) => (Math.floor(value * 2) === 1 ? 'heads' : 'tails')),
      );
    }
  });

  it('tower: a new round stores v 2, draws the safe tiles per level, and replays with verifyExtended', async () => {
    const { single, extended } = engines();
    const { u, user } = await player();
    const cases = [
      { difficulty: 'low', tiles: 4, safe: 3 },
      { difficulty: 'medium', tiles: 3, safe: 2 },
      { difficulty: 'high', tiles: 3, safe: 1 },
    ] as const;
    for (const { difficulty, safe } of cases) {
      const round = await open(single, user, 'tower', { difficulty });
      const stored = await roundRow(round.id);
      expect(stored.params).toEqual({ difficulty, v: 2 });
      expect(stored.floats_used).toBe(9 * safe);
      // The view never shows the layout.
      expect(JSON.stringify(round)).not.toContain('"layout"');
      const state = stored.state as TowerState;
      let result = 'continue';
      for (let level = 0; level < 2 && result === 'continue'; level += 1) {
        // Pick a bomb on the second level when the first was safe, so rounds end both ways.
        const tile = level === 0 ? state.safe![0]![0]! : state.layout[1]![0]!;
        result = (await extended.turn(user, { api_id: 'tower', id: round.id, data: { tile } })).result;
      }
      expect(result).toBe('lose');
    }
    const bets = await revealedBets(u, 'tower');
    expect(bets).toHaveLength(3);
    bets.forEach((bet, i) => {
      const { difficulty, tiles, safe } = cases[i]!;
      expect(bet.params).toEqual({ difficulty, v: 2 });
      const nonce = Number(bet.nonce);
      const replay = verifyExtended(
        'tower',
        bet.server_seed,
        bet.client_seed,
        nonce,
        bet.params,
        bet.outcome.actions,
        bet.house_edge_bps,
      );
      expect(replay.state).toEqual(bet.outcome.state);
      expect(replay.ending).toBe('lose');
      // Each level's safe tiles are `safe` consecutive floats by selection without replacement (the
      // casino's Dragon Tower eggs); the bombs are the tiles left.
      const values = floats(bet.server_seed, bet.client_seed, nonce, 9 * safe);
      const state = bet.outcome.state as TowerState;
      const pool = Array.from({ length: tiles }, (_, tile) => tile);
      for (let level = 0; level < 9; level += 1) {
        const eggs = selectWithoutReplacement(values.slice(level * safe, (level + 1) * safe), pool);
        expect(state.safe?.[level]).toEqual(eggs);
        expect(state.layout[level]).toEqual(pool.filter((tile) => !eggs.includes(tile)));
      }
    });
  });
});
