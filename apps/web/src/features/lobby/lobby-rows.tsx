import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { ArrowRight, CandlestickChart, Heart, History, Lock, type LucideIcon } from 'lucide-react';
import type { CatalogueGame, CatalogueProvider, GameFilter } from '@nebula/contracts';
import { api } from '../../lib/api';
import { hasPlugin, useAppStore } from '../../lib/store';
import { LOBBY_PROVIDERS, LOBBY_ROW_SIZE } from '@nebula/contracts/constants';
import { gamesFilter, useGames, useProviders } from './catalogue-api';
import { useFavouriteGames } from './favourites';
import { GameSlider } from './game-slider';
import { GameTile } from './game-tile';
import './lobby-texts';
import { useTranslation } from '../../lib/i18n';

/** The page of a provider's games (spec 2: by provider name). */
export function providerPath(name: string): string {
  return `/casino/game/provider/${encodeURIComponent(name)}`;
}

/** A wide provider logo tile. */
export function ProviderTile({ provider }: { provider: CatalogueProvider }) {
  const { t } = useTranslation();
  return (
    <Link
      to={providerPath(provider.name)}
      className={`game-tile provider-tile${provider.blocked ? ' is-blocked' : ''}`}
      aria-label={provider.name}
      title={provider.blocked ? t('lobbyUi.blocked') : undefined}
      data-testid="provider-tile"
    >
      <img className="game-tile__art" src={provider.image} alt="" loading="lazy" />
      <span className="provider-tile__count">{t('lobbyUi.games', { count: provider.games })}</span>
      {provider.blocked && (
        <span className="game-tile__lock" aria-hidden="true">
          <Lock size={16} />
        </span>
      )}
    </Link>
  );
}

/** A home row of one category: the first 10 games by priority (spec 2 section 7). */
export function CategoryRow({
  title,
  icon: Icon,
  filter,
  viewAllPath,
  extra,
}: {
  title: string;
  icon: LucideIcon;
  filter: GameFilter[];
  viewAllPath: string;
  /** A tile before the games (the optional poker tile of the Originals row). */
  extra?: React.ReactNode;
}) {
  const { data, isError } = useGames(filter, LOBBY_ROW_SIZE);
  const games = data?.games.slice(0, LOBBY_ROW_SIZE);
  // A failed list is not shown as an error (spec 2 section 8): the row stays empty.
  const tiles = games
    ? [...(extra ? [extra] : []), ...games.map((game) => <GameTile key={game.id} game={game} />)]
    : isError
      ? []
      : undefined;
  return (
    <GameSlider
      title={title}
      icon={<Icon size={18} />}
      viewAllPath={viewAllPath}
      tiles={tiles}
      testId={`row-${viewAllPath.split('/').pop()?.toLowerCase()}`}
    />
  );
}

/** The featured providers row: the first 20 by priority. */
export function ProvidersRow({ title, icon: Icon }: { title: string; icon: LucideIcon }) {
  const { data, isError } = useProviders(true);
  const tiles = data
    ? data.slice(0, LOBBY_PROVIDERS).map((provider) => <ProviderTile key={provider.id} provider={provider} />)
    : isError
      ? []
      : undefined;
  return (
    <GameSlider
      title={title}
      icon={<Icon size={18} />}
      viewAllPath="/provider/all"
      tiles={tiles}
      variant="provider"
      testId="row-providers"
    />
  );
}

/** 'Recently played': the store's recent game ids, most recent first (hidden when empty). */
export function RecentlyPlayedRow() {
  const { t } = useTranslation();
  const viewer = useAppStore((state) => state.user?._id ?? null);
  const ids = useAppStore((state) => state.recentGameHistory)
    .slice(-LOBBY_ROW_SIZE)
    .reverse()
    .filter((id) => id.length <= 64);
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['gamesFilter', viewer, [{ key: 'id', expect: id }], 1, 1],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(gamesFilter, { filter: [{ key: 'id', expect: id }], limit: 1, page: 1 }, { signal }),
      staleTime: 60_000,
    })),
  });
  if (ids.length === 0) return null;
  const loading = results.some((result) => result.isPending);
  const games = results
    .map((result) => result.data?.games[0])
    .filter((game): game is CatalogueGame => !!game);
  if (!loading && games.length === 0) return null;
  return (
    <GameSlider
      title={t('lobbyUi.recentlyPlayed')}
      icon={<History size={18} />}
      viewAllPath="/casino/originals"
      tiles={loading ? undefined : games.map((game) => <GameTile key={game.id} game={game} />)}
      testId="row-recent"
    />
  );
}

/** Path of the signed-in player's favourites page. */
export const FAVOURITES_PATH = '/casino/favourites';

/** 'Favourites': the signed-in player's favourite games, most recently added first (hidden when none). */
export function FavouritesRow() {
  const { t } = useTranslation();
  const { data, isPending, isError, isEnabled } = useFavouriteGames();
  if (!isEnabled || isError || (!isPending && data.length === 0)) return null;
  return (
    <GameSlider
      title={t('lobbyUi.favourites')}
      icon={<Heart size={18} />}
      viewAllPath={FAVOURITES_PATH}
      tiles={data?.slice(0, LOBBY_ROW_SIZE).map((game) => (
        <GameTile key={game.id} game={game} />
      ))}
      testId="row-favourites"
    />
  );
}

/** Where the Futures row leads (spec 2: the trading pages exist only with the trading plugin). */
export const FUTURES_PATH = '/trading/all';

/**
 * The Futures row (spec 2 section 2: "Futures tickers (trading plugin only)"). Nothing at all without
 * the trading plugin. With it, the row leads to the trading pages; it lists no tickers because no
 * ticker data source exists yet (no tickers endpoint or price stream in the contracts): it shows one
 * tile opening the tickers list and never an invented price.
 */
export function FuturesRow() {
  const { t } = useTranslation();
  const trading = useAppStore((state) => hasPlugin(state.license, 'trading'));
  if (!trading) return null;
  return (
    <GameSlider
      title={t('nav.futures')}
      icon={<CandlestickChart size={18} />}
      viewAllPath={FUTURES_PATH}
      tiles={[
        <Link key="futures" to={FUTURES_PATH} className="game-tile futures-tile" data-testid="futures-tile">
          <span className="futures-tile__icon" aria-hidden="true">
            <CandlestickChart size={24} />
          </span>
          <span className="futures-tile__copy">
            <span className="futures-tile__title">{t('lobbyUi.futuresTitle')}</span>
            <span className="futures-tile__text">{t('lobbyUi.futuresText')}</span>
          </span>
          <ArrowRight className="futures-tile__go" size={20} aria-hidden="true" />
        </Link>,
      ]}
      testId="row-futures"
    />
  );
}
