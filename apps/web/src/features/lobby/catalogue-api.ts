/**
 * The lobby's catalogue calls (spec 2 section 7, spec 3 section 7), typed by the contracts through
 * zod-free endpoint refs: `gamesFilter`, the providers, the banner slides.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  CatalogueGame,
  CatalogueProvider,
  GameFilter,
  gameProvidersEndpoint,
  gamesFilterEndpoint,
  Slide,
  slidesEndpoint,
} from '@nebula/contracts';
import { EXTERNAL_GAME_PREFIX } from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';

export const gamesFilter = endpointRef<typeof gamesFilterEndpoint>('POST', '/api/data/gamesFilter');
const gameProviders = endpointRef<typeof gameProvidersEndpoint>('GET', '/api/game-providers');
const slides = endpointRef<typeof slidesEndpoint>('POST', '/api/slides');

/** The signed-in token: lists depend on it (favourites, restrictions are per viewer). */
function useViewerKey(): string | null {
  return useAppStore((state) => state.user?._id ?? null);
}

/** One page of games matching every filter, by priority descending; undefined while loading. */
export function useGames(filter: GameFilter[], limit: number, page = 1, enabled = true) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['gamesFilter', viewer, filter, limit, page],
    queryFn: ({ signal }) => api(gamesFilter, { filter, limit, page }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Providers with listed games (featured only for the home row), by priority descending. */
export function useProviders(featured: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['gameProviders', viewer, featured],
    queryFn: ({ signal }) =>
      api(gameProviders, featured ? { featured: 'true' } : {}, { signal }).then(
        (answer): CatalogueProvider[] => answer.providers ?? [],
      ),
    staleTime: 5 * 60_000,
  });
}

/** The home banners; Poker banners never reach guests (the server filters them). */
export function useSlides() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['slides', viewer],
    queryFn: ({ signal }) => api(slides, {}, { signal }).then((answer): Slide[] => answer.slides ?? []),
    staleTime: 5 * 60_000,
  });
}

/** True when a tile must open the demo popup instead of the game (spec 2 section 2). */
export function opensDemoPopup(game: Pick<CatalogueGame, 'id' | 'launchable'>): boolean {
  return game.id.startsWith('preview:') || !game.launchable;
}

/** The game page of a launchable game: a provider's game on its `external:` route (spec 3 section 2). */
export function gamePath(id: string, external = false): string {
  return `/casino/game/${external ? EXTERNAL_GAME_PREFIX : ''}${encodeURIComponent(id)}`;
}
