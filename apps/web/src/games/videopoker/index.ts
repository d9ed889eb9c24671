/**
 * Video poker (Jacks or Better): an extended game without params. The frame's Bet button deals five
 * cards; the player holds cards on the board and draws with the sidebar Action; the round ends with
 * the draw, so there is no Take button (`cashOut: false`) and no cancel.
 */
import type { VideoPokerParams, VideoPokerView } from '@nebula/games';
import type { ExtendedGameUi } from '../types';
import { VideoPokerActions } from './videopoker-actions';
import { VideoPokerBoard } from './videopoker-board';

const videoPokerUi: ExtendedGameUi<VideoPokerParams, VideoPokerView> = {
  id: 'videopoker',
  kind: 'extended',
  defaultParams: {},
  Board: VideoPokerBoard,
  Actions: VideoPokerActions,
  cashOut: false,
  betLabelKey: 'gameFrame.button.deal',
};

export default videoPokerUi;
