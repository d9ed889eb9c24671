/** Tower's UI for the game page: see {@link TowerBoard}, {@link TowerControls} and {@link TowerActions}. */
import type { TowerParams } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { TowerActions } from './tower-actions';
import { type TowerRoundData, TowerBoard } from './tower-board';
import { TowerControls } from './tower-controls';

/** Tower: 9 levels, three difficulties (default medium); climb tile by tile or take the profit. */
const towerUi: ExtendedGameUi<TowerParams, TowerRoundData> = {
  id: 'tower',
  kind: 'extended',
  defaultParams: { difficulty: 'medium' },
  Board: TowerBoard,
  Controls: TowerControls,
  Actions: TowerActions,
  cashOut: true,
};

export default towerUi;
