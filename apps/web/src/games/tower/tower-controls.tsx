/** Tower's sidebar control: the difficulty as segmented buttons (locked while a round is open). */
import { useId } from 'react';
import clsx from 'clsx';
import { TOWER_DIFFICULTIES, TOWER_DIFFICULTY, type TowerParams } from '@nebula/games';
import type { ControlsProps } from '../types';
import './texts';
import './tower-controls.css';
import { useTranslation } from '../../lib/i18n';

/** Low (3 of 4 safe), medium (2 of 3), high (1 of 3): `tower-difficulty-<level>` buttons. */
export function TowerControls({ params, setParams, locked }: ControlsProps<TowerParams>) {
  const { t } = useTranslation();
  const labelId = useId();
  const { tiles, safe } = TOWER_DIFFICULTY[params.difficulty];
  return (
    <div className="gf-field tower-controls">
      <span className="gf-field__label" id={labelId}>
        {t('towerUi.difficulty')}
        <span className="gf-field__hint">{t('towerUi.difficultyHint', { safe, tiles })}</span>
      </span>
      <div className="tower-segments" role="group" aria-labelledby={labelId}>
        {TOWER_DIFFICULTIES.map((difficulty) => (
          <button
            key={difficulty}
            type="button"
            className={clsx('tower-segments__item', difficulty === params.difficulty && 'is-selected')}
            data-testid={`tower-difficulty-${difficulty}`}
            aria-pressed={difficulty === params.difficulty}
            disabled={locked}
            onClick={() => {
              if (difficulty !== params.difficulty) setParams({ ...params, difficulty });
            }}
          >
            {t(`towerUi.difficulties.${difficulty}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
