/** Wheel's UI for the game page: see {@link WheelBoard} and {@link WheelControls}. */
import type { WheelOutcome, WheelParams } from '@nebula/games';
import type { GameUi } from '../types';
import { WheelBoard } from './wheel-board';
import { WheelControls } from './wheel-controls';

/** Wheel: 10 to 50 segments, three risk levels; the multiplier depends on the segment. */
const wheelUi: GameUi<WheelParams, WheelOutcome> = {
  id: 'wheel',
  defaultParams: { segments: 30, risk: 'medium' },
  Board: WheelBoard,
  Controls: WheelControls,
  winMultiplier: () => null,
};

export default wheelUi;
