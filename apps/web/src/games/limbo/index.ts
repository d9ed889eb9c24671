import { type LimboOutcome, type LimboParams, limboTargetMultiplier } from '@nebula/games';
import type { GameUi } from '../types';
import { LimboBoard } from './limbo-board';
import { LimboControls } from './limbo-controls';
import { LIMBO_DEFAULT_PARAMS } from './limbo-math';
import './texts';

/** Limbo: the climbing counter board and the linked target / win chance controls; a win pays the target. */
const limboUi: GameUi<LimboParams, LimboOutcome> = {
  id: 'limbo',
  defaultParams: LIMBO_DEFAULT_PARAMS,
  Board: LimboBoard,
  Controls: LimboControls,
  winMultiplier: (params) => limboTargetMultiplier(params),
};

export default limboUi;
