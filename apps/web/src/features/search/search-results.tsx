import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Heart, Lock } from 'lucide-react';
import type { CatalogueGame } from '@nebula/contracts';
import { Button, openModal } from '../../ui';
import { pageNeighbours } from './pagination';
import './search-texts';
import { useTranslation } from '../../lib/i18n';

/** A search result; blocked games cannot be opened, previews open the demo popup. */
export function SearchResult({ game, onOpen }: { game: CatalogueGame; onOpen: () => void }) {
  const { t } = useTranslation();
  const content = (
    <>
      <img className="search-result__art" src={game.image} alt="" loading="lazy" width={195} height={196} />
      <span className="search-result__name">{game.name}</span>
      <span className="search-result__sub">{game.provider?.name ?? t('nav.originals')}</span>
      {game.isFavorite && (
        <Heart className="search-result__fav" size={12} fill="currentColor" aria-hidden="true" />
      )}
    </>
  );
  const common = { 'data-testid': 'search-result', 'data-game-id': game.id };
  if (game.blocked) {
    return (
      <div
        className="search-result is-blocked"
        aria-disabled="true"
        title={t('searchUi.blocked')}
        {...common}
      >
        {content}
        <span className="search-result__lock">
          <Lock size={16} aria-hidden="true" />
          <span className="sr-only">{t('searchUi.blocked')}</span>
        </span>
      </div>
    );
  }
  if (game.id.startsWith('preview:') || !game.launchable) {
    const open = () =>
      openModal({
        id: 'demo-popup',
        title: t('searchUi.previewTitle', { name: game.name }),
        size: 'sm',
        content: ({ close }) => (
          <div className="demo-popup__body search-preview" data-testid="demo-popup">
            <img className="search-preview__image" src={game.image} alt="" />
            <p>{t('searchUi.previewText', { name: game.name })}</p>
            <Button variant="primary" onClick={close}>
              {t('searchUi.gotIt')}
            </Button>
          </div>
        ),
      });
    return (
      <button type="button" className="search-result" onClick={open} {...common}>
        {content}
      </button>
    );
  }
  return (
    <Link
      to={`/casino/game/${game.provider ? 'external:' : ''}${encodeURIComponent(game.id)}`}
      className="search-result"
      onClick={onOpen}
      {...common}
    >
      {content}
    </Link>
  );
}

/** Previous, the neighbour pages within 2 of the current one, next. */
export function SearchPagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="search-pages" aria-label={t('searchUi.pages')} data-testid="search-pagination">
      <button
        type="button"
        className="search-pages__btn"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('common.previous')}
      >
        <ChevronLeft size={16} />
      </button>
      {pageNeighbours(page, pages).map((p) => (
        <button
          key={p}
          type="button"
          className={`search-pages__btn${p === page ? ' is-current' : ''}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('common.page', { page: p })}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className="search-pages__btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('common.next')}
      >
        <ChevronRight size={16} />
      </button>
    </nav>
  );
}
