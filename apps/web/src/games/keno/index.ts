/** Keno's UI for the game page: see {@link KenoBoard} and {@link KenoControls}. */
import type { KenoOutcome, KenoParams } from '@nebula/games';
import i18n from '../../lib/i18n';
import type { GameUi } from '../types';
import { KenoBoard } from './keno-board';
import { KenoControls } from './keno-controls';

/** Keno: pick 1 to 10 of 40 squares (none at first), four risk levels; the multiplier depends on the hits. */
const kenoUi: GameUi<KenoParams, KenoOutcome> = {
  id: 'keno',
  defaultParams: { picks: [], risk: 'classic' },
  Board: KenoBoard,
  Controls: KenoControls,
  winMultiplier: () => null,
  // Spec 3 section 8: 'Select cells!' while nothing is picked.
  blockReason: (params) => (params.picks.length === 0 ? i18n.t('game.selectCells') : null),
};

export default kenoUi;
