/**
 * The hilo board: the big current card (dealt from the deck and flipped face up in 3D when it
 * arrives), the highest / lowest hints, the rank ladder A..K with the current rank, the round's
 * multiplier, and the history row of earlier cards with the decision made on each.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import clsx from 'clsx';
import { type HiloParams, type HiloState, hiloCorrectGuesses, hiloPayout, hiloRank } from '@nebula/games';
import type { ExtendedBoardProps, ExtendedRoundView } from '../types';
import { HiloCardView } from './hilo-card';
import { type HistoryEntry, cardFace, historyEntries, multiplierText } from './hilo-model';
import { DecisionIcon } from './icons';
import { useSettled } from './use-settled';
import './texts';
import './hilo.css';
import { useTranslation } from '../../lib/i18n';

/** Longest deal-and-flip, whatever delay the server asks for. */
const MAX_FLIP_MS = 900;
/** Rank labels of the ladder, game rank 1 (A) to 13 (K). */
const LADDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** Milliseconds to animate the newest card of this answer (0: show it at once). */
export function flipDuration(round: ExtendedRoundView<HiloState> | null): number {
  if (!round || round.delay <= 0) return 0;
  if (round.last !== 'start' && round.last !== 'continue' && round.last !== 'lose') return 0;
  return Math.min(round.delay, MAX_FLIP_MS);
}

/** The hilo board (`hilo-board`, `hilo-current-card` with `data-rank`). */
export function HiloBoard({
  round,
  roundKey,
  houseEdgeBps,
  sound,
}: ExtendedBoardProps<HiloParams, HiloState>) {
  const { t } = useTranslation();
  const cards = round?.view?.cards ?? [];
  const current = cards[cards.length - 1]?.card ?? null;
  const previous = cards[cards.length - 2]?.card ?? null;
  const flip = flipDuration(round);
  // Until the new card has turned over, everything else still shows the round before it.
  const settled = useSettled(roundKey, flip);
  const shown = settled ? cards : cards.slice(0, -1);
  const shownCard = shown[shown.length - 1]?.card;
  const rank = shownCard === undefined ? null : hiloRank(shownCard);
  const finished = !!round && round.state === 'finished';
  const lost = finished && settled && round.view.lost;
  const correct = hiloCorrectGuesses(shown);
  // A finished round that was not lost was taken, or cancelled (no guess yet: nothing to celebrate).
  const taken = finished && !round.view.lost && correct > 0;
  const dealKey = `${round?.betId ?? 'none'}:${cards.length}`;
  const history = historyEntries(cards, houseEdgeBps).map((entry) =>
    settled || entry.index < cards.length - 2 ? entry : { ...entry, result: null, multiplier: null },
  );
  const multiplier = lost
    ? '0.00'
    : correct > 0
      ? multiplierText(hiloPayout({ cards: shown, lost: false }, houseEdgeBps))
      : '1.00';

  // Sounds: the card leaves the deck, then a rising pop when a guess came true.
  const latestSound = useRef(sound);
  useLayoutEffect(() => {
    latestSound.current = sound;
  });
  const last = round?.last;
  const guessed = cards[cards.length - 2]?.decision;
  const allCorrect = hiloCorrectGuesses(cards);
  useEffect(() => {
    if (!last || !flip) return undefined;
    latestSound.current.play('card');
    if (last !== 'continue' || !guessed || guessed === 'skip') return undefined;
    const pitch = 1 + Math.min(allCorrect, 12) * 0.05;
    const timer = setTimeout(() => latestSound.current.play('pop', { pitch }), flip);
    return () => clearTimeout(timer);
  }, [roundKey, last, flip, guessed, allCorrect]);

  const rowRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const row = rowRef.current;
    if (row) row.scrollLeft = row.scrollWidth;
  }, [cards.length]);

  return (
    <div
      className={clsx('hilo-board', lost && 'is-lost', taken && 'is-taken')}
      data-testid="hilo-board"
      data-state={round?.state ?? 'none'}
    >
      <div className="hilo-table">
        <div className="hilo-side hilo-side--high" aria-hidden>
          <span className="hilo-side__rank">K</span>
          <DecisionIcon decision="higher" className="hilo-side__icon" />
          <span className="hilo-side__text">{t('gameHilo.highest')}</span>
        </div>

        <div className="hilo-stage">
          <div className="hilo-deck" aria-hidden>
            <HiloCardView card={null} className="hilo-deck__card" />
            <HiloCardView card={null} className="hilo-deck__card" />
            <HiloCardView card={null} className="hilo-deck__card" />
          </div>
          <div className="hilo-slot">
            {flip > 0 && previous !== null && (
              <HiloCardView key={`${dealKey}:leave`} card={previous} leave={flip} className="hilo-current" />
            )}
            <HiloCardView
              key={dealKey}
              card={current}
              flip={flip}
              className="hilo-current"
              testId="hilo-current-card"
              data={{ 'data-rank': current === null ? '' : String(hiloRank(current)) }}
            />
            {lost && <span className="hilo-badge is-lost">{t('gameHilo.lost')}</span>}
            {taken && <span className="hilo-badge is-taken">{t('gameHilo.taken')}</span>}
          </div>
        </div>

        <div className="hilo-side hilo-side--low" aria-hidden>
          <span className="hilo-side__rank">A</span>
          <DecisionIcon decision="lower" className="hilo-side__icon" />
          <span className="hilo-side__text">{t('gameHilo.lowest')}</span>
        </div>
      </div>

      <div className="hilo-meter">
        <div className="hilo-ladder" aria-hidden>
          {LADDER.map((label, i) => (
            <span
              key={label}
              className={clsx(
                'hilo-ladder__step',
                rank !== null && i + 1 < rank && 'is-below',
                rank !== null && i + 1 > rank && 'is-above',
                rank === i + 1 && 'is-current',
              )}
            >
              {label}
            </span>
          ))}
        </div>
        <div className="hilo-multiplier" data-testid="hilo-multiplier">
          <span className="hilo-multiplier__label">{t('gameHilo.multiplier')}</span>
          <span className="hilo-multiplier__value">{multiplier}×</span>
        </div>
      </div>

      <section className="hilo-history" aria-label={t('gameHilo.history')}>
        {round ? (
          <ol className="hilo-history__row" ref={rowRef} data-testid="hilo-history">
            {history.map((entry) => (
              <HistoryCard key={`${round.betId}:${entry.index}`} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="hilo-history__empty">{t('gameHilo.noRound')}</p>
        )}
      </section>
    </div>
  );
}

function HistoryCard({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const face = cardFace(entry.card);
  const caption =
    entry.result === 'skip'
      ? t('gameHilo.skipped')
      : entry.result === 'wrong'
        ? t('gameHilo.wrong')
        : entry.multiplier
          ? `${multiplierText(entry.multiplier)}×`
          : '';
  return (
    <li
      className={clsx('hilo-history__item', entry.result && `is-${entry.result}`)}
      data-testid="hilo-history-card"
      data-decision={entry.decision ?? ''}
      data-result={entry.result ?? ''}
      title={
        entry.decision
          ? `${face.label} · ${entry.decision === 'skip' ? t('gameHilo.skipped') : t(`gameHilo.guess.${entry.decision}`)}`
          : face.label
      }
    >
      <HiloCardView card={entry.card} variant="mini" className="hilo-history__card" />
      {entry.decision && (
        <span className="hilo-history__badge">
          <DecisionIcon decision={entry.decision} />
        </span>
      )}
      <span className="hilo-history__caption">{caption}</span>
    </li>
  );
}
