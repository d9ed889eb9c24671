/** Plinko's verifier parts: rows and risk, the path and the slot it lands in, one float per row. */
import clsx from 'clsx';
import {
  PLINKO_RISKS,
  type PlinkoOutcome,
  type PlinkoParams,
  type PlinkoRisk,
  type VerifyResult,
  plinkoTable,
} from '@nebula/games';
import { type GameVerifier, type ParamsEditorProps, integer, isCount, oneOf, record } from '../kit/verifier';
import { Segmented, shortMultiplier } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

export interface PlinkoDraft {
  rows: string;
  risk: PlinkoRisk;
}

const PLINKO_ROWS = ['8', '9', '10', '11', '12', '13', '14', '15', '16'] as const;

function PlinkoParamsEditor({ draft, onChange }: ParamsEditorProps<PlinkoDraft>) {
  const { t } = useTranslation();
  return (
    <div className="fv-params">
      <label className="pg-field">
        <span>{t('fairnessUi.params.rows')}</span>
        <select value={draft.rows} onChange={(event) => onChange({ ...draft, rows: event.target.value })}>
          {PLINKO_ROWS.map((rows) => (
            <option key={rows} value={rows}>
              {rows}
            </option>
          ))}
        </select>
      </label>
      <Segmented
        label={t('fairnessUi.params.risk')}
        options={PLINKO_RISKS}
        value={draft.risk}
        onChange={(risk) => onChange({ ...draft, risk })}
        render={(value) => t(`fairnessUi.params.risks.${value}`)}
      />
    </div>
  );
}

function PlinkoOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as PlinkoParams;
  const outcome = result.outcome as PlinkoOutcome;
  const table = plinkoTable(params.rows, params.risk, result.houseEdgeBps);
  return (
    <div className="fv-stack">
      <div className="fv-path" aria-label={t('verifier.plinko.path')}>
        {outcome.path.map((step, i) => (
          <span key={i} className={clsx('fv-path__step', step === 1 ? 'is-right' : 'is-left')}>
            {step === 1 ? 'R' : 'L'}
          </span>
        ))}
      </div>
      <p className="fv-muted">
        {t('verifier.plinko.slot', { slot: outcome.bucket, count: params.rows + 1 })}
      </p>
      <div className="fv-slots">
        {table.map((value, i) => (
          <span key={i} className={clsx('fv-slot', i === outcome.bucket && 'is-hit')}>
            {shortMultiplier(value)}×
          </span>
        ))}
      </div>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.plinko.*`), registered by games/verifiers.ts. */
const textsEn = { path: 'Path', slot: 'Landed in slot {{slot}} of {{count}} (counted from 0 on the left).' };

const textsDe: Translation<typeof textsEn> = {
  path: 'Weg',
  slot: 'Gelandet in Fach {{slot}} von {{count}} (von links ab 0 gezählt).',
};

export const plinkoVerifier: GameVerifier<PlinkoDraft> = {
  defaultDraft: () => ({ rows: '8', risk: 'low' }),
  draftToParams(draft) {
    const rows = integer(draft.rows);
    if (Number.isNaN(rows)) return { ok: false, errorKey: 'fairnessUi.errors.rows' };
    return { ok: true, params: { rows, risk: draft.risk } };
  },
  paramsToDraft(params, fallback) {
    const p = record(params);
    return {
      rows: isCount(p.rows) ? String(p.rows) : fallback.rows,
      risk: oneOf(p.risk, PLINKO_RISKS, fallback.risk),
    };
  },
  ParamsEditor: PlinkoParamsEditor,
  OutcomeView: PlinkoOutcomeView,
  floatSteps: (result) =>
    result.floats.map((f) => {
      const step = Math.floor(f * 2);
      return { formula: `floor(f × 2) = ${step}`, value: step === 1 ? 'R' : 'L' };
    }),
  texts: { en: textsEn, de: textsDe },
};
