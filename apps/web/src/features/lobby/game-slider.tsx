import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton, Skeleton } from '../../ui';

export interface GameTileData {
  id: string;
  name: string;
  image: string;
  provider?: string;
}

export interface GameSliderProps {
  title: string;
  icon: ReactNode;
  viewAllPath: string;
  /** Undefined while the list loads: skeleton tiles are shown. */
  games?: GameTileData[];
  /** Tile shape: games are 195x196, providers are wide. */
  variant?: 'game' | 'provider';
  skeletonCount?: number;
}

/** A horizontal row of game tiles with 'View all', previous/next and a final tile to the category. */
export function GameSlider({
  title,
  icon,
  viewAllPath,
  games,
  variant = 'game',
  skeletonCount = 8,
}: GameSliderProps) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);

  function scrollBy(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * track.clientWidth * 0.9, behavior: 'smooth' });
  }

  const isLoading = games === undefined;
  return (
    <section className={`game-slider game-slider--${variant}`} aria-label={title} aria-busy={isLoading}>
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
            onClick={() => scrollBy(-1)}
          >
            <ChevronLeft size={16} />
          </IconButton>
          <IconButton aria-label={t('common.next')} size="sm" variant="secondary" onClick={() => scrollBy(1)}>
            <ChevronRight size={16} />
          </IconButton>
        </div>
      </header>
      <div className="game-slider__track" ref={trackRef}>
        {isLoading
          ? Array.from({ length: skeletonCount }, (_, index) => (
              <div key={index} className="game-tile game-tile--skeleton">
                <Skeleton className="game-tile__art" radius="var(--radius)" />
              </div>
            ))
          : games.map((game) => (
              <Link key={game.id} to={`/casino/game/${encodeURIComponent(game.id)}`} className="game-tile">
                <img className="game-tile__art" src={game.image} alt={game.name} loading="lazy" />
              </Link>
            ))}
        <Link to={viewAllPath} className="game-tile game-tile--more">
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
