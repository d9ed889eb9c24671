/** Roulette's verifier parts: the chip placements as JSON, the pocket and each placement's fate, one float. */
import clsx from 'clsx';
import {
  ROULETTE_RED,
  type RouletteOutcome,
  type RouletteParams,
  type VerifyResult,
  rouletteCovered,
} from '@nebula/games';
import { type GameVerifier, type ParamsEditorProps, formatJson, parseJson } from '../kit/verifier';
import { type JsonDraft, JsonParamsEditor } from '../kit/verifier-json';
import { type Translation, useTranslation } from '../../lib/i18n';

const RED = new Set<number>(ROULETTE_RED);

const DEFAULT_PLACEMENTS = {
  placements: [
    { type: 'straight', numbers: [17], amount: '100' },
    { type: 'red', amount: '100' },
  ],
};

function pocketColour(n: number): 'green' | 'red' | 'black' {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

function RouletteParamsEditor(props: ParamsEditorProps<JsonDraft>) {
  return <JsonParamsEditor game="roulette" rows={8} {...props} />;
}

function RouletteOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const params = result.params as RouletteParams;
  const outcome = result.outcome as RouletteOutcome;
  const colour = pocketColour(outcome.number);
  return (
    <div className="fv-stack">
      <div className="fv-row">
        <span className={clsx('fv-pocket', `is-${colour}`)}>{outcome.number}</span>
        <span className="fv-strong">{t(`verifier.roulette.${colour}`)}</span>
      </div>
      <ul className="fv-placements" role="list">
        {params.placements.map((placement, i) => {
          const won = rouletteCovered(placement).includes(outcome.number);
          const detail =
            'numbers' in placement
              ? placement.numbers.join(', ')
              : 'index' in placement
                ? String(placement.index)
                : '';
          return (
            <li key={i} className={clsx('fv-placement', won && 'is-win')}>
              <span>
                {t(`verifier.roulette.bets.${placement.type}`)}
                {detail && <span className="fv-mono"> {detail}</span>}
              </span>
              <span className="fv-mono">{placement.amount}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.roulette.*`), registered by games/verifiers.ts. */
const textsEn = {
  red: 'Red',
  black: 'Black',
  green: 'Green (zero)',
  bets: {
    straight: 'Straight',
    split: 'Split',
    street: 'Street',
    corner: 'Corner',
    line: 'Line',
    dozen: 'Dozen',
    column: 'Column',
    red: 'Red',
    black: 'Black',
    odd: 'Odd',
    even: 'Even',
    low: '1 to 18',
    high: '19 to 36',
  },
};

const textsDe: Translation<typeof textsEn> = {
  red: 'Rot',
  black: 'Schwarz',
  green: 'Grün (Null)',
  bets: {
    straight: 'Plein',
    split: 'Cheval',
    street: 'Transversale',
    corner: 'Carré',
    line: 'Sixain',
    dozen: 'Dutzend',
    column: 'Kolonne',
    red: 'Rot',
    black: 'Schwarz',
    odd: 'Ungerade',
    even: 'Gerade',
    low: '1 bis 18',
    high: '19 bis 36',
  },
};

export const rouletteVerifier: GameVerifier<JsonDraft> = {
  defaultDraft: () => ({ json: formatJson(DEFAULT_PLACEMENTS) }),
  draftToParams: (draft) => parseJson(draft.json),
  paramsToDraft: (params) => ({ json: formatJson(params) }),
  ParamsEditor: RouletteParamsEditor,
  OutcomeView: RouletteOutcomeView,
  floatSteps(result) {
    const number = (result.outcome as RouletteOutcome).number;
    return [{ formula: `floor(f × 37) = ${number}`, value: String(number) }];
  },
  texts: { en: textsEn, de: textsDe },
};
