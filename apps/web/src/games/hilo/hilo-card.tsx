/**
 * A hilo playing card in the look of the baccarat cards (white face, rank and suit in two corners,
 * a big pip, a striped back), with a 3D flip: `flip` deals it from the deck face down and turns it
 * face up over `flip` milliseconds. `card` null shows the back only.
 */
import type { CSSProperties } from 'react';
import clsx from 'clsx';
import { cardFace } from './hilo-model';
import './hilo-card.css';
import { useTranslation } from '../../lib/i18n';

export interface HiloCardViewProps {
  /** Card index 0..51, or null for a face-down card. */
  card: number | null;
  /** Milliseconds of the deal-and-flip animation; 0 or omitted shows the card at once. */
  flip?: number;
  /** Milliseconds of the leave animation of a card that was just replaced. */
  leave?: number;
  /** `mini`: the rank and suit in the middle only (history row). */
  variant?: 'full' | 'mini';
  className?: string;
  testId?: string;
  /** Extra data attributes (e.g. `data-rank`). */
  data?: Record<`data-${string}`, string>;
}

/** One card. */
export function HiloCardView({
  card,
  flip = 0,
  leave = 0,
  variant = 'full',
  className,
  testId,
  data,
}: HiloCardViewProps) {
  const { t } = useTranslation();
  const face = card === null ? null : cardFace(card);
  const style = { '--hilo-flip': `${flip}ms`, '--hilo-leave': `${leave}ms` } as CSSProperties;
  return (
    <div
      className={clsx(
        'hilo-card',
        face?.red && 'is-red',
        !face && 'is-down',
        flip > 0 && 'is-flipping',
        leave > 0 && 'is-leaving',
        className,
      )}
      style={style}
      data-testid={testId}
      data-card={card ?? ''}
      role="img"
      aria-label={face ? face.label : t('gameHilo.cardBack')}
      {...data}
    >
      <div className="hilo-card__inner">
        {face && variant === 'mini' && (
          <div className="hilo-card__face hilo-card__face--mini">
            <span className="hilo-card__mini-rank">{face.rank}</span>
            <span className="hilo-card__mini-suit">{face.suit}</span>
          </div>
        )}
        {face && variant === 'full' && (
          <div className="hilo-card__face">
            <span className="hilo-card__corner">
              <span>{face.rank}</span>
              <span>{face.suit}</span>
            </span>
            <span className="hilo-card__pip">{face.suit}</span>
            <span className="hilo-card__corner hilo-card__corner--end">
              <span>{face.rank}</span>
              <span>{face.suit}</span>
            </span>
          </div>
        )}
        <div className="hilo-card__back" />
      </div>
    </div>
  );
}
