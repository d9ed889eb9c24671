import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { events } from '../../lib/events';
import '../../lib/i18n';
import { useAppStore, type StoredUser } from '../../lib/store';
import { ModalHost, ToastHost, closeAllModals, toast } from '../../ui';
import { useFavouriteStore } from './favourites';
import { GameTile, type TileGame } from './game-tile';

const base: TileGame = {
  id: 'dice',
  name: 'Dice',
  image: '/api/img/games/dice.svg',
  provider: null,
  launchable: true,
  isFavorite: false,
  blocked: false,
};

function renderTile(game: TileGame) {
  return render(
    <MemoryRouter>
      <GameTile game={game} />
      <ModalHost />
      <ToastHost />
    </MemoryRouter>,
  );
}

const PLAYER: StoredUser = { _id: 'u1', name: 'Alice', roles: [], token: 'token-1' };

/** Answers `POST /api/games/favourite` with `status` (200 echoes the request), recording the bodies. */
function mockFavouriteApi(status: number) {
  const sent: unknown[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as unknown;
    sent.push({ url: String(url), body });
    await gate;
    const answer = status === 200 ? body : { code: 'unknown_game', message: 'Unknown game.' };
    return new Response(JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { sent, release };
}

beforeEach(() => {
  useFavouriteStore.setState({ overrides: {}, pending: {} });
  useAppStore.setState({ user: null });
});

afterEach(() => {
  act(() => closeAllModals());
  act(() => toast.clear());
  vi.restoreAllMocks();
  events.clear();
  useAppStore.setState({ user: null });
  cleanup();
});

describe('GameTile', () => {
  it('links a launchable game to its page and marks favourites', () => {
    renderTile({ ...base, isFavorite: true });
    const tile = screen.getByTestId('game-tile');
    expect(tile.getAttribute('href')).toBe('/casino/game/dice');
    expect(tile.dataset.favourite).toBe('true');
    const heart = screen.getByTestId('favourite-toggle');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-label')).toBe('Remove Dice from favourites');
    // The heart is not inside the link (a button in a link is invalid and would open the game).
    expect(tile.contains(heart)).toBe(false);
  });

  it('cannot open a game blocked in the player’s territory', () => {
    renderTile({ ...base, blocked: true });
    const tile = screen.getByTestId('game-tile');
    expect(tile.tagName).toBe('DIV');
    expect(tile.getAttribute('href')).toBeNull();
    expect(tile.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(tile);
    expect(screen.queryByTestId('demo-popup')).toBeNull();
  });

  it('opens the demo popup (title, description, image) for preview ids', () => {
    renderTile({
      ...base,
      id: 'preview:comet-studios-tail-of-fire',
      name: 'Tail of Fire',
      launchable: false,
      provider: { id: 'comet-studios', name: 'Comet Studios' },
    });
    fireEvent.click(screen.getByTestId('game-tile'));
    const popup = screen.getByTestId('demo-popup');
    expect(screen.getByText('Coming soon: Tail of Fire')).toBeTruthy();
    expect(popup.textContent).toContain('Comet Studios');
    expect(popup.querySelector('img')?.getAttribute('src')).toBe(base.image);
  });

  it('asks a guest to sign in instead of favouriting', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const openAuth = vi.fn();
    events.on('open-auth', openAuth);
    renderTile(base);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(openAuth).toHaveBeenCalledWith({ mode: 'auth' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('game-tile').dataset.favourite).toBeUndefined();
  });

  it('marks the game at once and keeps it when the server agrees', async () => {
    act(() => useAppStore.setState({ user: PLAYER }));
    const api = mockFavouriteApi(200);
    renderTile({ ...base, id: 'preview:comet-studios-tail-of-fire', launchable: false });
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    // Optimistic: marked before the answer.
    expect(screen.getByTestId('game-tile').dataset.favourite).toBe('true');
    expect(screen.getByTestId('favourite-toggle').getAttribute('aria-busy')).toBe('true');
    expect(api.sent).toEqual([
      {
        url: expect.stringContaining('/api/games/favourite') as unknown,
        body: { id: 'preview:comet-studios-tail-of-fire', favourite: true },
      },
    ]);
    // A second click while the first is on its way does nothing.
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(api.sent).toHaveLength(1);
    await act(async () => api.release());
    await waitFor(() => expect(screen.getByTestId('favourite-toggle').getAttribute('aria-busy')).toBeNull());
    expect(screen.getByTestId('game-tile').dataset.favourite).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rolls back and shows a toast when the server refuses', async () => {
    act(() => useAppStore.setState({ user: PLAYER }));
    const api = mockFavouriteApi(404);
    renderTile({ ...base, isFavorite: true });
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(screen.getByTestId('game-tile').dataset.favourite).toBeUndefined();
    expect(api.sent[0]).toMatchObject({ body: { id: 'dice', favourite: false } });
    await act(async () => api.release());
    await waitFor(() => expect(screen.getByTestId('game-tile').dataset.favourite).toBe('true'));
    expect(
      await screen.findByText('Your favourites could not be updated (Dice). Please try again.'),
    ).toBeTruthy();
  });
});
