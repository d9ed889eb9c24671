/**
 * Roulette (European, single zero): a stake game. The params carry the chip placements in atomic
 * units; the frame's wager input shows their total. Chip values: see `chip-kit/chip-unit.ts`.
 */
import type { RouletteOutcome } from '@nebula/games';
import { i18n } from '../../lib/i18n';
import type { GameUi } from '../types';
import { RouletteBoard } from './board';
import { RouletteControls } from './controls';
import {
  DEFAULT_ROULETTE_PARAMS,
  type RouletteUiParams,
  clearRoulette,
  rouletteToPlayData,
  rouletteUiTotal,
  rouletteWinMultiplier,
  scaleRoulette,
} from './params';
import '../chips/chip-texts';

const rouletteUi: GameUi<RouletteUiParams, RouletteOutcome> = {
  id: 'roulette',
  defaultParams: DEFAULT_ROULETTE_PARAMS,
  Board: RouletteBoard,
  Controls: RouletteControls,
  winMultiplier: rouletteWinMultiplier,
  stakes: { total: rouletteUiTotal, scale: scaleRoulette, clear: clearRoulette },
  toPlayData: rouletteToPlayData,
  blockReason: (params) => (params.placements.length === 0 ? i18n.t('chipKit.noStakes') : null),
};

export default rouletteUi;
