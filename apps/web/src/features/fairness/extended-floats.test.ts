import { describe, expect, it } from 'vitest';
import { floats as fairnessFloats } from '@nebula/fairness';
import { type CoinflipState, type TowerState, verifyExtended } from '@nebula/games';
import { extendedFloatMappings } from './extended-floats';
import { SEED } from './test-vectors';

/**
 * The per-float table of coinflip and tower follows the round's version. Expectations are worked out
 * by hand from the published rules on the stream of (SEED, "nebula", nonce) (its floats rounded to 4
 * places in the comments), not from the mapping code.
 */
const NS = 'fairnessUi.extended.floats';

function replay(game: string, nonce: number, params: unknown, actions: unknown[]) {
  return verifyExtended(game, SEED, 'nebula', nonce, params, actions, 100);
}

function table(result: ReturnType<typeof replay>) {
  return extendedFloatMappings(result).map((m) => [m.formula, m.value, m.noteKey, m.highlight ?? false]);
}

describe('coinflip floats by version', () => {
  // Nonce 1 starts 0.5315, 0.0243, 0.8351.
  it('checks the stream the expectations were worked out on', () => {
    const [a, b, c] = fairnessFloats(SEED, 'nebula', 1, 3);
    expect([a, b, c].map((f) => f!.toFixed(4))).toEqual(['0.5315', '0.0243', '0.8351']);
  });

  it('version 1 (no v): heads below 0.5, tails from 0.5', () => {
    // 0.5315 tails (called tails: right), 0.0243 heads (right), 0.8351 tails (called heads: wrong).
    const result = replay('coinflip', 1, {}, [{ side: 'tails' }, { side: 'heads' }, { side: 'heads' }]);
    expect((result.state as CoinflipState).v).toBeUndefined();
    expect(table(result)).toEqual([
      ['f ≥ 0.5', 'T', `${NS}.tailsRight`, true],
      ['f < 0.5', 'H', `${NS}.headsRight`, true],
      ['f ≥ 0.5', 'T', `${NS}.tailsWrong`, false],
    ]);
  });

  it('version 2: floor(f × 2), 0 tails and 1 heads', () => {
    // floor(0.5315 × 2) = 1 heads (called heads: right), floor(0.0243 × 2) = 0 tails (right),
    // floor(0.8351 × 2) = 1 heads (called tails: wrong, the round is lost).
    const result = replay('coinflip', 1, { v: 2 }, [{ side: 'heads' }, { side: 'tails' }, { side: 'tails' }]);
    expect((result.state as CoinflipState).v).toBe(2);
    expect(result.ending).toBe('lose');
    expect(table(result)).toEqual([
      ['floor(f × 2) = 1', 'H', `${NS}.headsRight`, true],
      ['floor(f × 2) = 0', 'T', `${NS}.tailsRight`, true],
      ['floor(f × 2) = 1', 'H', `${NS}.headsWrong`, false],
    ]);
  });
});

describe('tower floats by version', () => {
  // Nonce 0: 0.0943 0.0967 0.0602 0.9418 0.7736 0.4675 0.5037 0.4975 0.8165 0.4680 0.0814 0.0243
  // 0.8430 0.3927 0.4427 0.4254 0.9702 0.2887 0.1647 0.0915 0.7364 0.5839 0.0037 0.9171 0.3115
  // 0.4569 0.9413
  it('checks the stream the expectations were worked out on', () => {
    const values = fairnessFloats(SEED, 'nebula', 0, 27).map((f) => f.toFixed(4));
    expect(values.slice(0, 9)).toEqual([
      '0.0943',
      '0.0967',
      '0.0602',
      '0.9418',
      '0.7736',
      '0.4675',
      '0.5037',
      '0.4975',
      '0.8165',
    ]);
    expect(values.slice(24)).toEqual(['0.3115', '0.4569', '0.9413']);
  });

  it('version 1 (no v), medium: one float per bomb, one bomb per level', () => {
    // floor(f × 3) over the level's tiles 0..2: 0 0 0 2 2 1 1 1 2.
    const result = replay('tower', 0, { difficulty: 'medium' }, [{ tile: 1 }]);
    expect((result.state as TowerState).v).toBeUndefined();
    const bombs = [0, 0, 0, 2, 2, 1, 1, 1, 2];
    expect(extendedFloatMappings(result)).toEqual(
      bombs.map((tile, i) => ({
        formula: `floor(f × 3) = ${tile}`,
        value: `#${tile}`,
        noteKey: `${NS}.bomb`,
        noteValues: { row: i + 1 },
      })),
    );
  });

  it('version 2, low: three safe tiles per level, drawn over 4, 3, then 2 free tiles', () => {
    // Per level: the index floor(f × free) and the tile it takes from the tiles still free.
    // L1 [0,1,2,3]: 0.0943×4→0 #0, 0.0967×3→0 #1, 0.0602×2→0 #2 (bomb #3)
    // L2: 0.9418×4→3 #3, 0.7736×3→2 #2, 0.4675×2→0 #0 (bomb #1)
    // L3: 0.5037×4→2 #2, 0.4975×3→1 #1, 0.8165×2→1 #3 (bomb #0)
    // L4: 0.4680×4→1 #1, 0.0814×3→0 #0, 0.0243×2→0 #2 (bomb #3)
    // L5: 0.8430×4→3 #3, 0.3927×3→1 #1, 0.4427×2→0 #0 (bomb #2)
    // L6: 0.4254×4→1 #1, 0.9702×3→2 #3, 0.2887×2→0 #0 (bomb #2)
    // L7: 0.1647×4→0 #0, 0.0915×3→0 #1, 0.7364×2→1 #3 (bomb #2)
    // L8: 0.5839×4→2 #2, 0.0037×3→0 #0, 0.9171×2→1 #3 (bomb #1)
    // L9: 0.3115×4→1 #1, 0.4569×3→1 #2, 0.9413×2→1 #3 (bomb #0)
    const picks = [
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      [
        [3, 3],
        [2, 2],
        [0, 0],
      ],
      [
        [2, 2],
        [1, 1],
        [1, 3],
      ],
      [
        [1, 1],
        [0, 0],
        [0, 2],
      ],
      [
        [3, 3],
        [1, 1],
        [0, 0],
      ],
      [
        [1, 1],
        [2, 3],
        [0, 0],
      ],
      [
        [0, 0],
        [0, 1],
        [1, 3],
      ],
      [
        [2, 2],
        [0, 0],
        [1, 3],
      ],
      [
        [1, 1],
        [1, 2],
        [1, 3],
      ],
    ];
    // Level 1 tile #0 and level 2 tile #3 are safe, level 3 tile #0 is its bomb.
    const result = replay('tower', 0, { difficulty: 'low', v: 2 }, [{ tile: 0 }, { tile: 3 }, { tile: 0 }]);
    const state = result.state as TowerState;
    expect(state.v).toBe(2);
    expect(state.status).toBe('lost');
    expect(state.layout).toEqual([[3], [1], [0], [3], [2], [2], [2], [1], [0]]);
    expect(result.floats).toHaveLength(27);
    expect(extendedFloatMappings(result)).toEqual(
      picks.flatMap((level, row) =>
        level.map(([index, tile], j) => ({
          formula: `floor(f × ${4 - j}) = ${index}`,
          value: `#${tile}`,
          noteKey: `${NS}.safeTile`,
          noteValues: { row: row + 1 },
        })),
      ),
    );
  });

  it('version 2, medium and high: 2 and 1 safe tiles per level, each float on its level', () => {
    // Medium, level 1: 0.0943×3→0 #0, 0.0967×2→0 #1; level 2: 0.0602×3→0 #0, 0.9418×2→1 #2.
    const medium = extendedFloatMappings(replay('tower', 0, { difficulty: 'medium', v: 2 }, []));
    expect(medium).toHaveLength(18);
    expect(medium.map((m) => m.noteValues?.row)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9,
    ]);
    expect(medium.slice(0, 4).map((m) => [m.formula, m.value])).toEqual([
      ['floor(f × 3) = 0', '#0'],
      ['floor(f × 2) = 0', '#1'],
      ['floor(f × 3) = 0', '#0'],
      ['floor(f × 2) = 1', '#2'],
    ]);
    // High: one safe tile per level, floor(f × 3): 0 0 0 2 2 1 1 1 2 (the tiles v1 made bombs).
    const high = extendedFloatMappings(replay('tower', 0, { difficulty: 'high', v: 2 }, []));
    expect(high.map((m) => [m.value, m.noteKey, m.noteValues?.row])).toEqual(
      [0, 0, 0, 2, 2, 1, 1, 1, 2].map((tile, i) => [`#${tile}`, `${NS}.safeTile`, i + 1]),
    );
  });
});
