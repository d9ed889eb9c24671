/** Baccarat's sidebar controls: the chip selector and 'Undo' (the frame has 'Clear'). */
import { stakeControls } from '../chips/stake-controls';
import { type BaccaratUiParams, undoLast } from './params';

export const BaccaratControls = stakeControls<BaccaratUiParams>('baccarat', undoLast);
