/** Dice's verifier parts: target and condition, the roll on its 0-100 scale, one float per roll. */
import clsx from 'clsx';
import type { DiceOutcome, DiceParams, VerifyResult } from '@nebula/games';
import {
  type GameVerifier,
  type ParamsEditorProps,
  fromHundredths,
  isCount,
  oneOf,
  record,
  toHundredths,
} from '../kit/verifier';
import { Fact, Segmented } from '../kit/verifier-parts';
import { type Translation, useTranslation } from '../../lib/i18n';

export interface DiceDraft {
  target: string;
  condition: 'over' | 'under';
}

function DiceParamsEditor({ draft, onChange }: ParamsEditorProps<DiceDraft>) {
  const { t } = useTranslation();
  return (
    <div className="fv-params">
      <label className="pg-field">
        <span>{t('fairnessUi.params.target')}</span>
        <input
          type="text"
          inputMode="decimal"
          className="pg-mono"
          value={draft.target}
          onChange={(event) => onChange({ ...draft, target: event.target.value })}
          data-testid="param-dice-target"
        />
      </label>
      <Segmented
        label={t('fairnessUi.params.condition')}
        options={['over', 'under'] as const}
        value={draft.condition}
        onChange={(condition) => onChange({ ...draft, condition })}
        render={(value) => t(`fairnessUi.params.${value}`)}
      />
    </div>
  );
}

function DiceOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as DiceParams;
  const outcome = result.outcome as DiceOutcome;
  const win = result.multiplier.num > 0n;
  const targetPct = params.target / 100;
  return (
    <div className="fv-dice">
      <div className="fv-facts">
        <Fact
          label={t('verifier.dice.roll')}
          value={fromHundredths(outcome.roll)}
          tone={win ? 'win' : 'loss'}
        />
        <Fact
          label={t('verifier.dice.target')}
          value={t(`verifier.dice.${params.condition}`, { target: fromHundredths(params.target) })}
        />
      </div>
      <div className="fv-dice__track" aria-hidden="true">
        <div
          className={clsx('fv-dice__zone', `is-${params.condition}`)}
          style={params.condition === 'under' ? { width: `${targetPct}%` } : { left: `${targetPct}%` }}
        />
        <div
          className={clsx('fv-dice__marker', win ? 'is-win' : 'is-loss')}
          style={{ left: `${outcome.roll / 100}%` }}
        >
          {fromHundredths(outcome.roll)}
        </div>
      </div>
      <div className="fv-dice__scale" aria-hidden="true">
        {['0', '25', '50', '75', '100'].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.dice.*`), registered by games/verifiers.ts. */
const textsEn = {
  roll: 'Roll',
  target: 'Bet',
  over: 'Over {{target}}',
  under: 'Under {{target}}',
};

const textsDe: Translation<typeof textsEn> = {
  roll: 'Wurf',
  target: 'Wette',
  over: 'Über {{target}}',
  under: 'Unter {{target}}',
};

export const diceVerifier: GameVerifier<DiceDraft> = {
  defaultDraft: () => ({ target: '50.00', condition: 'over' }),
  draftToParams(draft) {
    const target = toHundredths(draft.target);
    if (Number.isNaN(target)) return { ok: false, errorKey: 'fairnessUi.errors.target' };
    return { ok: true, params: { target, condition: draft.condition } };
  },
  paramsToDraft(params, fallback) {
    const p = record(params);
    return {
      target: isCount(p.target) ? fromHundredths(p.target) : fallback.target,
      condition: oneOf(p.condition, ['over', 'under'] as const, fallback.condition),
    };
  },
  ParamsEditor: DiceParamsEditor,
  OutcomeView: DiceOutcomeView,
  floatSteps(result) {
    const roll = (result.outcome as DiceOutcome).roll;
    return [{ formula: `floor(f × 10001) = ${roll}`, value: fromHundredths(roll) }];
  },
  texts: { en: textsEn, de: textsDe },
};
