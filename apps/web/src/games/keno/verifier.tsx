/** Keno's verifier parts: risk and picks on the 40 squares, the board drawn, one float per draw. */
import clsx from 'clsx';
import {
  KENO_MAX_PICKS,
  KENO_RISKS,
  type KenoOutcome,
  type KenoParams,
  type KenoRisk,
  type VerifyResult,
} from '@nebula/games';
import { type GameVerifier, type ParamsEditorProps, isCount, oneOf, record } from '../kit/verifier';
import { Segmented } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

export interface KenoDraft {
  picks: number[];
  risk: KenoRisk;
}

const SQUARES = Array.from({ length: 40 }, (_, i) => i + 1);

/** Toggles a keno square (1..40), keeping the picks sorted and at most {@link KENO_MAX_PICKS}. */
export function toggleKenoPick(picks: readonly number[], square: number): number[] {
  if (picks.includes(square)) return picks.filter((pick) => pick !== square);
  if (picks.length >= KENO_MAX_PICKS) return [...picks];
  return [...picks, square].sort((a, b) => a - b);
}

function KenoParamsEditor({ draft, onChange }: ParamsEditorProps<KenoDraft>) {
  const { t } = useTranslation();
  return (
    <div className="fv-params fv-params--column">
      <Segmented
        label={t('fairnessUi.params.risk')}
        options={KENO_RISKS}
        value={draft.risk}
        onChange={(risk) => onChange({ ...draft, risk })}
        render={(value) => t(`fairnessUi.params.risks.${value}`)}
      />
      <div className="pg-field">
        <span>{t('fairnessUi.params.picks', { n: draft.picks.length, max: KENO_MAX_PICKS })}</span>
        <div className="fv-keno fv-keno--editor" data-testid="param-keno-picks">
          {SQUARES.map((square) => {
            const picked = draft.picks.includes(square);
            return (
              <button
                key={square}
                type="button"
                aria-pressed={picked}
                className={clsx('fv-keno__cell', picked && 'is-picked')}
                onClick={() => onChange({ ...draft, picks: toggleKenoPick(draft.picks, square) })}
              >
                {square}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function KenoOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as KenoParams;
  const outcome = result.outcome as KenoOutcome;
  const picks = new Set(params.picks);
  const drawn = new Set(outcome.drawn);
  return (
    <div className="fv-stack">
      <div className="fv-keno" role="grid" aria-label={t('verifier.keno.board')}>
        {SQUARES.map((square) => (
          <span
            key={square}
            role="gridcell"
            className={clsx(
              'fv-keno__cell',
              picks.has(square) && 'is-picked',
              drawn.has(square) && 'is-drawn',
              picks.has(square) && drawn.has(square) && 'is-hit',
            )}
          >
            {square}
          </span>
        ))}
      </div>
      <p className="fv-muted">
        {t('verifier.keno.summary', {
          drawn: outcome.drawn.join(', '),
          count: outcome.hits.length,
          picks: params.picks.length,
        })}
      </p>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.keno.*`), registered by games/verifiers.ts. */
const textsEn = {
  board: 'Keno board',
  hit: 'hit',
  summary_one: 'Drawn: {{drawn}}. {{count}} hit out of {{picks}} picks.',
  summary_other: 'Drawn: {{drawn}}. {{count}} hits out of {{picks}} picks.',
};

const textsDe: Translation<typeof textsEn> = {
  board: 'Keno-Feld',
  hit: 'Treffer',
  summary_one: 'Gezogen: {{drawn}}. {{count}} Treffer bei {{picks}} gewählten Feldern.',
  summary_other: 'Gezogen: {{drawn}}. {{count}} Treffer bei {{picks}} gewählten Feldern.',
};

export const kenoVerifier: GameVerifier<KenoDraft> = {
  defaultDraft: () => ({ picks: [], risk: 'classic' }),
  draftToParams(draft) {
    if (draft.picks.length === 0) return { ok: false, errorKey: 'fairnessUi.errors.picks' };
    return { ok: true, params: { picks: draft.picks, risk: draft.risk } };
  },
  paramsToDraft(params, fallback) {
    const p = record(params);
    return {
      picks: Array.isArray(p.picks)
        ? p.picks.filter((n): n is number => isCount(n) && n >= 1 && n <= 40).slice(0, KENO_MAX_PICKS)
        : [],
      risk: oneOf(p.risk, KENO_RISKS, fallback.risk),
    };
  },
  ParamsEditor: KenoParamsEditor,
  OutcomeView: KenoOutcomeView,
  floatSteps(result) {
    const outcome = result.outcome as KenoOutcome;
    const hits = new Set(outcome.hits);
    return result.floats.map((f, i) => {
      const square = outcome.drawn[i] as number;
      return {
        formula: `floor(f × ${40 - i}) = ${Math.floor(f * (40 - i))}`,
        value: String(square),
        highlight: hits.has(square),
        noteKey: hits.has(square) ? 'verifier.keno.hit' : undefined,
      };
    });
  },
  texts: { en: textsEn, de: textsDe },
};
