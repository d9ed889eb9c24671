/** Plinko's sidebar controls: risk and rows (dropdowns), disabled while a play is in flight. */
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoParams,
  type PlinkoRisk,
} from '@nebula/games';
import { Dropdown } from '../../ui';
import type { ControlsProps } from '../types';
import './texts';
import './plinko.css';
import { useTranslation } from '../../lib/i18n';

const ROW_OPTIONS = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) =>
  String(PLINKO_MIN_ROWS + i),
);

/** Risk and rows of the next drop. */
export function PlinkoControls({ params, setParams, locked }: ControlsProps<PlinkoParams>) {
  const { t } = useTranslation();
  return (
    <div className="plinko-controls">
      <div className="gf-field plinko-controls__field">
        <span className="gf-field__label">{t('plinkoUi.risk')}</span>
        <Dropdown<PlinkoRisk>
          aria-label={t('plinkoUi.risk')}
          entries={PLINKO_RISKS.map((risk) => ({ entryId: risk, title: t(`plinkoUi.risks.${risk}`) }))}
          value={params.risk}
          onSelect={(risk) => setParams({ ...params, risk })}
          disabled={locked}
          fullWidth
        />
      </div>
      <div className="gf-field plinko-controls__field">
        <span className="gf-field__label">{t('plinkoUi.rows')}</span>
        <Dropdown
          aria-label={t('plinkoUi.rows')}
          entries={ROW_OPTIONS.map((rows) => ({ entryId: rows, title: rows }))}
          value={String(params.rows)}
          onSelect={(rows) => setParams({ ...params, rows: Number(rows) })}
          disabled={locked}
          fullWidth
        />
      </div>
    </div>
  );
}
