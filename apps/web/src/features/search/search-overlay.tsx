import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search, SearchX, X } from 'lucide-react';
import type { gamesFilterEndpoint } from '@nebula/contracts';
import { SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE } from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { EmptyState, IconButton, SkeletonGrid } from '../../ui';
import { pageCount } from './pagination';
import { SearchPagination, SearchResult } from './search-results';
import { SEARCH_DEBOUNCE_MS, searchFilter } from './search-model';
import './search-texts';
import './search.css';
import { useTranslation } from '../../lib/i18n';

const gamesFilter = endpointRef<typeof gamesFilterEndpoint>('POST', '/api/data/gamesFilter');

/**
 * The global search overlay (spec 3 sections 2, 4, 5): fewer than 3 characters shows the featured
 * games, otherwise the games whose name matches, 6 per page with neighbour pages within 2. Typing
 * searches after a short pause, Enter at once; new results go back to page 1. It closes on any route
 * change (the shell unmounts it). A failed search ends loading silently (an empty list).
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useAppStore((state) => state.user?._id ?? null);
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [page, setPage] = useState(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const submittedRef = useRef('');

  useEffect(() => {
    inputRef.current?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [onClose]);

  // Typing searches after a pause; Enter (below) does it at once.
  useEffect(() => {
    const timer = setTimeout(() => commit(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // New results start at page 1.
  function commit(value: string) {
    const next = value.trim().slice(0, 64);
    if (next === submittedRef.current) return;
    submittedRef.current = next;
    setSubmitted(next);
    setPage(1);
  }

  const isShort = submitted.length < SEARCH_MIN_CHARS;
  const filter = searchFilter(submitted);
  const result = useQuery({
    queryKey: ['search', viewer, filter, page],
    queryFn: ({ signal }) => api(gamesFilter, { filter, limit: SEARCH_PAGE_SIZE, page }, { signal }),
    staleTime: 30_000,
    retry: false,
    placeholderData: (previous) => previous,
  });
  // A failure ends loading silently: no error text, just nothing found.
  const games = result.isError ? [] : (result.data?.games ?? null);
  const total = result.isError ? 0 : (result.data?.total ?? 0);
  const pages = pageCount(total, SEARCH_PAGE_SIZE);
  const loading = result.isPending;

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
        <form
          className="search-overlay__bar"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            commit(query);
          }}
        >
          <Search size={18} aria-hidden="true" />
          <input
            ref={inputRef}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('search.placeholder')}
            enterKeyHint="search"
            maxLength={64}
            data-testid="search-input"
          />
          <IconButton aria-label={t('common.close')} size="sm" onClick={onClose}>
            <X size={18} />
          </IconButton>
        </form>
        <div className="search-overlay__meta">
          <h2 className="search-overlay__title">
            {isShort ? t('search.featured') : t('searchUi.resultsTitle', { query: submitted })}
          </h2>
          <span className="search-overlay__hint" aria-live="polite">
            {query.trim().length < SEARCH_MIN_CHARS
              ? t('search.minChars')
              : !isShort && games
                ? t('searchUi.results', { count: total })
                : t('searchUi.pressEnter')}
          </span>
        </div>
        {loading || games === null ? (
          <SkeletonGrid count={SEARCH_PAGE_SIZE} minWidth={110} />
        ) : games.length === 0 ? (
          <EmptyState
            icon={<SearchX size={28} />}
            title={isShort ? t('empty.noGames') : t('search.noResults', { query: submitted })}
          />
        ) : (
          <div
            className={`search-results${result.isFetching ? ' is-fetching' : ''}`}
            data-testid="search-results"
            data-page={page}
          >
            {games.map((game) => (
              <SearchResult key={game.id} game={game} onOpen={onClose} />
            ))}
          </div>
        )}
        <SearchPagination page={page} pages={pages} onPage={setPage} />
      </div>
    </div>
  );
}
