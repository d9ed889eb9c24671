import { useDeferredValue, useMemo, useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Gamepad2, Heart, Search } from 'lucide-react';
import type { GameFilter } from '@nebula/contracts';
import { requestLogin } from '../../lib/request-login';
import { api } from '../../lib/api';
import { isSignedIn, useAppStore } from '../../lib/store';
import { Button, EmptyState, PageFrame, SkeletonGrid } from '../../ui';
import { gamesFilter, useProviders } from './catalogue-api';
import { useFavouriteGames } from './favourites';
import { GameTile } from './game-tile';
import { LOBBY_CATEGORIES, filterForTag, humanizeTag } from './lobby-categories';
import { FAVOURITES_PATH, ProviderTile } from './lobby-rows';
import './lobby-texts';
import './lobby.css';
import { useTranslation } from '../../lib/i18n';

const CHIP_SLUGS = ['originals', 'slots', 'live', 'game-shows', 'new-releases', 'providers'] as const;
/** Games per page of a category list ('Load more' adds the next page). */
export const CATEGORY_PAGE_SIZE = 30;

function CategoryChips() {
  const { t } = useTranslation();
  const demo = useAppStore((state) => state.demo);
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  return (
    <nav className="category-chips" aria-label={t('app.casino.categories')}>
      {signedIn && (
        <NavLink
          to={FAVOURITES_PATH}
          className={({ isActive }) => `category-chip category-chip--fav${isActive ? ' is-active' : ''}`}
        >
          <Heart size={14} aria-hidden="true" />
          {t('lobbyUi.favourites')}
        </NavLink>
      )}
      {CHIP_SLUGS.filter((slug) => !(demo && slug === 'game-shows')).map((slug) => {
        const category = LOBBY_CATEGORIES[slug]!;
        return (
          <NavLink
            key={slug}
            to={slug === 'providers' ? '/provider/all' : category.path}
            className={({ isActive }) => `category-chip${isActive ? ' is-active' : ''}`}
          >
            {t(category.titleKey)}
          </NavLink>
        );
      })}
    </nav>
  );
}

/** The games matching `filter`, a page at a time, with a name filter box. */
function GameGrid({ label, filter }: { label: string; filter: GameFilter[] | undefined }) {
  const { t } = useTranslation();
  const viewer = useAppStore((state) => state.user?._id ?? null);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().slice(0, 64));
  const full: GameFilter[] | undefined = filter && [
    ...filter,
    ...(deferred ? [{ key: 'name' as const, type: 'search' as const, expect: deferred }] : []),
  ];
  const list = useInfiniteQuery({
    queryKey: ['gamesFilter', 'grid', viewer, full],
    queryFn: ({ pageParam, signal }) =>
      api(gamesFilter, { filter: full ?? [], limit: CATEGORY_PAGE_SIZE, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: full !== undefined,
    staleTime: 60_000,
  });
  const games = list.data?.pages.flatMap((page) => page.games) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <>
      <div className="category-toolbar">
        <label className="category-toolbar__search">
          <Search size={16} aria-hidden="true" />
          <span className="sr-only">{t('lobbyUi.searchIn')}</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('app.casino.searchIn', { name: label })}
            data-testid="category-search"
          />
        </label>
      </div>
      <CategoryChips />
      {list.isPending ? (
        <div className="category-grid" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonGrid count={18} minWidth={150} />
        </div>
      ) : games.length === 0 ? (
        <div className="category-grid">
          <EmptyState
            icon={<Gamepad2 size={28} />}
            title={list.isError ? t('lobbyUi.loadFailed') : t('lobbyUi.noGames')}
            text={list.isError ? undefined : t('lobbyUi.noGamesText')}
          />
        </div>
      ) : (
        <>
          <div className="category-grid game-grid" data-testid="game-grid">
            {games.map((game) => (
              <GameTile key={game.id} game={game} />
            ))}
          </div>
          <div className="category-more">
            <span className="category-more__count">{t('lobbyUi.shown', { shown: games.length, total })}</span>
            {list.hasNextPage && (
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('lobbyUi.loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** /casino/originals, /casino/slots, ... : one category list. */
export function CategoryPage({ category }: { category: string }) {
  const { t } = useTranslation();
  const entry = LOBBY_CATEGORIES[category];
  const title = entry ? t(entry.titleKey) : humanizeTag(category);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <GameGrid label={title} filter={entry?.filter ?? filterForTag(category)} />
    </PageFrame>
  );
}

/**
 * /casino/favourites: the signed-in player's favourite games, most recently added first, with the same
 * name filter as the other lists (on the loaded list: `gamesFilter` has no favourites key). Guests are
 * asked to sign in.
 */
function FavouritesPage() {
  const { t } = useTranslation();
  const title = t('lobbyUi.favourites');
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const list = useFavouriteGames();
  const [query, setQuery] = useState('');
  const needle = useDeferredValue(query.trim().toLowerCase());
  const games = useMemo(
    () => (list.data ?? []).filter((game) => !needle || game.name.toLowerCase().includes(needle)),
    [list.data, needle],
  );
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      {signedIn && (
        <div className="category-toolbar">
          <label className="category-toolbar__search">
            <Search size={16} aria-hidden="true" />
            <span className="sr-only">{t('lobbyUi.searchIn')}</span>
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('app.casino.searchIn', { name: title })}
              data-testid="category-search"
            />
          </label>
        </div>
      )}
      <CategoryChips />
      {!signedIn ? (
        <div className="category-grid">
          <EmptyState
            icon={<Heart size={28} />}
            title={title}
            text={t('lobbyUi.favouritesGuest')}
            action={
              <Button variant="primary" onClick={() => requestLogin('auth')}>
                {t('lobbyUi.signIn')}
              </Button>
            }
          />
        </div>
      ) : list.isPending ? (
        <div className="category-grid" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonGrid count={12} minWidth={150} />
        </div>
      ) : games.length === 0 ? (
        <div className="category-grid">
          <EmptyState
            icon={list.isError ? <Gamepad2 size={28} /> : <Heart size={28} />}
            title={list.isError ? t('lobbyUi.loadFailed') : t('lobbyUi.favouritesEmpty')}
            text={list.isError ? undefined : t('lobbyUi.favouritesEmptyText')}
          />
        </div>
      ) : (
        <div className="category-grid game-grid" data-testid="game-grid">
          {games.map((game) => (
            <GameTile key={game.id} game={game} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}

/** /casino/{tag}: the catch-all category finder (capitalised 'View all' links land here too). */
export function TagPage() {
  const { tag = '' } = useParams();
  if (tag.toLowerCase() === 'favourites') return <FavouritesPage />;
  return <CategoryTagPage tag={tag} />;
}

function CategoryTagPage({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const known = LOBBY_CATEGORIES[tag.toLowerCase()];
  const title = known ? t(known.titleKey) : humanizeTag(tag);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <GameGrid label={title} filter={filterForTag(tag)} />
    </PageFrame>
  );
}

/** /casino/game/provider/{provider}: the games of one provider (by name; an id works too). */
export function ProviderGamesPage() {
  const { t } = useTranslation();
  const { provider = '' } = useParams();
  const wanted = provider.toLowerCase();
  const providers = useProviders(false);
  const match = providers.data?.find((p) => p.name.toLowerCase() === wanted || p.id === wanted);
  const name = match?.name ?? provider;
  // Unknown provider: a filter nothing matches, so the page shows its empty state.
  const filter: GameFilter[] | undefined = providers.data
    ? [{ key: 'provider', expect: (match?.id ?? wanted).slice(0, 64) || 'none' }]
    : providers.isError
      ? [{ key: 'provider', expect: wanted.slice(0, 64) || 'none' }]
      : undefined;
  return (
    <PageFrame
      title={name}
      subtitle={t('app.casino.providerSubtitle', { name })}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/' },
        { label: t('nav.providers'), to: '/provider/all' },
        { label: name },
      ]}
      width="wide"
    >
      <GameGrid label={name} filter={filter} />
    </PageFrame>
  );
}

/** /provider/all and /casino/providers: every provider with listed games. */
export function ProvidersPage() {
  const { t } = useTranslation();
  const title = t('nav.allProviders');
  const { data, isError } = useProviders(false);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: t('nav.casino'), to: '/' }, { label: title }]}
      width="wide"
    >
      <CategoryChips />
      {data ? (
        <div className="category-grid provider-grid" data-testid="provider-grid">
          {data.map((provider) => (
            <ProviderTile key={provider.id} provider={provider} />
          ))}
        </div>
      ) : isError ? (
        <EmptyState icon={<Gamepad2 size={28} />} title={t('lobbyUi.loadFailed')} />
      ) : (
        <div className="category-grid" aria-busy="true" aria-label={t('common.loading')}>
          <SkeletonGrid count={16} minWidth={180} aspectRatio="2 / 1" />
        </div>
      )}
    </PageFrame>
  );
}
