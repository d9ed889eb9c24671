import { describe, expect, it } from 'vitest';
import {
  InvalidActionError,
  ZERO_RATIO,
  arraySource,
  floatSource,
  mulRatioExact,
  ratio,
  ratioToDecimal,
  replayExtended,
  rtpOf,
} from '../index.js';
import { idealRowDraws, strategyFloats } from '../tower/ladder-testkit.js';
import {
  STAIRS_MAX_HAZARDS,
  STAIRS_MIN_HAZARDS,
  STAIRS_ROWS,
  STAIRS_STONES,
  type StairsState,
  stairs,
  stairsActionSchema,
  stairsMultiplier,
  stairsParamsSchema,
  stairsSurvival,
} from './stairs.js';

const HAZARD_COUNTS = [1, 2, 3, 4, 5, 6];
const NO_FLOATS = arraySource([]);

/** A staircase opened on fixed floats (crumbling stones per row, rows in order). */
function startOn(hazards: number, values: number[]): StairsState {
  return stairs.start({ hazards }, arraySource(values), 100).state;
}

function step(state: StairsState, stone: number, edge = 100) {
  return stairs.turn(state, { stone }, NO_FLOATS, edge);
}

/** The first stone of a row that holds. */
function safeStone(state: StairsState, row: number): number {
  const crumbling = state.layout[row] ?? [];
  return Array.from({ length: STAIRS_STONES }, (_, i) => i).find(
    (stone) => !crumbling.includes(stone),
  ) as number;
}

describe('stairs', () => {
  it('has 13 rows of 7 stones and 1..6 hazards (default 2)', () => {
    expect([STAIRS_ROWS, STAIRS_STONES, STAIRS_MIN_HAZARDS, STAIRS_MAX_HAZARDS]).toEqual([13, 7, 1, 6]);
    expect(stairsParamsSchema.parse({})).toEqual({ hazards: 2 });
  });

  it('draws each row by selection without replacement, rows in order (hand vector)', () => {
    const last = 1 - 2 ** -32;
    const pattern = [
      [0, 0, 0],
      [last, last, last],
      [0.5, 0.5, 0.5],
    ];
    const values = Array.from({ length: STAIRS_ROWS }, (_, row) => pattern[row % 3] as number[]).flat();
    const state = startOn(3, values);
    const expected = [
      [0, 1, 2],
      [6, 5, 4],
      [3, 4, 2],
    ];
    expect(state.layout).toEqual(Array.from({ length: STAIRS_ROWS }, (_, row) => expected[row % 3]));
    expect([state.picks, state.status, state.hazards]).toEqual([[], 'open', 3]);
    const rng = arraySource(new Array<number>(13 * 6).fill(0.2));
    stairs.start({ hazards: 6 }, rng, 100);
    expect(rng.used).toBe(78);
    expect(() => startOn(2, new Array<number>(25).fill(0))).toThrow(RangeError);
  });

  it('frozen vectors: seeds -> staircase', () => {
    const layout = (hazards: number) =>
      stairs.start({ hazards }, floatSource('stairs-vector-server-seed', 'stairs-client', 3), 100).state
        .layout;
    expect(layout(1)).toEqual([[4], [4], [5], [5], [1], [1], [6], [3], [2], [3], [3], [0], [4]]);
    expect(layout(2)).toEqual([
      [4, 3],
      [5, 4],
      [1, 2],
      [6, 3],
      [2, 3],
      [3, 0],
      [4, 1],
      [6, 4],
      [1, 6],
      [6, 4],
      [0, 3],
      [0, 6],
      [4, 5],
    ]);
    expect(layout(6)[0]).toEqual([4, 3, 5, 6, 0, 1]);
    expect(layout(6)[12]).toEqual([2, 0, 4, 6, 3, 5]);
  });

  it('pays rtp / ((7 - h) / 7)^k exactly, 0 before the first move and after a crumbling stone', () => {
    expect(stairsMultiplier(2, 0, 100)).toEqual(ZERO_RATIO);
    expect(stairsMultiplier(1, 1, 100)).toEqual(ratio(231, 200)); // 0.99 * 7 / 6
    expect(stairsMultiplier(6, 1, 100)).toEqual(ratio(693, 100));
    expect(stairsMultiplier(6, 13, 0)).toEqual(ratio(7 ** 13));
    expect(ratioToDecimal(stairsMultiplier(3, 13, 100), 4)).toBe(
      ratioToDecimal(ratio(99n * 7n ** 13n, 100n * 4n ** 13n), 4),
    );
    expect(() => stairsMultiplier(0, 1, 100)).toThrow(RangeError);
    expect(() => stairsMultiplier(7, 1, 100)).toThrow(RangeError);
    expect(() => stairsMultiplier(2, 14, 100)).toThrow(RangeError);

    const state = startOn(6, new Array<number>(78).fill(0)); // every row: only stone 6 holds
    const first = step(state, 6);
    expect([first.type, stairs.payout(first.state, 100)]).toEqual(['continue', ratio(693, 100)]);
    const lost = step(first.state, 5);
    expect([lost.type, lost.state.status, lost.state.picks]).toEqual(['lose', 'lost', [6, 5]]);
    expect(stairs.payout(lost.state, 100)).toEqual(ZERO_RATIO);
  });

  it('takes only after a safe row, cancels only before the first move, neither once ended', () => {
    let state = startOn(1, new Array<number>(13).fill(0)); // stone 0 crumbles on every row
    expect([stairs.canTake(state), stairs.canCancel(state)]).toEqual([false, true]);
    for (let row = 0; row < STAIRS_ROWS; row += 1) {
      const next = step(state, 1 + (row % 6));
      state = next.state;
      expect(next.type).toBe(row === STAIRS_ROWS - 1 ? 'finish' : 'continue');
      expect([stairs.canTake(state), stairs.canCancel(state)]).toEqual([row < STAIRS_ROWS - 1, false]);
      expect(stairs.payout(state, 100)).toEqual(stairsMultiplier(1, row + 1, 100));
    }
    expect(state.status).toBe('cleared');
    const lost = step(startOn(1, new Array<number>(13).fill(0)), 0);
    expect([lost.type, stairs.canTake(lost.state), stairs.canCancel(lost.state)]).toEqual([
      'lose',
      false,
      false,
    ]);
  });

  it('RTP is exactly 1 - edge for every hazard count and every stopping row (per-row exact proof)', () => {
    for (const hazards of HAZARD_COUNTS) {
      const draws = idealRowDraws(STAIRS_STONES, hazards);
      // The game's own draw of a row leaves every stone holding in exactly (7 - h) / 7 of the cases.
      for (const row of [0, 6, 12]) {
        const holding = new Array<number>(STAIRS_STONES).fill(0);
        for (const draw of draws) {
          const values = new Array<number>(STAIRS_ROWS * hazards).fill(0);
          values.splice(row * hazards, hazards, ...draw);
          const crumbling = startOn(hazards, values).layout[row] ?? [];
          for (let stone = 0; stone < STAIRS_STONES; stone += 1) {
            if (!crumbling.includes(stone)) holding[stone] = (holding[stone] as number) + 1;
          }
        }
        for (const count of holding) expect(ratio(count, draws.length)).toEqual(ratio(7 - hazards, 7));
      }
      // Rows come from disjoint floats: P(k rows) is the product, and stopping after k returns
      // P(k) * payout(k) + P(crumbled before k) * 0 = rtp.
      for (const edge of [0, 100, 300]) {
        let state = startOn(hazards, new Array<number>(STAIRS_ROWS * hazards).fill(0));
        for (let k = 1; k <= STAIRS_ROWS; k += 1) {
          state = step(state, safeStone(state, k - 1), edge).state;
          const survival = stairsSurvival(hazards, k);
          expect(survival).toEqual(ratio(BigInt(7 - hazards) ** BigInt(k), 7n ** BigInt(k)));
          expect(mulRatioExact(survival, stairs.payout(state, edge))).toEqual(rtpOf(edge));
        }
      }
    }
  }, 60_000);

  it('replays random strategies from seeds: first rows hold at (7 - h) / 7, returns are 1 - edge within 5 sigma', () => {
    const rounds = 800;
    const rtp = 0.99;
    for (const hazards of HAZARD_COUNTS) {
      let total = 0;
      let secondMoment = 0;
      let firstHeld = 0;
      for (let nonce = 0; nonce < rounds; nonce += 1) {
        // Stop after 1..4 rows so the high-hazard tails stay measurable.
        const plan = strategyFloats(nonce, 5);
        const stopAt = 1 + Math.floor((plan[0] as number) * 4);
        const rng = floatSource('stairs-sim-server-seed', 'stairs-sim', nonce);
        let current = stairs.start({ hazards }, rng, 100);
        const actions: { stone: number }[] = [];
        while (current.type === 'continue' && actions.length < stopAt) {
          const action = { stone: Math.floor((plan[actions.length + 1] as number) * STAIRS_STONES) };
          actions.push(action);
          current = stairs.turn(current.state, action, rng, 100);
          if (actions.length === 1 && current.type !== 'lose') firstHeld += 1;
        }
        const seeds = floatSource('stairs-sim-server-seed', 'stairs-sim', nonce);
        const replay = replayExtended(stairs, { hazards }, actions, seeds, 100);
        expect(replay.state).toEqual(current.state);
        expect(replay.floatsUsed).toBe(STAIRS_ROWS * hazards);
        const paid = stairs.payout(replay.state, 100);
        total += Number(paid.num) / Number(paid.den);
        const survival = stairsSurvival(hazards, stopAt);
        secondMoment += (rtp * rtp * Number(survival.den)) / Number(survival.num);
      }
      const p = (7 - hazards) / 7;
      expect(Math.abs(firstHeld - rounds * p)).toBeLessThanOrEqual(5 * Math.sqrt(rounds * p * (1 - p)));
      const variance = secondMoment / rounds - rtp * rtp;
      expect(Math.abs(total / rounds - rtp)).toBeLessThanOrEqual(5 * Math.sqrt(variance / rounds));
    }
  }, 120_000);

  it('rejects invalid moves and params', () => {
    const state = startOn(2, new Array<number>(26).fill(0)); // stones 0 and 1 crumble
    expect(() => step(state, 7)).toThrow(InvalidActionError);
    expect(() => step(state, -1)).toThrow(InvalidActionError);
    expect(() => step(state, 2.5)).toThrow(InvalidActionError);
    expect(() => stairs.turn(state, {} as { stone: number }, NO_FLOATS, 100)).toThrow(InvalidActionError);
    expect(() => step(step(state, 1).state, 2)).toThrow(InvalidActionError);
    let cleared = state;
    for (let row = 0; row < STAIRS_ROWS; row += 1) cleared = step(cleared, 6).state;
    expect(cleared.status).toBe('cleared');
    expect(() => step(cleared, 6)).toThrow(InvalidActionError);

    expect(stairsActionSchema.safeParse({ stone: 6 }).success).toBe(true);
    expect(stairsActionSchema.safeParse({ stone: 7 }).success).toBe(false);
    expect(stairsActionSchema.safeParse({ stone: -1 }).success).toBe(false);
    expect(stairsActionSchema.safeParse({ tile: 1 }).success).toBe(false);
    for (const hazards of [0, 7, 2.5, '2'])
      expect(stairsParamsSchema.safeParse({ hazards }).success).toBe(false);
    expect(stairsParamsSchema.safeParse({ hazards: 6 }).success).toBe(true);
  });

  it('the view shows the path only; the finished state holds every crumbling stone', () => {
    const state = startOn(
      1,
      Array.from({ length: 13 }, (_, row) => (row % 7) / 7 + 0.01),
    );
    expect(state.layout.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5]);
    const first = step(state, 4);
    const view = stairs.view(first.state);
    expect(view).toEqual({ hazards: 1, picks: [4], status: 'open' });
    expect(JSON.stringify(view)).not.toContain('layout');
    const lost = step(first.state, 1);
    expect(lost.type).toBe('lose');
    expect(lost.state.layout).toHaveLength(STAIRS_ROWS);
  });
});
