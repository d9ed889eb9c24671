import type { DiamondsOutcome, DiamondsParams } from '@nebula/games';
import type { GameUi } from '../types';
import { DiamondsBoard } from './diamonds-board';
import './texts';

/** Diamonds: no params; the payout depends on the pattern (the frame shows the best case). */
const diamondsUi: GameUi<DiamondsParams, DiamondsOutcome> = {
  id: 'diamonds',
  defaultParams: {},
  Board: DiamondsBoard,
  winMultiplier: () => null,
};

export default diamondsUi;
