import { describe, expect, it } from 'vitest';
import {
  InvalidActionError,
  ZERO_RATIO,
  arraySource,
  divRatio,
  floatSource,
  mulRatioExact,
  ratio,
  ratioToDecimal,
  ratioToNumber,
  replayExtended,
  rtpOf,
  verifyExtended,
} from '../index.js';
import { idealRowDraws, strategyFloats } from './ladder-testkit.js';
import {
  TOWER_DIFFICULTIES,
  TOWER_DIFFICULTY,
  TOWER_LEVELS,
  type TowerDifficulty,
  type TowerState,
  tower,
  towerActionSchema,
  towerMultiplier,
  towerParamsSchema,
  towerShape,
  towerSurvival,
  towerVersion,
} from './tower.js';

const EDGES = [0, 100, 300];

/** A low/medium/high tower opened on fixed floats (bombs per level, levels in order). */
function startOn(difficulty: TowerDifficulty, values: number[]): TowerState {
  return tower.start({ difficulty }, arraySource(values), 100).state;
}

/** The first tile of a level that is not a bomb. */
function safeTile(state: TowerState, level: number): number {
  const bombs = state.layout[level] ?? [];
  return [0, 1, 2, 3].find((tile) => !bombs.includes(tile)) as number;
}

describe('tower', () => {
  it('has 9 levels and the low / medium / high table', () => {
    expect(TOWER_LEVELS).toBe(9);
    expect(TOWER_DIFFICULTY).toEqual({
      low: { tiles: 4, safe: 3 },
      medium: { tiles: 3, safe: 2 },
      high: { tiles: 3, safe: 1 },
    });
    expect(towerShape('high')).toEqual({ rows: 9, tiles: 3, hazards: 2 });
  });

  it('draws each level by selection without replacement, levels in order (hand vector)', () => {
    const last = 1 - 2 ** -32;
    // low: one float per level, floor(f * 4).
    const low = startOn('low', [0, 0.25, 0.5, 0.75, last, 0.3, 0.6, 0.9, 0.1]);
    expect(low.layout).toEqual([[0], [1], [2], [3], [3], [1], [2], [3], [0]]);
    // high: two floats per level; the second picks among the 2 tiles left.
    const high = startOn('high', [
      0,
      0,
      last,
      last,
      0.5,
      0.5,
      0.4,
      0.6,
      0,
      0.5,
      0.9,
      0.1,
      0.2,
      0.3,
      0.7,
      0.7,
      0.35,
      0,
    ]);
    expect(high.layout).toEqual([
      [0, 1],
      [2, 1],
      [1, 2],
      [1, 2],
      [0, 2],
      [2, 0],
      [0, 1],
      [2, 1],
      [1, 0],
    ]);
    expect(high.picks).toEqual([]);
    expect(high.status).toBe('open');
    // It reads exactly levels * bombs floats: one more or one fewer is an error.
    expect(() => startOn('medium', new Array<number>(8).fill(0))).toThrow(RangeError);
    const rng = arraySource(new Array<number>(9).fill(0.5));
    tower.start({ difficulty: 'medium' }, rng, 100);
    expect(rng.used).toBe(9);
  });

  it('version 2 draws the safe tiles of each level by selection without replacement (hand vector)', () => {
    const last = 1 - 2 ** -32;
    const start = (difficulty: TowerDifficulty, values: number[]) => {
      const rng = arraySource(values);
      const { state } = tower.start({ difficulty, v: 2 }, rng, 100);
      return { state, used: rng.used };
    };
    // high: one float per level picks the one safe tile, floor(f * 3); the bombs are the other two.
    const high = start('high', [0, 0.34, last, 0.5, 0.1, 0.9, 0.4, 0.7, 0]);
    expect(high.used).toBe(9);
    expect(high.state.safe).toEqual([[0], [1], [2], [1], [0], [2], [1], [2], [0]]);
    expect(high.state.layout).toEqual([
      [1, 2],
      [0, 2],
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1],
      [0, 2],
      [0, 1],
      [1, 2],
    ]);
    expect(high.state.v).toBe(2);
    // low: three floats per level; the second picks among the 3 tiles left, the third among 2.
    const low = start('low', [
      ...[0.8, 0, last],
      ...[0, 0, 0],
      ...[0.5, 0.5, 0.5],
      ...new Array<number>(18).fill(0.3),
    ]);
    expect(low.used).toBe(27);
    expect(low.state.safe?.slice(0, 3)).toEqual([
      [3, 0, 2],
      [0, 1, 2],
      [2, 1, 3],
    ]);
    expect(low.state.layout.slice(0, 3)).toEqual([[1], [3], [0]]);
    // medium reads 18 floats: one fewer is an error.
    expect(() => start('medium', new Array<number>(17).fill(0))).toThrow(RangeError);
    expect(start('medium', new Array<number>(18).fill(0)).used).toBe(18);
  });

  it('the version comes from the params; version 1 keeps its state; new rounds are stamped with 2', () => {
    expect(towerVersion(towerParamsSchema.parse({}))).toBe(1);
    expect(towerVersion(towerParamsSchema.parse({ difficulty: 'low', v: 1 }))).toBe(1);
    expect(towerVersion(towerParamsSchema.parse({ difficulty: 'low', v: 2 }))).toBe(2);
    expect(towerParamsSchema.safeParse({ difficulty: 'low', v: 3 }).success).toBe(false);
    expect(tower.forNewBet?.({ difficulty: 'high' })).toEqual({ difficulty: 'high', v: 2 });
    expect(tower.forNewBet?.({ difficulty: 'high', v: 1 })).toEqual({ difficulty: 'high', v: 2 });
    const v1 = tower.start({ difficulty: 'low', v: 1 }, arraySource(new Array<number>(9).fill(0)), 100);
    expect(v1.state).toStrictEqual({
      difficulty: 'low',
      layout: new Array<number[]>(9).fill([0]),
      picks: [],
      status: 'open',
    });
    // The view hides the layout and the safe tiles of either version.
    const v2 = tower.start({ difficulty: 'high', v: 2 }, arraySource(new Array<number>(9).fill(0)), 100);
    expect(tower.view(v2.state)).toStrictEqual({ difficulty: 'high', picks: [], status: 'open' });
    // Play goes by the bombs: tile 0 is safe on every level, 1 and 2 are bombs.
    const up = tower.turn(v2.state, { tile: 0 }, arraySource([]), 100);
    expect(up.type).toBe('continue');
    expect(tower.turn(up.state, { tile: 2 }, arraySource([]), 100).type).toBe('lose');
  });

  it('the verifier replays each round by the version in its params', () => {
    const seeds = ['tower-vector-server-seed', 'tower-client', 7] as const;
    const v1 = verifyExtended('tower', ...seeds, { difficulty: 'medium' }, [], 100);
    const v2 = verifyExtended('tower', ...seeds, { difficulty: 'medium', v: 2 }, [], 100);
    expect(v1.floats).toHaveLength(9);
    expect(v2.floats).toHaveLength(18);
    expect(v2.params).toEqual({ difficulty: 'medium', v: 2 });
    // The frozen vector below is version 1.
    expect((v1.state as TowerState).layout).toEqual([[0], [1], [2], [0], [0], [1], [2], [0], [2]]);
    const state = v2.state as TowerState;
    // Version 2: the safe tiles are the floats' picks, the bomb is the tile left.
    state.layout.forEach((bombs, level) => {
      const [first, second] = v2.floats.slice(2 * level, 2 * level + 2).map((read) => read.value);
      const pool = [0, 1, 2];
      const a = pool.splice(Math.floor((first as number) * 3), 1)[0];
      const b = pool.splice(Math.floor((second as number) * 2), 1)[0];
      expect(state.safe?.[level]).toEqual([a, b]);
      expect(bombs).toEqual(pool);
    });
  });

  it('frozen vectors: seeds -> tower', () => {
    const layout = (difficulty: TowerDifficulty) =>
      tower.start({ difficulty }, floatSource('tower-vector-server-seed', 'tower-client', 7), 100).state
        .layout;
    expect(layout('low')).toEqual([[0], [1], [3], [0], [0], [2], [3], [0], [3]]);
    expect(layout('medium')).toEqual([[0], [1], [2], [0], [0], [1], [2], [0], [2]]);
    expect(layout('high')).toEqual([
      [0, 1],
      [2, 0],
      [0, 2],
      [2, 0],
      [2, 0],
      [1, 0],
      [0, 2],
      [2, 1],
      [2, 0],
    ]);
  });

  it('pays rtp / p^k exactly, 0 before the first level and after a bomb', () => {
    expect(towerMultiplier('medium', 0, 100)).toEqual(ZERO_RATIO);
    expect(towerMultiplier('medium', 1, 100)).toEqual(ratio(297, 200));
    expect(towerMultiplier('low', 1, 100)).toEqual(ratio(33, 25));
    expect(ratioToDecimal(towerMultiplier('high', 9, 100), 2)).toBe('19486.17');
    expect(towerMultiplier('high', 9, 0)).toEqual(ratio(3 ** 9));
    expect(() => towerMultiplier('low', 10, 100)).toThrow(RangeError);
    expect(() => towerMultiplier('low', 1, 5001)).toThrow(RangeError);

    const state = startOn('high', new Array<number>(18).fill(0)); // every level: bombs on 0 and 1
    let step = tower.turn(state, { tile: 2 }, arraySource([]), 100);
    expect(step.type).toBe('continue');
    expect(tower.payout(step.state, 100)).toEqual(ratio(297, 100));
    step = tower.turn(step.state, { tile: 1 }, arraySource([]), 100);
    expect(step.type).toBe('lose');
    expect(step.state.picks).toEqual([2, 1]);
    expect(step.state.status).toBe('lost');
    expect(tower.payout(step.state, 100)).toEqual(ZERO_RATIO);
  });

  it('takes only after a safe level, cancels only before the first pick, neither once ended', () => {
    let state = startOn('low', new Array<number>(9).fill(0)); // bomb on tile 0 of every level
    expect([tower.canTake(state), tower.canCancel(state)]).toEqual([false, true]);
    for (let level = 0; level < TOWER_LEVELS; level += 1) {
      const step = tower.turn(state, { tile: 1 + (level % 3) }, arraySource([]), 100);
      state = step.state;
      expect(step.type).toBe(level === TOWER_LEVELS - 1 ? 'finish' : 'continue');
      expect(tower.canCancel(state)).toBe(false);
      expect(tower.canTake(state)).toBe(level < TOWER_LEVELS - 1);
      expect(tower.payout(state, 100)).toEqual(towerMultiplier('low', level + 1, 100));
    }
    expect(state.status).toBe('cleared');
    const lost = tower.turn(startOn('low', new Array<number>(9).fill(0)), { tile: 0 }, arraySource([]), 100);
    expect([lost.type, tower.canTake(lost.state), tower.canCancel(lost.state)]).toEqual([
      'lose',
      false,
      false,
    ]);
  });

  it('RTP is exactly 1 - edge for every difficulty and every stopping level (per-level exact proof)', () => {
    for (const difficulty of TOWER_DIFFICULTIES) {
      const { tiles, safe } = TOWER_DIFFICULTY[difficulty];
      const bombs = tiles - safe;
      const draws = idealRowDraws(tiles, bombs);
      // Every level, every tile: the game's own draw leaves the tile safe in exactly safe/tiles of the cases.
      for (let level = 0; level < TOWER_LEVELS; level += 1) {
        for (let tile = 0; tile < tiles; tile += 1) {
          let safeCount = 0;
          for (const draw of draws) {
            const values = new Array<number>(TOWER_LEVELS * bombs).fill(0);
            values.splice(level * bombs, bombs, ...draw);
            if (!startOn(difficulty, values).layout[level]?.includes(tile)) safeCount += 1;
          }
          expect(ratio(safeCount, draws.length)).toEqual(ratio(safe, tiles));
        }
      }
      // Levels are drawn from disjoint floats, so P(k safe levels) is the product; stopping after k then
      // returns P(k) * payout(k) + P(bomb before k) * 0.
      for (const edge of EDGES) {
        let state = startOn(difficulty, new Array<number>(TOWER_LEVELS * bombs).fill(0));
        for (let k = 1; k <= TOWER_LEVELS; k += 1) {
          state = tower.turn(state, { tile: safeTile(state, k - 1) }, arraySource([]), edge).state;
          const survival = towerSurvival(difficulty, k);
          expect(survival).toEqual(ratio(BigInt(safe) ** BigInt(k), BigInt(tiles) ** BigInt(k)));
          expect(mulRatioExact(survival, tower.payout(state, edge))).toEqual(rtpOf(edge));
        }
      }
    }
  });

  it('RTP is exactly 1 - edge over every tower (medium: all 3^9 towers), every stopping level', () => {
    for (const difficulty of ['medium'] as const) {
      const { tiles } = TOWER_DIFFICULTY[difficulty];
      const totals = new Array<number>(TOWER_LEVELS + 1).fill(0);
      const count = tiles ** TOWER_LEVELS;
      for (let code = 0; code < count; code += 1) {
        const values = Array.from({ length: TOWER_LEVELS }, (_, level) => {
          const index = Math.floor(code / tiles ** level) % tiles;
          return (index + 0.5) / tiles;
        });
        let step = tower.start({ difficulty }, arraySource(values), 100);
        for (let k = 1; k <= TOWER_LEVELS && step.type === 'continue'; k += 1) {
          // A strategy that moves around: the tile depends on the level.
          step = tower.turn(step.state, { tile: (k * 7) % tiles }, arraySource([]), 100);
          if (step.type !== 'lose') totals[k] = (totals[k] as number) + 1;
        }
      }
      for (let k = 1; k <= TOWER_LEVELS; k += 1) {
        const expected = mulRatioExact(
          ratio(totals[k] as number, count),
          towerMultiplier(difficulty, k, 100),
        );
        expect(expected).toEqual(rtpOf(100));
      }
    }
  }, 60_000);

  it('replays random strategies from seeds; first levels hold at p, returns are 1 - edge within 5 sigma', () => {
    const rounds = 2000;
    for (const difficulty of TOWER_DIFFICULTIES) {
      const rtp = ratioToNumber(rtpOf(100));
      let total = 0;
      let secondMoment = 0;
      let firstHeld = 0;
      for (let nonce = 0; nonce < rounds; nonce += 1) {
        const plan = strategyFloats(nonce, TOWER_LEVELS + 1);
        const stopAt = 1 + Math.floor((plan[0] as number) * TOWER_LEVELS);
        const { tiles } = TOWER_DIFFICULTY[difficulty];
        const rng = floatSource('tower-sim-server-seed', 'tower-sim', nonce);
        let step = tower.start({ difficulty }, rng, 100);
        const actions: { tile: number }[] = [];
        while (step.type === 'continue' && actions.length < stopAt) {
          const action = { tile: Math.floor((plan[actions.length + 1] as number) * tiles) };
          actions.push(action);
          step = tower.turn(step.state, action, rng, 100);
          if (actions.length === 1 && step.type !== 'lose') firstHeld += 1;
        }
        const replay = replayExtended(
          tower,
          { difficulty },
          actions,
          floatSource('tower-sim-server-seed', 'tower-sim', nonce),
          100,
        );
        expect(replay.state).toEqual(step.state);
        expect(replay.floatsUsed).toBe(towerShape(difficulty).hazards * TOWER_LEVELS);
        const paid = ratioToNumber(tower.payout(replay.state, 100));
        total += paid;
        secondMoment += ratioToNumber(
          divRatio(mulRatioExact(rtpOf(100), rtpOf(100)), towerSurvival(difficulty, stopAt)),
        );
      }
      const p = ratioToNumber(towerSurvival(difficulty, 1));
      expect(Math.abs(firstHeld - rounds * p)).toBeLessThanOrEqual(5 * Math.sqrt(rounds * p * (1 - p)));
      const variance = secondMoment / rounds - rtp * rtp;
      expect(Math.abs(total / rounds - rtp)).toBeLessThanOrEqual(5 * Math.sqrt(variance / rounds));
    }
  }, 120_000);

  it('rejects invalid actions and params', () => {
    const state = startOn('medium', new Array<number>(9).fill(0));
    const turn = (s: TowerState, tile: number) => tower.turn(s, { tile }, arraySource([]), 100);
    expect(() => turn(state, 3)).toThrow(InvalidActionError); // medium has 3 tiles
    expect(() => turn(state, -1)).toThrow(InvalidActionError);
    expect(() => turn(state, 1.5)).toThrow(InvalidActionError);
    const lost = turn(state, 0).state;
    expect(() => turn(lost, 1)).toThrow(InvalidActionError);
    let cleared = state;
    for (let level = 0; level < TOWER_LEVELS; level += 1) cleared = turn(cleared, 2).state;
    expect(cleared.status).toBe('cleared');
    expect(() => turn(cleared, 1)).toThrow(InvalidActionError);
    expect(() =>
      replayExtended(
        tower,
        { difficulty: 'medium' },
        [{ tile: 4 }],
        arraySource(new Array<number>(9).fill(0)),
        100,
      ),
    ).toThrow(InvalidActionError);

    expect(towerActionSchema.safeParse({ tile: 3 }).success).toBe(true);
    expect(towerActionSchema.safeParse({ tile: 4 }).success).toBe(false);
    expect(towerActionSchema.safeParse({ tile: 0.5 }).success).toBe(false);
    expect(towerActionSchema.safeParse({ tile: 1, extra: 1 }).success).toBe(false);
    expect(towerParamsSchema.parse({})).toEqual({ difficulty: 'medium' });
    expect(towerParamsSchema.safeParse({ difficulty: 'extreme' }).success).toBe(false);
    expect(towerParamsSchema.safeParse({ difficulty: 'low', mines: 3 }).success).toBe(false);
  });

  it('the view shows the path only; the finished state holds every bomb', () => {
    const state = startOn('low', [0.1, 0.3, 0.6, 0.9, 0.1, 0.3, 0.6, 0.9, 0.1]);
    const step = tower.turn(state, { tile: 3 }, arraySource([]), 100);
    const view = tower.view(step.state);
    expect(view).toEqual({ difficulty: 'low', picks: [3], status: 'open' });
    expect(JSON.stringify(view)).not.toContain('layout');
    const lost = tower.turn(step.state, { tile: 1 }, arraySource([]), 100);
    expect(lost.type).toBe('lose');
    expect(lost.state.layout).toEqual([[0], [1], [2], [3], [0], [1], [2], [3], [0]]);
  });
});
