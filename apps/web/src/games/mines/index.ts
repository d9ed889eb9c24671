/** Mines' UI for the game page: see {@link MinesBoard}, {@link MinesControls} and {@link MinesActions}. */
import { MINES_DEFAULT, type MinesParams, type MinesState, type MinesView } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { MinesBoard } from './mines-board';
import { MinesActions, MinesControls } from './mines-controls';

/**
 * Mines: 25 tiles, 1 to 24 mines (3 at first). Each gem raises the multiplier; the player takes the
 * win (the frame's Take button) or picks on until a mine ends the round.
 */
const minesUi: ExtendedGameUi<MinesParams, MinesView | MinesState> = {
  id: 'mines',
  kind: 'extended',
  defaultParams: { mines: MINES_DEFAULT },
  Board: MinesBoard,
  Controls: MinesControls,
  Actions: MinesActions,
  cashOut: true,
};

export default minesUi;
