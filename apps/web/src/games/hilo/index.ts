/**
 * Hilo: an extended game without params. The board shows the cards; the decisions (Higher or same,
 * Lower or same, Same, Skip card) are sidebar Actions; the frame's button takes the profit or
 * cancels a round without guesses.
 */
import type { HiloParams, HiloState } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { HiloActions } from './hilo-actions';
import { HiloBoard } from './hilo-board';

const hiloUi: ExtendedGameUi<HiloParams, HiloState> = {
  id: 'hilo',
  kind: 'extended',
  defaultParams: {},
  Board: HiloBoard,
  Actions: HiloActions,
  cashOut: true,
};

export default hiloUi;
