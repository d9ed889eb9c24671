/**
 * Blackjack: an extended game without params. The frame's Bet button deals; the decisions (Hit,
 * Stand, Double, Split, Insurance) are sidebar Actions; a round ends by itself once the dealer has
 * played, so there is no Take button (`cashOut: false`) and no cancel (the cards are dealt).
 */
import type { BlackjackParams, BlackjackState } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { BlackjackActions } from './blackjack-actions';
import { BlackjackBoard } from './blackjack-board';

const blackjackUi: ExtendedGameUi<BlackjackParams, BlackjackState> = {
  id: 'blackjack',
  kind: 'extended',
  defaultParams: {},
  Board: BlackjackBoard,
  Actions: BlackjackActions,
  cashOut: false,
};

export default blackjackUi;
