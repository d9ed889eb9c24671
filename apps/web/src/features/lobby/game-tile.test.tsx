import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { ModalHost, closeAllModals } from '../../ui';
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
    </MemoryRouter>,
  );
}

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
});

describe('GameTile', () => {
  it('links a launchable game to its page and marks favourites', () => {
    renderTile({ ...base, isFavorite: true });
    const tile = screen.getByTestId('game-tile');
    expect(tile.getAttribute('href')).toBe('/casino/game/dice');
    expect(tile.dataset.favourite).toBe('true');
    expect(screen.getAllByText('Favourite').length).toBeGreaterThan(0);
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
});
