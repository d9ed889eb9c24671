import { type DiceOutcome, type DiceParams, diceWinMultiplier } from '@nebula/games';
import type { GameUi } from '../types';
import { DiceBoard } from './dice-board';
import { DiceControls } from './dice-controls';
import { DICE_DEFAULT_PARAMS } from './dice-math';
import './texts';

/** Dice: the slider board and the linked multiplier / roll over-under / win chance controls. */
const diceUi: GameUi<DiceParams, DiceOutcome> = {
  id: 'dice',
  defaultParams: DICE_DEFAULT_PARAMS,
  Board: DiceBoard,
  Controls: DiceControls,
  winMultiplier: (params, houseEdgeBps) => diceWinMultiplier(params, houseEdgeBps),
};

export default diceUi;
