/**
 * Baccarat (punto banco): a stake game. The params carry the stakes on Player, Banker and Tie in
 * atomic units; the frame's wager input shows their total. Chip values: see
 * `../roulette/chip-kit/chip-unit.ts` (shared by the stake games).
 */
import type { BaccaratOutcome } from '@nebula/games';
import { i18n } from '../../lib/i18n';
import type { GameUi } from '../types';
import { BaccaratBoard } from './board';
import { BaccaratControls } from './controls';
import {
  type BaccaratUiParams,
  DEFAULT_BACCARAT_PARAMS,
  baccaratToPlayData,
  baccaratUiTotal,
  baccaratWinMultiplier,
  clearBaccarat,
  scaleBaccarat,
} from './params';
import '../chips/chip-texts';

const baccaratUi: GameUi<BaccaratUiParams, BaccaratOutcome> = {
  id: 'baccarat',
  defaultParams: DEFAULT_BACCARAT_PARAMS,
  Board: BaccaratBoard,
  Controls: BaccaratControls,
  winMultiplier: baccaratWinMultiplier,
  stakes: { total: baccaratUiTotal, scale: scaleBaccarat, clear: clearBaccarat },
  toPlayData: baccaratToPlayData,
  blockReason: (params) => (baccaratUiTotal(params) === 0n ? i18n.t('chipKit.noStakes') : null),
};

export default baccaratUi;
