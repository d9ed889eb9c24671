/**
 * The card games' final states on the fairness page: hilo's run of cards with the guess made on each,
 * blackjack's dealer and player hands with their results, video poker's deal and final hand. Only
 * read the verified state; totals and ranks come from `@nebula/games`.
 */
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, Equal, SkipForward } from 'lucide-react';
import {
  type BlackjackHand,
  type BlackjackState,
  type HiloState,
  type VideoPokerState,
  blackjackTotal,
  hiloCorrectGuesses,
  hiloGuessWins,
  hiloRank,
} from '@nebula/games';
import { PlayingCard } from '../../games/kit/verifier-parts';

const GUESS_ICONS = { higher: ArrowUp, lower: ArrowDown, equal: Equal, skip: SkipForward } as const;

/** Hilo: every card in draw order; between two cards the decision made and whether it came true. */
export function HiloStateView({ state }: { state: HiloState }) {
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

function Hand({ title, cards, hand }: { title: string; cards: readonly number[]; hand?: BlackjackHand }) {
  const { t } = useTranslation();
  const { total } = blackjackTotal(cards);
  const result = hand?.result ?? null;
  const tone = result === null ? null : [1, 3, 5].includes(result) ? 'win' : result === 2 ? 'push' : 'loss';
  return (
    <div className={clsx('fv-hand fv-bj-hand', tone && `is-${tone}`)}>
      <div className="fv-hand__head">
        <span>
          {title}
          {hand?.doubled && <span className="fv-note"> · {t('fairnessUi.extended.view.doubled')}</span>}
        </span>
        <span className="fv-hand__total">{total}</span>
      </div>
      <div className="fv-hand__cards">
        {cards.map((card, i) => (
          <PlayingCard key={i} index={card} />
        ))}
      </div>
      {result !== null && (
        <span className={clsx('fv-badge', tone && `is-${tone}`)}>
          {t(`fairnessUi.extended.view.results.${result}`)}
        </span>
      )}
    </div>
  );
}

/** Blackjack: the dealer's cards (hole card included: the round is over) and each player hand. */
export function BlackjackStateView({ state }: { state: BlackjackState }) {
  const { t } = useTranslation();
  return (
    <div className="fv-stack">
      <Hand title={t('fairnessUi.extended.view.dealer')} cards={state.dealer} />
      <div className="fv-hands">
        {state.hands.map((hand, i) => (
          <Hand
            key={i}
            title={t('fairnessUi.extended.view.hand', { n: i + 1 })}
            cards={hand.cards}
            hand={hand}
          />
        ))}
      </div>
      {state.insurancePaid && (
        <p className="fv-strong is-win">{t('fairnessUi.extended.view.insurancePaid')}</p>
      )}
    </div>
  );
}

/** Video poker: the five cards dealt (held ones marked) and the final hand with its class. */
export function VideoPokerStateView({ state }: { state: VideoPokerState }) {
  const { t } = useTranslation();
  const dealt = state.deck.slice(0, 5);
  return (
    <div className="fv-stack">
      <div className="fv-poker">
        <span className="fv-poker__label">{t('fairnessUi.extended.view.dealt')}</span>
        <div className="fv-hand__cards">
          {dealt.map((card, i) => (
            <span key={i} className="fv-poker__slot">
              <PlayingCard index={card} className={clsx(state.held?.[i] && 'is-held')} />
              <span className={clsx('fv-poker__held', !state.held?.[i] && 'is-hidden')}>
                {t('fairnessUi.extended.view.held')}
              </span>
            </span>
          ))}
        </div>
      </div>
      {state.held && (
        <div className="fv-poker">
          <span className="fv-poker__label">{t('fairnessUi.extended.view.final')}</span>
          <div className="fv-hand__cards">
            {state.cards.map((card, i) => (
              <PlayingCard key={i} index={card} className={clsx(!state.held?.[i] && 'is-new')} />
            ))}
          </div>
        </div>
      )}
      <p className={clsx('fv-strong', state.hand !== 'nothing' && 'is-win')}>
        {t(`fairnessUi.extended.view.poker.${state.hand}`)}
      </p>
    </div>
  );
}
