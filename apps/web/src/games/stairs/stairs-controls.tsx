/** Stairs' sidebar control: crumbling stones per row, 1..6 with a stepper (locked while a round is open). */
import { STAIRS_MAX_HAZARDS, STAIRS_MIN_HAZARDS, STAIRS_STONES, type StairsParams } from '@nebula/games';
import { NumberField } from '../kit/number-field';
import type { ControlsProps } from '../types';
import './texts';
import { useTranslation } from '../../lib/i18n';

/** What the player typed as a hazard count: an integer 1..6, else null. */
export function parseHazards(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= STAIRS_MIN_HAZARDS && value <= STAIRS_MAX_HAZARDS ? value : null;
}

/** Hazards per row (`stairs-hazards-input`), typed or stepped 1 to 6, with how many stones of a row hold. */
export function StairsControls({ params, setParams, locked }: ControlsProps<StairsParams>) {
  const { t } = useTranslation();
  const label = t('stairsUi.hazards');
  return (
    <div className="gk-fields stairs-controls">
      <NumberField
        label={label}
        value={String(params.hazards)}
        suffix={t('stairsUi.hazardsHint', { safe: STAIRS_STONES - params.hazards })}
        disabled={locked}
        testId="stairs-hazards-input"
        onInput={(text) => {
          const hazards = parseHazards(text);
          if (hazards === null) return false;
          if (hazards !== params.hazards) setParams({ ...params, hazards });
          return true;
        }}
        onStep={(direction) => {
          const hazards = Math.min(
            STAIRS_MAX_HAZARDS,
            Math.max(STAIRS_MIN_HAZARDS, params.hazards + direction),
          );
          if (hazards !== params.hazards) setParams({ ...params, hazards });
        }}
        canStepUp={params.hazards < STAIRS_MAX_HAZARDS}
        canStepDown={params.hazards > STAIRS_MIN_HAZARDS}
        stepUpLabel={t('stairsUi.increase')}
        stepDownLabel={t('stairsUi.decrease')}
      />
    </div>
  );
}
