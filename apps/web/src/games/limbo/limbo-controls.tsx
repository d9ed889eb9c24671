import { LIMBO_MAX, LIMBO_MIN_TARGET, type LimboParams } from '@nebula/games';
import type { ControlsProps } from '../types';
import { NumberField } from '../kit/number-field';
import {
  limboChanceText,
  limboTargetText,
  stepLimboTarget,
  targetFromChanceText,
  targetFromText,
} from './limbo-math';
import { useTranslation } from '../../lib/i18n';

/** Limbo sidebar: the target multiplier (1.01x to 1,000,000x, with a stepper) and the linked win chance. */
export function LimboControls({ params, setParams, locked, houseEdgeBps }: ControlsProps<LimboParams>) {
  const { t } = useTranslation();
  const targetLabel = t('gameLimbo.target');
  const apply = (target: number | null) => {
    if (target === null) return false;
    if (target !== params.target) setParams({ target });
    return true;
  };
  return (
    <div className="gk-fields">
      <NumberField
        label={targetLabel}
        value={limboTargetText(params)}
        suffix="×"
        disabled={locked}
        testId="limbo-target"
        onInput={(text) => apply(targetFromText(text))}
        onStep={(direction) => setParams({ target: stepLimboTarget(params.target, direction) })}
        canStepUp={params.target < LIMBO_MAX}
        canStepDown={params.target > LIMBO_MIN_TARGET}
        stepUpLabel={t('gameLimbo.increase', { what: targetLabel })}
        stepDownLabel={t('gameLimbo.decrease', { what: targetLabel })}
      />
      <NumberField
        label={t('gameLimbo.winChance')}
        value={limboChanceText(params, houseEdgeBps)}
        suffix="%"
        disabled={locked}
        testId="limbo-chance"
        onInput={(text) => apply(targetFromChanceText(text, houseEdgeBps))}
      />
    </div>
  );
}
