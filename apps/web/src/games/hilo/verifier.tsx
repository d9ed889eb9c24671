/** Hilo's verifier parts: the run of cards with each guess, one float per card. */
import clsx from 'clsx';
import { ArrowDown, ArrowUp, Equal, SkipForward } from 'lucide-react';
import { type HiloState, hiloCorrectGuesses, hiloGuessWins, hiloRank } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { cardFormula, cardLabel } from '../kit/verifier-extended';
import { PlayingCard } from '../kit/verifier-parts';
import { useTranslation } from '../../lib/i18n';

const GUESS_ICONS = { higher: ArrowUp, lower: ArrowDown, equal: Equal, skip: SkipForward } as const;

/** Hilo: every card in draw order; between two cards the decision made and whether it came true. */
function HiloStateView({ state }: { state: HiloState }) {
  const { t } = useTranslation();
  return (
    <div className="fv-stack">
      <ol
        className="fv-hilo"
        aria-label={t('fairnessUi.extended.view.hiloCorrect', { count: hiloCorrectGuesses(state.cards) })}
      >
        {state.cards.map((entry, i) => {
          const next = state.cards[i + 1];
          const decision = entry.decision;
          const right =
            decision && decision !== 'skip' && next
              ? hiloGuessWins(hiloRank(entry.card), decision, hiloRank(next.card))
              : null;
          const Icon = decision ? GUESS_ICONS[decision] : null;
          return (
            <li key={i} className="fv-hilo__item">
              <PlayingCard
                index={entry.card}
                className={clsx(i === state.cards.length - 1 && state.lost && 'is-lost')}
              />
              {Icon && decision && (
                <span
                  className={clsx(
                    'fv-hilo__guess',
                    right === true && 'is-right',
                    right === false && 'is-wrong',
                  )}
                  title={t(`fairnessUi.extended.action.${decision}`)}
                >
                  <Icon size={14} aria-hidden="true" />
                  <span className="sr-only">{t(`fairnessUi.extended.action.${decision}`)}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="fv-muted">
        {t('fairnessUi.extended.view.hiloCorrect', { count: hiloCorrectGuesses(state.cards) })}
      </p>
    </div>
  );
}

export const hiloVerifier: ExtendedGameVerifier = {
  floatSteps: (result) =>
    result.floats.map((read) => ({ formula: cardFormula(read.value), value: cardLabel(read.value) })),
  StateView: ({ result }) => <HiloStateView state={result.state as HiloState} />,
  describeAction(a, _level, key) {
    if (a.skip === true) return key('skip');
    return typeof a.guess === 'string' ? key(a.guess) : null;
  },
};
