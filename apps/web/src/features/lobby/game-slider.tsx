import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { useWindowWidth } from '../../lib/breakpoints';
import { IconButton, Skeleton } from '../../ui';
import { canMove, nextStart, perView } from './slider-model';
import { useTranslation } from '../../lib/i18n';

export interface GameSliderProps {
  title: string;
  icon: ReactNode;
  viewAllPath: string;
  /** The tiles (each with its key); undefined while the list loads: skeleton tiles are shown. */
  tiles?: ReactNode[];
  /** Tile shape: games are 195x196, providers are wide. */
  variant?: 'game' | 'provider';
  /** Test id of the section. */
  testId?: string;
}

/**
 * A horizontal row of tiles with 'View all', previous/next (one view at a time: 3 tiles at 991 px
 * or less, else 8) and a final tile leading to the category (spec 2 section 2). Touch scrolling works
 * natively; the buttons snap to whole tiles.
 */
export function GameSlider({ title, icon, viewAllPath, tiles, variant = 'game', testId }: GameSliderProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const view = perView(useWindowWidth());
  const total = (tiles?.length ?? view) + 1;
  const [start, setStart] = useState(0);

  const readStart = useCallback(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null;
    if (!track || !first) return;
    const step = first.getBoundingClientRect().width + parseFloat(getComputedStyle(track).columnGap || '0');
    if (step > 0) setStart(Math.round(track.scrollLeft / step));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    track.addEventListener('scroll', readStart, { passive: true });
    return () => track.removeEventListener('scroll', readStart);
  }, [readStart]);

  function move(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track) return;
    const target = nextStart(start, direction, view, total);
    const tile = track.children[target] as HTMLElement | undefined;
    track.scrollTo({ left: tile ? tile.offsetLeft - track.offsetLeft : 0, behavior: 'smooth' });
    setStart(target);
  }

  const isLoading = tiles === undefined;
  const can = canMove(start, view, total);
  return (
    <section
      className={`game-slider game-slider--${variant}`}
      aria-label={title}
      aria-busy={isLoading}
      data-testid={testId}
      style={{ '--per-view': view } as React.CSSProperties}
    >
      <header className="game-slider__head">
        <h2 className="game-slider__title">
          <span className="game-slider__icon" aria-hidden="true">
            {icon}
          </span>
          {title}
        </h2>
        <div className="game-slider__controls">
          <Link to={viewAllPath} className="game-slider__all">
            {t('common.viewAll')}
          </Link>
          <IconButton
            aria-label={t('common.previous')}
            size="sm"
            variant="secondary"
            disabled={!can.previous}
            onClick={() => move(-1)}
          >
            <ChevronLeft size={16} />
          </IconButton>
          <IconButton
            aria-label={t('common.next')}
            size="sm"
            variant="secondary"
            disabled={!can.next}
            onClick={() => move(1)}
          >
            <ChevronRight size={16} />
          </IconButton>
        </div>
      </header>
      <div className="game-slider__track" ref={trackRef}>
        {isLoading
          ? Array.from({ length: view }, (_, index) => (
              <div key={index} className="game-tile game-tile--skeleton" aria-hidden="true">
                <Skeleton className="game-tile__art" radius="var(--radius)" />
              </div>
            ))
          : tiles}
        <Link to={viewAllPath} className="game-tile game-tile--more" data-testid="slider-more">
          <span className="game-tile__more-icon" aria-hidden="true">
            <ArrowRight size={20} />
          </span>
          <span>{t('common.viewAll')}</span>
          <span className="game-tile__more-sub">{title}</span>
        </Link>
      </div>
    </section>
  );
}
