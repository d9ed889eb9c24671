/** Tower's verifier parts: the levels with their bombs, the safe tiles (v2) or bombs (v1) drawn as floats. */
import { type ExtendedVerifyResult, TOWER_DIFFICULTY, type TowerState } from '@nebula/games';
import type { ExtendedGameVerifier, FloatMapping } from '../kit/verifier';
import { FLOAT_NOTES, LadderStateView, ladderMappings, pickFormula } from '../kit/verifier-extended';

/**
 * Tower version 2 (`v: 2` in the state, every new round): each level draws its SAFE tiles (3 of 4 on
 * low, 2 of 3 on medium, 1 of 3 on high), kept in draw order in `safe`; the bombs are the other tiles.
 */
function towerSafeMappings(result: ExtendedVerifyResult, tiles: number): FloatMapping[] {
  const { safe = [], difficulty } = result.state as TowerState;
  const perLevel = TOWER_DIFFICULTY[difficulty].safe;
  return result.floats.map((read, i) => {
    const row = Math.floor(i / perLevel);
    const j = i % perLevel;
    const tile = safe[row]?.[j];
    return {
      formula: pickFormula(read.value, tiles - j),
      value: `#${tile ?? '?'}`,
      noteKey: `${FLOAT_NOTES}.safeTile`,
      noteValues: { row: row + 1 },
    };
  });
}

export const towerVerifier: ExtendedGameVerifier = {
  floatSteps(result) {
    const state = result.state as TowerState;
    const { tiles } = TOWER_DIFFICULTY[state.difficulty];
    // Version 2 drew the safe tiles; version 1 (no `v`) drew the bombs, one line per bomb.
    if (state.v === 2) return towerSafeMappings(result, tiles);
    return ladderMappings(result, tiles, `${FLOAT_NOTES}.bomb`);
  },
  StateView({ result }) {
    const tower = result.state as TowerState;
    return (
      <LadderStateView
        layout={tower.layout}
        picks={tower.picks}
        tiles={TOWER_DIFFICULTY[tower.difficulty].tiles}
        rowKey="level"
      />
    );
  },
  describeAction: (a, level, key) =>
    typeof a.tile === 'number' ? key('tile', { level, tile: a.tile }) : null,
};
