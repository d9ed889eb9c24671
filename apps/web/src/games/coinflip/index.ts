/**
 * Coinflip: an extended game without params. The board shows the coin and the streak; Heads and
 * Tails are sidebar Actions; the frame's button takes the profit or cancels before the first flip.
 */
import type { CoinflipParams, CoinflipState } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { CoinflipActions } from './coinflip-actions';
import { CoinflipBoard } from './coinflip-board';

const coinflipUi: ExtendedGameUi<CoinflipParams, CoinflipState> = {
  id: 'coinflip',
  kind: 'extended',
  defaultParams: {},
  Board: CoinflipBoard,
  Actions: CoinflipActions,
  cashOut: true,
};

export default coinflipUi;
