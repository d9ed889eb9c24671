/** Wheel's sidebar controls: risk and segments (dropdowns), disabled while a play is in flight. */
import {
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelParams,
  type WheelRisk,
  type WheelSegments,
} from '@nebula/games';
import { Dropdown } from '../../ui';
import type { ControlsProps } from '../types';
import './texts';
import './wheel.css';
import { useTranslation } from '../../lib/i18n';

/** Risk and number of segments of the next spin. */
export function WheelControls({ params, setParams, locked }: ControlsProps<WheelParams>) {
  const { t } = useTranslation();
  return (
    <div className="wheel-controls">
      <div className="gf-field wheel-controls__field">
        <span className="gf-field__label">{t('wheelUi.risk')}</span>
        <Dropdown<WheelRisk>
          aria-label={t('wheelUi.risk')}
          entries={WHEEL_RISKS.map((risk) => ({ entryId: risk, title: t(`wheelUi.risks.${risk}`) }))}
          value={params.risk}
          onSelect={(risk) => setParams({ ...params, risk })}
          disabled={locked}
          fullWidth
        />
      </div>
      <div className="gf-field wheel-controls__field">
        <span className="gf-field__label">{t('wheelUi.segments')}</span>
        <Dropdown
          aria-label={t('wheelUi.segments')}
          entries={WHEEL_SEGMENTS.map((segments) => ({ entryId: String(segments), title: String(segments) }))}
          value={String(params.segments)}
          onSelect={(segments) => setParams({ ...params, segments: Number(segments) as WheelSegments })}
          disabled={locked}
          fullWidth
        />
      </div>
    </div>
  );
}
