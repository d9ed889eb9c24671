import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import '../../lib/i18n';
import { useAppStore, type StoredUser } from '../../lib/store';
import type { BoardProps, GameUi } from '../types';
import { registerFrameTexts } from './frame-texts';

vi.mock('./play-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./play-api')>()),
  fetchGameData: vi.fn(() => Promise.reject(new Error('offline'))),
  sendPlay: vi.fn(),
}));

const { GameFrame } = await import('./game-frame');

const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;

registerFrameTexts();

type Params = { target: number };

function Board({ params }: BoardProps<Params, unknown>) {
  return <div data-testid="fake-board">{params.target}</div>;
}

const ui: GameUi<Params, unknown> = {
  id: 'dice',
  defaultParams: { target: 5050 },
  Board,
  blockReason: (params) => (params.target > 9000 ? 'Select cells!' : null),
};

const usdt: Currency = {
  id: 'usdt',
  name: 'Tether',
  icon: '',
  style: '#26a17b',
  decimals: 8,
  price: 1,
  priceEur: 0.92,
  balance: { real: '12.5', demo: '0' },
  walletId: null,
  chains: [],
};

const user: StoredUser = { _id: 'u1', name: 'p', roles: [], token: 't' };

function renderFrame(game: GameUi<Params, unknown> = ui) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GameFrame gameId="dice" ui={game as GameUi<unknown, unknown>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GameFrame', () => {
  beforeEach(() => {
    useAppStore.setState({ user, demo: false, currency: 'usdt', currencies: { usdt }, windowWidth: 1440 });
  });
  afterEach(() => cleanup());

  it('renders the board, the wager input at the currency precision and the Bet button', async () => {
    renderFrame();
    expect((await screen.findByTestId('fake-board')).textContent).toContain('5050');
    expect(valueOf(screen.getByTestId('wager-input'))).toBe('0.00000000');
    expect(screen.getByTestId('bet-button').textContent).toContain('Bet');
    expect(screen.getByTestId('frame-balance').textContent).toContain('12.5');
  });

  it('halves and doubles the wager and shows the profit on win of the best case', async () => {
    renderFrame();
    const input = await screen.findByTestId('wager-input');
    fireEvent.change(input, { target: { value: '0.00000003' } });
    fireEvent.click(screen.getByTestId('wager-half'));
    expect(valueOf(input)).toBe('0.00000002');
    fireEvent.click(screen.getByTestId('wager-double'));
    expect(valueOf(input)).toBe('0.00000004');
    fireEvent.change(input, { target: { value: '1' } });
    // No winMultiplier: the best case of dice over 50.50 at 1% edge, 0.99 * 10001 / 4950 = 2.0002x.
    expect(screen.getByTestId('profit-on-win').textContent).toBe('1.00020000');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('profit-on-win').textContent).toContain('0.00000000');
  });

  it("switches to auto: settings appear and the button reads 'Start'; 'Play' at 1200 px", async () => {
    renderFrame();
    fireEvent.click(await screen.findByTestId('auto-tab'));
    expect(screen.queryByTestId('auto-settings')).not.toBeNull();
    expect(valueOf(screen.getByTestId('auto-games-input'))).toBe('0');
    expect(screen.getByTestId('bet-button').textContent).toContain('Start');
    fireEvent.click(screen.getByTestId('manual-tab'));
    act(() => useAppStore.setState({ windowWidth: 1200 }));
    expect(screen.getByTestId('bet-button').textContent).toContain('Play');
  });

  it('resets the wager to zero at the new precision when the currency changes', async () => {
    renderFrame();
    const input = await screen.findByTestId('wager-input');
    fireEvent.change(input, { target: { value: '5' } });
    act(() =>
      useAppStore.setState({
        currency: 'eur',
        currencies: { usdt, eur: { ...usdt, id: 'eur', decimals: 2 } },
      }),
    );
    expect(valueOf(input)).toBe('0.00');
  });

  it('makes the wager read-only for stake games and shows the block reason', async () => {
    renderFrame({
      ...ui,
      defaultParams: { target: 9500 },
      stakes: { total: (p) => BigInt(p.target), scale: (p) => p, clear: () => ({ target: 0 }) },
    });
    const input = await screen.findByTestId('wager-input');
    expect(input.hasAttribute('readonly')).toBe(true);
    expect(valueOf(input)).toBe('0.00009500');
    expect(screen.getByTestId('block-reason').textContent).toContain('Select cells!');
  });
});
