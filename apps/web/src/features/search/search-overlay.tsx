import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { IconButton, SkeletonGrid } from '../../ui';
import './search.css';

/** Minimum characters before a search runs (spec 3 section 4); fewer shows featured games. */
export const SEARCH_MIN_CHARS = 3;

/** The global search overlay frame; it closes on any route change (the shell unmounts it). */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [onClose]);

  const isShort = query.trim().length < SEARCH_MIN_CHARS;
  return (
    <div
      className="search-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('search.title')}
      data-testid="search-overlay"
    >
      <button
        type="button"
        className="search-overlay__backdrop"
        aria-label={t('common.close')}
        onClick={onClose}
        tabIndex={-1}
      />
      <div className="search-overlay__panel">
        <div className="search-overlay__bar">
          <Search size={18} aria-hidden="true" />
          <input
            ref={inputRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('search.placeholder')}
          />
          <IconButton aria-label={t('common.close')} size="sm" onClick={onClose}>
            <X size={18} />
          </IconButton>
        </div>
        <p className="search-overlay__hint">{isShort ? t('search.minChars') : t('app.search.comingSoon')}</p>
        <h2 className="search-overlay__title">{t('search.featured')}</h2>
        <SkeletonGrid count={6} minWidth={110} />
      </div>
    </div>
  );
}
