/** Stairs' verifier parts: the rows with the stones that crumble, drawn as floats. */
import { STAIRS_STONES, type StairsState } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { FLOAT_NOTES, LadderStateView, ladderMappings } from '../kit/verifier-extended';

export const stairsVerifier: ExtendedGameVerifier = {
  floatSteps: (result) => ladderMappings(result, STAIRS_STONES, `${FLOAT_NOTES}.crumbles`),
  StateView({ result }) {
    const stairs = result.state as StairsState;
    return <LadderStateView layout={stairs.layout} picks={stairs.picks} tiles={STAIRS_STONES} rowKey="row" />;
  },
  describeAction: (a, level, key) =>
    typeof a.stone === 'number' ? key('stone', { level, tile: a.stone }) : null,
};
