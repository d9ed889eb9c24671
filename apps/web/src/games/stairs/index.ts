/** Stairs' UI for the game page: see {@link StairsBoard}, {@link StairsControls} and {@link StairsActions}. */
import { STAIRS_DEFAULT_HAZARDS, type StairsParams } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { StairsActions } from './stairs-actions';
import { type StairsRoundData, StairsBoard } from './stairs-board';
import { StairsControls } from './stairs-controls';

/** Stairs: 13 rows of 7 stones, 1..6 crumbling per row (default 2); climb or take the profit. */
const stairsUi: ExtendedGameUi<StairsParams, StairsRoundData> = {
  id: 'stairs',
  kind: 'extended',
  defaultParams: { hazards: STAIRS_DEFAULT_HAZARDS },
  Board: StairsBoard,
  Controls: StairsControls,
  Actions: StairsActions,
  cashOut: true,
};

export default stairsUi;
