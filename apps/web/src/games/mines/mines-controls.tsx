/**
 * Mines sidebar: the mine count (typed or stepped, 1..24, a bad value flagged with the spec's form
 * message) with quick presets, and while a round is open the 'Random tile' action.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { Dices } from 'lucide-react';
import {
  MINES_CELLS,
  MINES_MAX,
  MINES_MIN,
  type MinesParams,
  type MinesState,
  type MinesView,
} from '@nebula/games';
import { Button } from '../../ui';
import { NumberField } from '../kit/number-field';
import type { ControlsProps, ExtendedBoardProps } from '../types';
import { type CountProblem, parseMineCount, stepMineCount } from './board-model';
import './texts';
import './mines-panel.css';
import { useTranslation } from '../../lib/i18n';

/** Quick mine counts under the field. */
export const MINE_PRESETS = [1, 3, 5, 10, 24] as const;

/** The mine count field (`mines-count-input`), its presets and the gems that leaves. */
export function MinesControls({ params, setParams, locked }: ControlsProps<MinesParams>) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<CountProblem | null>(null);
  const count = params.mines;
  const set = (mines: number) => {
    setProblem(null);
    if (mines !== count) setParams({ ...params, mines });
  };
  return (
    <div
      className="mines-controls"
      onBlur={(event) => {
        // The field shows the valid count again once it loses focus; so does the message.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setProblem(null);
      }}
    >
      <div className="gk-fields mines-controls__row">
        <NumberField
          label={t('minesUi.mines')}
          value={String(count)}
          disabled={locked}
          testId="mines-count-input"
          onInput={(text) => {
            const parsed = parseMineCount(text);
            if ('problem' in parsed) {
              setProblem(parsed.problem);
              return false;
            }
            set(parsed.value);
            return true;
          }}
          onStep={(direction) => set(stepMineCount(count, direction))}
          canStepUp={count < MINES_MAX}
          canStepDown={count > MINES_MIN}
          stepUpLabel={t('minesUi.increase')}
          stepDownLabel={t('minesUi.decrease')}
        />
        <div className={clsx('gk-field', 'mines-controls__gems', locked && 'is-disabled')}>
          <span className="gk-field__label">{t('minesUi.gems')}</span>
          <span className="gk-field__box" data-testid="mines-gems">
            {MINES_CELLS - count}
          </span>
        </div>
      </div>
      {problem && (
        <p className="mines-controls__error" role="alert" data-testid="mines-count-error">
          {t(`minesUi.${problem}`)}
        </p>
      )}
      <div className="mines-controls__presets" role="group" aria-label={t('minesUi.presets')}>
        {MINE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={clsx('mines-preset', preset === count && 'is-active')}
            disabled={locked}
            aria-pressed={preset === count}
            aria-label={t('minesUi.preset', { count: preset })}
            onClick={() => set(preset)}
          >
            {preset}
          </button>
        ))}
      </div>
    </div>
  );
}

/** 'Random tile' (`mines-random`): the game picks one of the hidden tiles (`turn({random: true})`). */
export function MinesActions({ round, busy, turn }: ExtendedBoardProps<MinesParams, MinesView | MinesState>) {
  const { t } = useTranslation();
  const open = round?.state === 'in-progress';
  return (
    <Button
      variant="secondary"
      fullWidth
      icon={<Dices size={16} aria-hidden="true" />}
      disabled={!open || busy}
      data-testid="mines-random"
      onClick={() => {
        if (!open || busy) return;
        turn({ random: true });
      }}
    >
      {t('minesUi.random')}
    </Button>
  );
}
