/** Roulette's sidebar controls: the chip selector and 'Undo' (the frame has 'Clear'). */
import { stakeControls } from '../chips/stake-controls';
import { type RouletteUiParams, undoLast } from './params';

export const RouletteControls = stakeControls<RouletteUiParams>('roulette', undoLast);
