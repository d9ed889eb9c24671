/** Limbo's verifier parts: the target multiplier, the result against it, one float per result. */
import { BPS, type LimboOutcome, type LimboParams, type VerifyResult } from '@nebula/games';
import {
  type GameVerifier,
  type ParamsEditorProps,
  fromHundredths,
  isCount,
  record,
  toHundredths,
} from '../kit/verifier';
import { Fact } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

export interface LimboDraft {
  target: string;
}

function LimboParamsEditor({ draft, onChange }: ParamsEditorProps<LimboDraft>) {
  const { t } = useTranslation();
  return (
    <label className="pg-field">
      <span>{t('fairnessUi.params.targetMultiplier')}</span>
      <input
        type="text"
        inputMode="decimal"
        className="pg-mono"
        value={draft.target}
        onChange={(event) => onChange({ target: event.target.value })}
        data-testid="param-limbo-target"
      />
    </label>
  );
}

function LimboOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as LimboParams;
  const outcome = result.outcome as LimboOutcome;
  const win = result.multiplier.num > 0n;
  return (
    <div className="fv-facts">
      <Fact
        label={t('verifier.limbo.result')}
        value={`${fromHundredths(outcome.result)}×`}
        tone={win ? 'win' : 'loss'}
      />
      <Fact label={t('verifier.limbo.target')} value={`${fromHundredths(params.target)}×`} />
    </div>
  );
}

/** The outcome view's texts (keys `verifier.limbo.*`), registered by games/verifiers.ts. */
const textsEn = { result: 'Result', target: 'Target' };

const textsDe: Translation<typeof textsEn> = { result: 'Ergebnis', target: 'Ziel' };

export const limboVerifier: GameVerifier<LimboDraft> = {
  defaultDraft: () => ({ target: '2.00' }),
  draftToParams(draft) {
    const target = toHundredths(draft.target);
    if (Number.isNaN(target)) return { ok: false, errorKey: 'fairnessUi.errors.target' };
    return { ok: true, params: { target } };
  },
  paramsToDraft(params, fallback) {
    const p = record(params);
    return isCount(p.target) ? { target: fromHundredths(p.target) } : fallback;
  },
  ParamsEditor: LimboParamsEditor,
  OutcomeView: LimboOutcomeView,
  floatSteps(result) {
    const rtp = (BPS - result.houseEdgeBps) / BPS;
    const outcome = result.outcome as LimboOutcome;
    return [{ formula: `floor(100 × ${rtp} / f) / 100`, value: `${fromHundredths(outcome.result)}×` }];
  },
  texts: { en: textsEn, de: textsDe },
};
