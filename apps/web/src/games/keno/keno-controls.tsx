/** Keno's sidebar controls: risk (dropdown), 'Auto pick' and 'Clear table'; disabled while locked. */
import { Shuffle, Trash2 } from 'lucide-react';
import { KENO_MAX_PICKS, KENO_RISKS, type KenoParams, type KenoRisk } from '@nebula/games';
import { Button, Dropdown } from '../../ui';
import type { ControlsProps } from '../types';
import { autoPick } from './picks';
import './texts';
import './keno.css';
import { useTranslation } from '../../lib/i18n';

/** Risk of the next draw and quick ways to fill or empty the table. */
export function KenoControls({ params, setParams, locked }: ControlsProps<KenoParams>) {
  const { t } = useTranslation();
  return (
    <div className="keno-controls">
      <div className="gf-field keno-controls__field">
        <span className="gf-field__label">{t('kenoUi.risk')}</span>
        <Dropdown<KenoRisk>
          aria-label={t('kenoUi.risk')}
          entries={KENO_RISKS.map((risk) => ({ entryId: risk, title: t(`kenoUi.risks.${risk}`) }))}
          value={params.risk}
          onSelect={(risk) => setParams({ ...params, risk })}
          disabled={locked}
          fullWidth
        />
      </div>
      <div className="keno-controls__actions">
        <Button
          variant="secondary"
          icon={<Shuffle size={16} aria-hidden="true" />}
          disabled={locked}
          onClick={() => setParams({ ...params, picks: autoPick(params.picks.length || KENO_MAX_PICKS) })}
        >
          {t('kenoUi.autoPick')}
        </Button>
        <Button
          variant="secondary"
          icon={<Trash2 size={16} aria-hidden="true" />}
          disabled={locked || params.picks.length === 0}
          onClick={() => setParams({ ...params, picks: [] })}
        >
          {t('kenoUi.clear')}
        </Button>
      </div>
    </div>
  );
}
