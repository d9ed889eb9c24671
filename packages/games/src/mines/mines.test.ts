import { floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import {
  InvalidActionError,
  type Ratio,
  ZERO_RATIO,
  arraySource,
  eqRatio,
  floatSource,
  mulRatioExact,
  ratio,
  ratioToNumber,
  replayExtended,
  rtpOf,
} from '../index.js';
import {
  MINES_CELLS,
  MINES_MAX,
  MINES_MIN,
  type MinesAction,
  type MinesState,
  mines,
  minesActionSchema,
  minesMultiplier,
  minesParamsSchema,
  minesSafeProbability,
  minesUnrevealed,
} from './mines.js';

const LAST = 1 - 2 ** -32;

/** An open state with the given mines (ascending) and safe cells revealed. */
function stateWith(mineCells: number[], revealed: number[] = []): MinesState {
  return { mineCount: mineCells.length, mines: mineCells, revealed, hit: null, status: 'open' };
}

/** P(k safe in a row) computed independently of the module: prod (25 - m - i) / (25 - i). */
function safeChance(m: number, k: number): Ratio {
  let p: Ratio = ratio(1);
  for (let i = 0; i < k; i += 1) p = mulRatioExact(p, ratio(MINES_CELLS - m - i, MINES_CELLS - i));
  return p;
}

/** Every m-subset of 0..24, ascending. */
function* subsets(m: number, from = 0, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === m) {
    yield prefix;
    return;
  }
  for (let cell = from; cell <= MINES_CELLS - (m - prefix.length); cell += 1) {
    yield* subsets(m, cell + 1, [...prefix, cell]);
  }
}

describe('mines: placing the mines', () => {
  it('uses selection without replacement over cells 0..24 (array floats)', () => {
    expect(mines.start({ mines: 3 }, arraySource([0, 0, 0]), 100).state.mines).toEqual([0, 1, 2]);
    expect(mines.start({ mines: 3 }, arraySource([LAST, LAST, LAST]), 100).state.mines).toEqual([22, 23, 24]);
    // floor(0.5 * 25) = 12; floor(0.5 * 24) = 12 of [0..11, 13..24] -> 13; floor(0.99 * 23) = 22 -> 24.
    expect(mines.start({ mines: 3 }, arraySource([0.5, 0.5, 0.99]), 100).state.mines).toEqual([12, 13, 24]);
    const rng = arraySource([0.3]);
    const step = mines.start({ mines: 1 }, rng, 100);
    expect(step).toEqual({
      state: { mineCount: 1, mines: [7], revealed: [], hit: null, status: 'open' },
      type: 'continue',
    });
    expect(rng.used).toBe(1);
  });

  it('matches frozen vectors of the HMAC float stream', () => {
    const board = (server: string, client: string, nonce: number, count: number) => {
      const rng = floatSource(server, client, nonce);
      const { state } = mines.start({ mines: count }, rng, 100);
      expect(rng.used).toBe(count);
      return state.mines;
    };
    expect(board('mines-server-seed-1', 'client-a', 0, 3)).toEqual([10, 16, 20]);
    expect(board('mines-server-seed-1', 'client-a', 1, 10)).toEqual([0, 2, 3, 4, 6, 13, 21, 22, 23, 24]);
    expect(board('mines-server-seed-2', 'client-b', 42, 24)).toEqual(
      Array.from({ length: 25 }, (_, i) => i).filter((cell) => cell !== 14),
    );
    expect(board('mines-server-seed-2', 'client-b', 7, 1)).toEqual([17]);
    // The same floats as the public stream: float i of the bet.
    const values = floats('mines-server-seed-1', 'client-a', 0, 3);
    expect(mines.start({ mines: 3 }, arraySource(values), 100).state.mines).toEqual([10, 16, 20]);
  });

  it('replays frozen rounds with the auto-pick (one float per pick)', () => {
    const won = replayExtended(
      mines,
      { mines: 3 },
      [{ random: true }, { random: true }],
      floatSource('mines-server-seed-1', 'client-a', 0),
      100,
    );
    expect(won).toEqual({
      state: { mineCount: 3, mines: [10, 16, 20], revealed: [3, 13], hit: null, status: 'open' },
      type: 'continue',
      floatsUsed: 5,
      steps: ['continue', 'continue', 'continue'],
    });
    const lost = replayExtended(
      mines,
      { mines: 1 },
      [{ random: true }, { random: true }, { random: true }, { random: true }],
      floatSource('mines-server-seed-2', 'client-b', 7),
      100,
    );
    expect(lost.state).toEqual({
      mineCount: 1,
      mines: [17],
      revealed: [20, 12, 23],
      hit: 17,
      status: 'lost',
    });
    expect(lost.steps).toEqual(['continue', 'continue', 'continue', 'continue', 'lose']);
    expect(lost.floatsUsed).toBe(5);
    const cleared = replayExtended(
      mines,
      { mines: 24 },
      [{ cell: 14 }],
      floatSource('mines-server-seed-2', 'client-b', 42),
      100,
    );
    expect(cleared.type).toBe('finish');
    expect(mines.payout(cleared.state, 100)).toEqual(ratio(99 * 25, 100));
  });

  it('the auto-pick takes floor(float * n) of the unrevealed cells in ascending order', () => {
    const state = stateWith([24], [0, 2, 4]);
    expect(minesUnrevealed(state)).toEqual([1, 3, ...Array.from({ length: 20 }, (_, i) => i + 5)]);
    // 22 unrevealed: float 0 -> 1, float 1/22 -> 3, float 2/22 -> 5, the last float -> 24 (the mine).
    expect(mines.turn(state, { random: true }, arraySource([0]), 100).state.revealed).toEqual([0, 2, 4, 1]);
    expect(mines.turn(state, { random: true }, arraySource([1 / 22]), 100).state.revealed).toEqual([
      0, 2, 4, 3,
    ]);
    expect(mines.turn(state, { random: true }, arraySource([2 / 22]), 100).state.revealed).toEqual([
      0, 2, 4, 5,
    ]);
    const boom = mines.turn(state, { random: true }, arraySource([LAST]), 100);
    expect(boom).toEqual({ state: { ...state, hit: 24, status: 'lost' }, type: 'lose' });
    // A cell decision reads no float.
    const rng = arraySource([]);
    mines.turn(state, { cell: 3 }, rng, 100);
    expect(rng.used).toBe(0);
  });
});

describe('mines: payout', () => {
  it('is exactly rtp * C(25, k) / C(25 - m, k); P(k safe) * payout = rtp for every m and k', () => {
    for (const edge of [0, 100, 300]) {
      const rtp = rtpOf(edge);
      for (let m = MINES_MIN; m <= MINES_MAX; m += 1) {
        const cells = Array.from({ length: m }, (_, i) => MINES_CELLS - m + i);
        for (let k = 0; k <= MINES_CELLS - m; k += 1) {
          const revealed = Array.from({ length: k }, (_, i) => i);
          const state: MinesState = {
            ...stateWith(cells, revealed),
            status: k === 25 - m ? 'cleared' : 'open',
          };
          const payout = mines.payout(state, edge);
          expect(minesSafeProbability(m, k)).toEqual(safeChance(m, k));
          expect(payout).toEqual(minesMultiplier(m, k, edge));
          expect(mulRatioExact(safeChance(m, k), payout)).toEqual(k === 0 ? ZERO_RATIO : rtp);
        }
      }
    }
    expect(minesMultiplier(1, 1, 100)).toEqual(ratio(99 * 25, 100 * 24));
    expect(minesMultiplier(3, 2, 100)).toEqual(ratio(99 * 300, 100 * 231));
    expect(minesMultiplier(24, 1, 100)).toEqual(ratio(99 * 25, 100));
    expect(() => minesMultiplier(3, 23, 100)).toThrow(RangeError);
    expect(() => minesMultiplier(0, 1, 100)).toThrow(RangeError);
    expect(() => minesMultiplier(3, 1, 5001)).toThrow(RangeError);
  });

  it('returns exactly rtp over every board for every stopping point (m = 1, 2, 3, 22, 23, 24)', () => {
    const edge = 100;
    // A player who reveals cells in a fixed scattered order and takes after `stop` safe cells.
    const order = Array.from({ length: MINES_CELLS }, (_, i) => (i * 7 + 3) % MINES_CELLS);
    for (const m of [1, 2, 3, 22, 23, 24]) {
      const boards = [...subsets(m)];
      let expectedBoards = 1n;
      for (let i = 0; i < m; i += 1) expectedBoards = (expectedBoards * BigInt(25 - i)) / BigInt(i + 1);
      expect(BigInt(boards.length)).toBe(expectedBoards);
      const stops = MINES_CELLS - m;
      const paying = new Array<number>(stops + 1).fill(0);
      const paid = new Array<Ratio | null>(stops + 1).fill(null);
      let mismatches = 0;
      for (const board of boards) {
        // The states after each decision of the whole walk, through the reducer.
        const states: MinesState[] = [stateWith(board)];
        let type = 'continue';
        for (const cell of order) {
          if (type !== 'continue') break;
          const step = mines.turn(states[states.length - 1] as MinesState, { cell }, arraySource([]), edge);
          states.push(step.state);
          type = step.type;
        }
        for (let stop = 1; stop <= stops; stop += 1) {
          const state = states[Math.min(stop, states.length - 1)] as MinesState;
          const payout = mines.payout(state, edge);
          if (state.status === 'lost') {
            if (payout.num !== 0n) mismatches += 1;
            continue;
          }
          paying[stop] = (paying[stop] as number) + 1;
          const first = paid[stop] ?? payout;
          paid[stop] = first;
          if (!eqRatio(payout, first)) mismatches += 1;
        }
      }
      expect(mismatches).toBe(0);
      for (let stop = 1; stop <= stops; stop += 1) {
        const payout = paid[stop] as Ratio;
        const total = mulRatioExact(payout, ratio(paying[stop] as number, boards.length));
        expect(total).toEqual(rtpOf(edge));
      }
    }
  }, 30_000);

  it('a simulated random strategy through replayExtended returns 99% within 5 standard errors', () => {
    let seed = 0x9e3779b9;
    const next = (bound: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % bound;
    };
    const rounds = 6_000;
    let sum = 0;
    let squares = 0;
    let mismatches = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const count = 1 + next(8);
      const stop = 1 + next(Math.min(5, MINES_CELLS - count));
      const rng = floatSource('mines-sim', 'client', nonce);
      let step = mines.start({ mines: count }, rng, 100);
      const actions: MinesAction[] = [];
      while (step.type === 'continue' && step.state.revealed.length < stop) {
        const unrevealed = minesUnrevealed(step.state);
        const action: MinesAction =
          next(3) === 0 ? { random: true } : { cell: unrevealed[next(unrevealed.length)] as number };
        actions.push(action);
        step = mines.turn(step.state, action, rng, 100);
      }
      const replay = replayExtended(
        mines,
        { mines: count },
        actions,
        floatSource('mines-sim', 'client', nonce),
        100,
      );
      if (JSON.stringify(replay.state) !== JSON.stringify(step.state) || replay.floatsUsed !== rng.used) {
        mismatches += 1;
      }
      if (replay.type === 'continue' && !mines.canTake(replay.state)) mismatches += 1;
      const paid = ratioToNumber(mines.payout(replay.state, 100));
      sum += paid;
      squares += paid * paid;
    }
    expect(mismatches).toBe(0);
    const mean = sum / rounds;
    const standardError = Math.sqrt((squares / rounds - mean * mean) / rounds);
    expect(Math.abs(mean - 0.99)).toBeLessThan(5 * standardError);
    expect(standardError).toBeLessThan(0.03);
  }, 30_000);
});

describe('mines: decisions and validation', () => {
  it('continues on a gem, loses on a mine, finishes on the last safe cell', () => {
    const open = stateWith(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22],
      [23],
    );
    expect(mines.canTake(open)).toBe(true);
    expect(mines.canCancel(open)).toBe(false);
    const finish = mines.turn(open, { cell: 24 }, arraySource([]), 100);
    expect(finish.type).toBe('finish');
    expect(finish.state.status).toBe('cleared');
    expect(mines.canTake(finish.state)).toBe(false);
    expect(mines.payout(finish.state, 100)).toEqual(ratio(99 * 300, 100));

    const fresh = stateWith([5, 6]);
    expect(mines.canCancel(fresh)).toBe(true);
    expect(mines.canTake(fresh)).toBe(false);
    expect(mines.payout(fresh, 100)).toEqual(ZERO_RATIO);
    const gem = mines.turn(fresh, { cell: 0 }, arraySource([]), 100);
    expect(gem).toEqual({ state: stateWith([5, 6], [0]), type: 'continue' });
    const lose = mines.turn(gem.state, { cell: 6 }, arraySource([]), 100);
    expect(lose).toEqual({ state: { ...gem.state, hit: 6, status: 'lost' }, type: 'lose' });
    expect(mines.payout(lose.state, 100)).toEqual(ZERO_RATIO);
    expect(mines.canTake(lose.state)).toBe(false);
    expect(mines.canCancel(lose.state)).toBe(false);
  });

  it('rejects a revealed cell, an ended round and cells off the board', () => {
    const state = stateWith([5], [0, 1]);
    expect(() => mines.turn(state, { cell: 1 }, arraySource([]), 100)).toThrow(InvalidActionError);
    const lost = { ...state, hit: 5, status: 'lost' as const };
    expect(() => mines.turn(lost, { cell: 2 }, arraySource([]), 100)).toThrow(InvalidActionError);
    expect(() => mines.turn(lost, { random: true }, arraySource([0]), 100)).toThrow(InvalidActionError);
    expect(() => mines.turn(state, { cell: 25 }, arraySource([]), 100)).toThrow(InvalidActionError);
    expect(() =>
      replayExtended(mines, { mines: 1 }, [{ cell: 3 }, { cell: 3 }], arraySource([0.99]), 100),
    ).toThrow(InvalidActionError);
  });

  it('validates params (integer 1..24) and actions', () => {
    for (const bad of [{ mines: 0 }, { mines: 25 }, { mines: 2.5 }, { mines: '3' }, {}, { mines: 3, x: 1 }]) {
      expect(minesParamsSchema.safeParse(bad).success).toBe(false);
    }
    for (const good of [1, 3, 24]) expect(minesParamsSchema.safeParse({ mines: good }).success).toBe(true);
    expect(() => mines.start({ mines: 25 }, arraySource(new Array(25).fill(0)), 100)).toThrow(RangeError);
    expect(() => mines.start({ mines: 3 }, arraySource([0, 0, 0]), -1)).toThrow(RangeError);
    for (const bad of [
      { cell: -1 },
      { cell: 25 },
      { cell: 1.5 },
      { random: false },
      { cell: 1, random: true },
      {},
    ]) {
      expect(minesActionSchema.safeParse(bad).success).toBe(false);
    }
    expect(minesActionSchema.safeParse({ cell: 0 }).success).toBe(true);
    expect(minesActionSchema.safeParse({ cell: 24 }).success).toBe(true);
    expect(minesActionSchema.safeParse({ random: true }).success).toBe(true);
  });

  it('the view shows the mine count and the revealed cells, never the mines', () => {
    const state = stateWith([3, 9, 17], [4, 0]);
    const view = mines.view(state);
    expect(view).toEqual({ mineCount: 3, revealed: [4, 0] });
    expect(Object.keys(view as object).sort()).toEqual(['mineCount', 'revealed']);
    expect(JSON.stringify(view)).not.toContain('17');
    expect(mines.stake).toBeUndefined();
  });
});
