import { ArrowLeftRight } from 'lucide-react';
import {
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  type DiceParams,
  diceWinningRolls,
} from '@nebula/games';
import type { ControlsProps } from '../types';
import {
  diceChanceText,
  diceMultiplierText,
  diceTargetText,
  rollsForChanceText,
  rollsForMultiplierText,
  stepChance,
  stepMultiplier,
  swapCondition,
  withRolls,
} from './dice-math';
import { NumberField, ToggleField } from '../kit/number-field';
import { useTranslation } from '../../lib/i18n';

/**
 * Dice sidebar: multiplier, roll over/under and win chance, linked through the number of winning
 * rolls (changing one updates the others with the package's exact maths).
 */
export function DiceControls({ params, setParams, locked, houseEdgeBps }: ControlsProps<DiceParams>) {
  const { t } = useTranslation();
  const rolls = diceWinningRolls(params);
  const multiplierLabel = t('gameDice.multiplier');
  const chanceLabel = t('gameDice.winChance');
  const over = params.condition === 'over';
  return (
    <div className="gk-fields">
      <NumberField
        label={multiplierLabel}
        value={diceMultiplierText(params, houseEdgeBps)}
        suffix="×"
        disabled={locked}
        testId="dice-multiplier"
        onInput={(text) => {
          const next = rollsForMultiplierText(text, houseEdgeBps);
          if (next === null) return false;
          if (next !== rolls) setParams(withRolls(params, next));
          return true;
        }}
        onStep={(direction) => setParams(stepMultiplier(params, direction, houseEdgeBps))}
        canStepUp={rolls > DICE_MIN_WINNING_ROLLS}
        canStepDown={rolls < DICE_MAX_WINNING_ROLLS}
        stepUpLabel={t('gameDice.increase', { what: multiplierLabel })}
        stepDownLabel={t('gameDice.decrease', { what: multiplierLabel })}
      />
      <ToggleField
        label={over ? t('gameDice.rollOver') : t('gameDice.rollUnder')}
        value={diceTargetText(params)}
        icon={<ArrowLeftRight size={16} strokeWidth={2.25} aria-hidden />}
        actionLabel={over ? t('gameDice.switchToUnder') : t('gameDice.switchToOver')}
        disabled={locked}
        testId="dice-condition"
        onToggle={() => setParams(swapCondition(params))}
      />
      <NumberField
        label={chanceLabel}
        value={diceChanceText(params)}
        suffix="%"
        disabled={locked}
        testId="dice-chance"
        onInput={(text) => {
          const next = rollsForChanceText(text);
          if (next === null) return false;
          if (next !== rolls) setParams(withRolls(params, next));
          return true;
        }}
        onStep={(direction) => setParams(stepChance(params, direction))}
        canStepUp={rolls < DICE_MAX_WINNING_ROLLS}
        canStepDown={rolls > DICE_MIN_WINNING_ROLLS}
        stepUpLabel={t('gameDice.increase', { what: chanceLabel })}
        stepDownLabel={t('gameDice.decrease', { what: chanceLabel })}
      />
    </div>
  );
}
