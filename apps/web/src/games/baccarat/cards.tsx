/**
 * Baccarat hands: up to three playing cards that fly in from the shoe and flip face up (CSS
 * animation with per-card delays), the third card laid sideways as at a real table, and the total.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import { type DealStep, type Hand, cardFace } from './deal';
import './cards.css';

export interface PlayingCardProps {
  card: number;
  /** Deal timing; omitted or duration 0 shows the card face up at once. */
  step?: Pick<DealStep, 'start' | 'duration'>;
  hand: Hand;
  third?: boolean;
}

/** One playing card, face up once its deal animation ran. */
export function PlayingCard({ card, step, hand, third }: PlayingCardProps) {
  const { rank, suit, red } = cardFace(card);
  const animated = !!step && step.duration > 0;
  const style = animated
    ? ({ '--deal-delay': `${step.start}ms`, '--deal-dur': `${step.duration}ms` } as CSSProperties)
    : undefined;
  return (
    <div
      className={clsx(
        'bac-card',
        `bac-card--${hand}`,
        red && 'is-red',
        third && 'is-third',
        animated && 'is-dealing',
      )}
      style={style}
      data-card={card}
      aria-label={`${rank}${suit}`}
      role="img"
    >
      <div className="bac-card__inner">
        <div className="bac-card__face">
          <span className="bac-card__corner">
            <span>{rank}</span>
            <span>{suit}</span>
          </span>
          <span className="bac-card__pip">{suit}</span>
          <span className="bac-card__corner bac-card__corner--end">
            <span>{rank}</span>
            <span>{suit}</span>
          </span>
        </div>
        <div className="bac-card__back" />
      </div>
    </div>
  );
}

export interface HandViewProps {
  hand: Hand;
  /** The hand's cards with their deal steps (empty before the first coup). */
  steps: readonly DealStep[];
  /** Running total, or null while none of its cards is face up. */
  total: number | null;
  /** Won, lost, or tied coup (after the deal). */
  state: 'won' | 'lost' | 'tie' | null;
  /** Side name shown above the cards. */
  label: string;
  /** Remounts the cards for every coup so their animation restarts. */
  dealKey: number;
}

/** A hand: its name, total badge and the cards. */
export function HandView({ hand, steps, total, state, label, dealKey }: HandViewProps) {
  return (
    <div className={clsx('bac-hand', `bac-hand--${hand}`, state && `is-${state}`)}>
      <div className="bac-hand__head">
        <span className="bac-hand__name">{label}</span>
        <span
          className={clsx('bac-hand__total', total === null && 'is-empty')}
          data-testid={`baccarat-total-${hand}`}
        >
          {total ?? ''}
        </span>
      </div>
      <div className="bac-hand__cards">
        {[0, 1, 2].map((slot) => {
          const step = steps.find((entry) => entry.slot === slot);
          if (!step) {
            return slot < 2 ? <div key={`empty-${slot}`} className="bac-slot" /> : null;
          }
          return (
            <PlayingCard
              key={`${dealKey}-${slot}`}
              card={step.card}
              step={step}
              hand={hand}
              third={slot === 2}
            />
          );
        })}
      </div>
    </div>
  );
}
