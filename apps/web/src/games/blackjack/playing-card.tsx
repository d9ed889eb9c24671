/**
 * A playing card for the card tables of blackjack and video poker: a white face with rank corners and a
 * big suit pip (red for ♦ ♥), and a patterned back. Face down while `card` is null or `faceDown` is
 * set; turning it face up flips it in 3D (the dealer's hole card, a video poker redraw). With `deal`
 * it flies in from the shoe (the container sets `--from-x` / `--from-y`) and turns over on landing.
 */
import type { CSSProperties, ReactNode } from 'react';
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import './playing-card.css';

/** Rank, suit symbol and colour of a card index (0..51, `@nebula/fairness` order). */
export function cardFace(index: number): { rank: string; suit: string; red: boolean; label: string } {
  const card = cardFromIndex(index);
  return {
    rank: card.rank,
    suit: card.label.slice(0, 1),
    red: card.suit === 'diamonds' || card.suit === 'hearts',
    label: card.label,
  };
}

/**
 * How a card arrives: from the shoe (`deal`), turning over in place as a new card (`flip`), moving over
 * from the hand on its left (`slide`, a split), or turning face up after `delay` (`reveal`, the hole
 * card); null: it just shows.
 */
export type CardMotion =
  { kind: 'deal' | 'flip' | 'slide' | 'reveal'; delay: number; duration: number } | null | undefined;

export interface PlayingCardProps {
  /** Card index 0..51, or null for a card whose face is not known (always face down). */
  card: number | null;
  faceDown?: boolean;
  motion?: CardMotion;
  className?: string;
  /** Accessible name of a face-down card. */
  hiddenLabel?: string;
  children?: ReactNode;
  testId?: string;
  data?: Record<`data-${string}`, string>;
}

/** One playing card (`.pc`); its width comes from `--card-w` of an ancestor. */
export function PlayingCard({
  card,
  faceDown,
  motion,
  className,
  hiddenLabel,
  children,
  testId,
  data,
}: PlayingCardProps) {
  const down = faceDown || card === null;
  const face = card === null ? null : cardFace(card);
  const animated = !!motion && motion.duration > 0;
  const style = animated
    ? ({ '--pc-delay': `${motion.delay}ms`, '--pc-dur': `${motion.duration}ms` } as CSSProperties)
    : undefined;
  return (
    <div
      className={clsx(
        'pc',
        face?.red && 'is-red',
        down && 'is-down',
        animated && `is-${motion.kind}`,
        className,
      )}
      style={style}
      role="img"
      aria-label={down || !face ? (hiddenLabel ?? '?') : `${face.rank}${face.suit}`}
      data-testid={testId}
      data-card={card ?? ''}
      {...data}
    >
      <div className="pc__inner">
        <div className="pc__face" aria-hidden>
          {face && (
            <>
              <span className="pc__corner">
                <span>{face.rank}</span>
                <span>{face.suit}</span>
              </span>
              <span className="pc__pip">{face.suit}</span>
              <span className="pc__corner pc__corner--end">
                <span>{face.rank}</span>
                <span>{face.suit}</span>
              </span>
            </>
          )}
        </div>
        <div className="pc__back" aria-hidden />
      </div>
      {children}
    </div>
  );
}
