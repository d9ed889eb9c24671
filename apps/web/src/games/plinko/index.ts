/** Plinko's UI for the game page: see {@link PlinkoBoard} and {@link PlinkoControls}. */
import type { PlinkoOutcome, PlinkoParams } from '@nebula/games';
import type { GameUi } from '../types';
import { PlinkoBoard } from './plinko-board';
import { PlinkoControls } from './plinko-controls';

/** Plinko: 8 to 16 rows, three risk levels; the multiplier depends on the slot (no fixed win multiplier). */
const plinkoUi: GameUi<PlinkoParams, PlinkoOutcome> = {
  id: 'plinko',
  defaultParams: { rows: 16, risk: 'medium' },
  Board: PlinkoBoard,
  Controls: PlinkoControls,
  winMultiplier: () => null,
};

export default plinkoUi;
