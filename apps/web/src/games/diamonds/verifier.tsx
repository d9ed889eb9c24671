/** Diamonds' verifier parts: no params, the five gems and their pattern, one float per gem. */
import clsx from 'clsx';
import { DIAMONDS_GEMS, type DiamondsOutcome, type VerifyResult } from '@nebula/games';
import type { GameVerifier } from '../kit/verifier';
import { type Translation, useTranslation } from '../../lib/i18n';

function DiamondsParamsEditor() {
  const { t } = useTranslation();
  return <p className="fv-hint">{t('fairnessUi.params.none')}</p>;
}

function DiamondsOutcomeView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  const outcome = result.outcome as DiamondsOutcome;
  return (
    <div className="fv-stack">
      <div className="fv-gems">
        {outcome.gems.map((gem, i) => {
          const name = DIAMONDS_GEMS[gem] ?? 'green';
          return (
            <span
              key={i}
              className={clsx('fv-gem', `is-${name}`)}
              title={t(`verifier.diamonds.gems.${name}`)}
            >
              <svg viewBox="0 0 24 24" width="34" height="34" aria-hidden="true">
                <path d="M6 3h12l4 6-10 12L2 9z" fill="currentColor" />
                <path d="M2 9h20M9 3l3 6 3-6M12 21 9 9m3 12 3-12" stroke="rgb(0 0 0 / 0.25)" fill="none" />
              </svg>
              <span className="fv-gem__name">{t(`verifier.diamonds.gems.${name}`)}</span>
            </span>
          );
        })}
      </div>
      <p className="fv-strong">{t(`verifier.diamonds.patterns.${outcome.pattern}`)}</p>
    </div>
  );
}

/** The outcome view's texts (keys `verifier.diamonds.*`), registered by games/verifiers.ts. */
const textsEn = {
  gems: {
    green: 'Green',
    purple: 'Purple',
    yellow: 'Yellow',
    red: 'Red',
    cyan: 'Cyan',
    orange: 'Orange',
    blue: 'Blue',
  },
  patterns: {
    fiveOfAKind: 'Five of a kind',
    fourOfAKind: 'Four of a kind',
    fullHouse: 'Full house',
    threeOfAKind: 'Three of a kind',
    twoPair: 'Two pair',
    pair: 'One pair',
    none: 'No match',
  },
};

const textsDe: Translation<typeof textsEn> = {
  gems: {
    green: 'Grün',
    purple: 'Lila',
    yellow: 'Gelb',
    red: 'Rot',
    cyan: 'Türkis',
    orange: 'Orange',
    blue: 'Blau',
  },
  patterns: {
    fiveOfAKind: 'Fünf gleiche',
    fourOfAKind: 'Vier gleiche',
    fullHouse: 'Full House',
    threeOfAKind: 'Drei gleiche',
    twoPair: 'Zwei Paare',
    pair: 'Ein Paar',
    none: 'Keine Übereinstimmung',
  },
};

export const diamondsVerifier: GameVerifier<Record<string, never>> = {
  defaultDraft: () => ({}),
  draftToParams: () => ({ ok: true, params: {} }),
  paramsToDraft: (_params, fallback) => fallback,
  ParamsEditor: DiamondsParamsEditor,
  OutcomeView: DiamondsOutcomeView,
  floatSteps: (result) =>
    (result.outcome as DiamondsOutcome).gems.map((gem) => ({
      formula: `floor(f × 7) = ${gem}`,
      value: '◆',
      noteKey: `verifier.diamonds.gems.${DIAMONDS_GEMS[gem] ?? 'green'}`,
    })),
  texts: { en: textsEn, de: textsDe },
};
