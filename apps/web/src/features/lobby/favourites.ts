/**
 * Favourite games (spec 2 "Game tile grid": tiles marked as favourite). The heart on a tile or on the
 * game page calls `POST /api/games/favourite` optimistically: the new state shows at once, and is
 * rolled back with an error toast when the server refuses or cannot be reached. Guests get the login
 * prompt instead.
 *
 * The lists (`gamesFilter` rows, category grids, search results) each carry `isFavorite` as the
 * server knew it; a toggle is kept here as an override per signed-in player and game until the page
 * is reloaded, so every list shows the same state without refetching them all. The 'Favourites' row
 * and page read `POST /api/games/favourites`, refetched after each toggle.
 */
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { CatalogueGame, favouriteEndpoint, favouritesEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { isSignedIn, useAppStore } from '../../lib/store';
import { requestLogin } from '../../lib/request-login';

const favouriteRef = endpointRef<typeof favouriteEndpoint>('POST', '/api/games/favourite');
const favouritesRef = endpointRef<typeof favouritesEndpoint>('POST', '/api/games/favourites');

/** The id a game is favourited under: a `preview:` id names the game after the prefix. */
export function favouriteKey(id: string): string {
  return id.startsWith('preview:') ? id.slice('preview:'.length) : id;
}

interface FavouriteState {
  /** Toggled state by viewer id, then by favourite key (absent: the lists' own flag holds). */
  overrides: Record<string, Record<string, boolean>>;
  /** Toggles waiting for the server, `${viewer}:${key}`. */
  pending: Record<string, true>;
}

export const useFavouriteStore = create<FavouriteState>(() => ({ overrides: {}, pending: {} }));

/** Sets (or with `undefined` removes) one override. */
function setOverride(viewer: string, key: string, value: boolean | undefined): void {
  useFavouriteStore.setState((state) => {
    const mine = { ...state.overrides[viewer] };
    if (value === undefined) delete mine[key];
    else mine[key] = value;
    return { overrides: { ...state.overrides, [viewer]: mine } };
  });
}

function setPending(id: string, on: boolean): void {
  useFavouriteStore.setState((state) => {
    const pending = { ...state.pending };
    if (on) pending[id] = true;
    else delete pending[id];
    return { pending };
  });
}

/** The signed-in viewer's id, or null for guests. */
function useViewer(): string | null {
  return useAppStore((state) => (isSignedIn(state.user) ? state.user._id : null));
}

/** Query key of the viewer's favourites list. */
export function favouritesKey(viewer: string | null) {
  return ['favourites', viewer] as const;
}

export interface ToggleOutcome {
  /** 'login': a guest was asked to sign in; 'busy': a toggle of that game is still on its way. */
  status: 'saved' | 'failed' | 'login' | 'busy';
}

/**
 * Sets a game's favourite state for `viewer` (null: asks a guest to sign in). Shows `next` at once;
 * on failure restores what was shown before and calls `onError`.
 */
export async function toggleFavourite(
  viewer: string | null,
  game: Pick<CatalogueGame, 'id'>,
  next: boolean,
  onError: (error: unknown) => void,
): Promise<ToggleOutcome> {
  if (!viewer) {
    requestLogin('auth');
    return { status: 'login' };
  }
  const key = favouriteKey(game.id);
  const pendingId = `${viewer}:${key}`;
  if (useFavouriteStore.getState().pending[pendingId]) return { status: 'busy' };
  const before = useFavouriteStore.getState().overrides[viewer]?.[key];
  setOverride(viewer, key, next);
  setPending(pendingId, true);
  try {
    await api(favouriteRef, { id: game.id, favourite: next });
    void queryClient.invalidateQueries({ queryKey: favouritesKey(viewer) });
    return { status: 'saved' };
  } catch (error) {
    setOverride(viewer, key, before);
    onError(error);
    return { status: 'failed' };
  } finally {
    setPending(pendingId, false);
  }
}

/**
 * A game's favourite state as shown (the override of this session, else the list's flag), whether a
 * toggle is on its way, and the toggle. `known` is the list's flag (undefined: not known yet).
 */
export function useFavourite(
  game: Pick<CatalogueGame, 'id'> & { isFavorite?: boolean },
  onError: (error: unknown) => void,
): { favourite: boolean; pending: boolean; signedIn: boolean; toggle: () => void } {
  const viewer = useViewer();
  const key = favouriteKey(game.id);
  const override = useFavouriteStore((state) => (viewer ? state.overrides[viewer]?.[key] : undefined));
  const pending = useFavouriteStore((state) => (viewer ? !!state.pending[`${viewer}:${key}`] : false));
  const favourite = override ?? game.isFavorite === true;
  return {
    favourite,
    pending,
    signedIn: viewer !== null,
    toggle: () => void toggleFavourite(viewer, game, !favourite, onError),
  };
}

/** The shown favourite flag of a list's game (for `data-favourite` and badges). */
export function useShownFavourite(game: Pick<CatalogueGame, 'id' | 'isFavorite'>): boolean {
  const viewer = useViewer();
  const key = favouriteKey(game.id);
  const override = useFavouriteStore((state) => (viewer ? state.overrides[viewer]?.[key] : undefined));
  return override ?? game.isFavorite;
}

/** The signed-in player's favourite games, most recently added first (disabled for guests). */
export function useFavouriteGames() {
  const viewer = useViewer();
  return useQuery({
    queryKey: favouritesKey(viewer),
    queryFn: ({ signal }) =>
      api(favouritesRef, {}, { signal }).then((answer): CatalogueGame[] => answer.games ?? []),
    enabled: viewer !== null,
    staleTime: 60_000,
  });
}
