import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import { crashPointFromHash, formatHundredths, generateChain, hashFromCheckpoints } from '@nebula/games';
import '../../lib/i18n';
import { useAppStore, type StoredUser } from '../../lib/store';
import { registerFrameTexts } from '../frame/frame-texts';
import { FakeClient, answer, bet, result, snapshot } from './test-fixtures';

const client = new FakeClient();
vi.mock('../../lib/realtime-provider', () => ({ useRealtime: () => client }));

const api = vi.hoisted(() => ({
  state: vi.fn(),
  bet: vi.fn(),
  cashOut: vi.fn(),
  cancel: vi.fn(),
  history: vi.fn(),
}));
vi.mock('./crash-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./crash-api')>()),
  crashApi: api,
}));

const { default: crashUi } = await import('./index');
const { CrashRoundPanel } = await import('./crash-round-modal');

registerFrameTexts();

const usdt: Currency = {
  id: 'usdt',
  name: 'USDT',
  icon: '',
  style: '#26a17b',
  decimals: 8,
  price: 1,
  priceEur: 0.92,
  balance: { real: '25', demo: '0' },
  walletId: null,
  chains: [],
};
const user: StoredUser = { _id: 'u1', name: 'me', roles: [], token: 't' };

function renderWithProviders(node: React.ReactNode) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function renderCrash() {
  const Page = crashUi.Page;
  return renderWithProviders(<Page />);
}

const board = () => screen.getByTestId('crash-board');
const button = () => screen.getByTestId('bet-button');
const rows = () => screen.queryAllByTestId('crash-player-row');

beforeEach(() => {
  useAppStore.setState({ user, demo: false, currency: 'usdt', currencies: { usdt }, windowWidth: 1440 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  api.state.mockResolvedValue(
    snapshot({
      bets: [bet('u2', { wager: '3' })],
      history: [result('6', '1.37'), result('5', '24.10'), result('4', '2.00')],
    }),
  );
  api.bet.mockImplementation((input: { bet: string }) =>
    Promise.resolve(
      answer('u1', 'in-progress', {
        bet: { wager: input.bet, user: { ...answer('u1').game.bet.user, name: 'me' } },
      }),
    ),
  );
  api.cashOut.mockResolvedValue(
    answer('u1', 'win', { bet: { multiplier: '1.50', payout: '1.5', profit: '0.5' }, canBeCancelled: false }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('crash page', () => {
  it('is a multiplayer page for the id crash', () => {
    expect(crashUi).toMatchObject({ id: 'crash', kind: 'multiplayer' });
  });

  it('shows the betting timer, the players, the last rounds and the real balance', async () => {
    renderCrash();
    await waitFor(() => expect(board().dataset.phase).toBe('betting'));
    expect(board().dataset.round).toBe('7');
    expect(screen.getByTestId('crash-timer').dataset.level).toBe('calm');
    expect(rows().map((row) => row.dataset.name)).toEqual(['name-u2']);
    const pills = screen.getAllByTestId('crash-pill');
    expect(pills.map((pill) => [pill.textContent, pill.className.includes('--high')])).toEqual([
      ['1.37x', false],
      ['24.10x', true],
      ['2.00x', false],
    ]);
    expect(screen.getByTestId('frame-balance').textContent).toContain('25');
    expect(button().dataset.label).toBe('bet');
    expect(button().textContent).toBe('Bet');

    // 8 s left: orange; 4 s left: red (spec 3 section 9).
    act(() => client.timerStart('7', 0, 8_000));
    expect(screen.getByTestId('crash-timer').dataset.level).toBe('warn');
    act(() => client.timerStart('7', 0, 4_000));
    expect(screen.getByTestId('crash-timer').dataset.level).toBe('danger');
  });

  it('bets with the target, then cashes out while the round runs', async () => {
    renderCrash();
    await waitFor(() => expect(button().dataset.label).toBe('bet'));
    fireEvent.change(screen.getByTestId('wager-input'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('crash-target'), { target: { value: '3' } });
    expect(screen.getByTestId('profit-on-win').textContent).toBe('2.00000000');
    fireEvent.click(button());
    await waitFor(() => expect(button().dataset.label).toBe('cancel'));
    expect(api.bet).toHaveBeenCalledWith({ bet: '1', currency: 'usdt', demo: false, autoCashOut: 300 });
    expect(rows().find((row) => row.dataset.own)?.dataset.name).toBe('me');

    act(() => {
      client.running('7');
      client.update('7', 7_000, '1.52', [
        { user: 'u2', multiplier: '1.50', payout: '4.5', currency: 'usdt' },
      ]);
    });
    expect(board().dataset.phase).toBe('running');
    expect(button().dataset.label).toBe('cashout');
    expect(screen.getByTestId('crash-cashout-label').textContent).toMatch(/^Cash out 1\.\d+$/);
    const other = rows().find((row) => row.dataset.name === 'name-u2');
    expect(other?.dataset.status).toBe('cashed_out');
    expect(other?.className).toContain('is-cashed');
    expect(other?.textContent).toContain('1.50x');

    fireEvent.click(button());
    await waitFor(() => expect(screen.getByTestId('crash-badge').dataset.kind).toBe('win'));
    expect(api.cashOut).toHaveBeenCalledWith('7');
    expect(button().dataset.label).toBe('queue');
    expect(screen.getAllByTestId('history-row').map((row) => row.dataset.multiplier)).toEqual(['1.50']);
  });

  it('shows the bust in red with the crash point and adds it to the strip', async () => {
    renderCrash();
    await waitFor(() => expect(board().dataset.phase).toBe('betting'));
    act(() => {
      client.running('7');
      client.finished('7', '3.21');
    });
    expect(board().dataset.phase).toBe('busted');
    expect(screen.getByTestId('crash-multiplier').textContent).toBe('3.21x');
    expect(screen.getByText('Crashed')).toBeTruthy();
    expect(screen.getAllByTestId('crash-pill')[0]?.dataset.round).toBe('7');
    expect(rows()[0]?.dataset.status).toBe('lost');
  });

  it('switches the auto cash-out off and back on to the last target', async () => {
    renderCrash();
    const target = () => screen.getByTestId('crash-target') as HTMLInputElement;
    const toggle = () => screen.getByTestId('crash-target-toggle');
    await waitFor(() => expect(target().value).toBe('2.00'));
    fireEvent.change(target(), { target: { value: '4.5' } });
    fireEvent.blur(target());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle());
    expect(target().value).toBe('');
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('profit-on-win').textContent).toBe('0.00000000');
    fireEvent.click(toggle());
    expect(target().value).toBe('4.50');
    fireEvent.change(target(), { target: { value: '0.5' } });
    expect(target().getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(target());
    expect(target().value).toBe('4.50');
  });

  it('tells players in fun mode that crash takes real bets only', async () => {
    useAppStore.setState({ demo: true });
    renderCrash();
    expect((await screen.findByTestId('block-reason')).textContent).toBe(
      'Crash is played with your real balance only.',
    );
  });
});

describe('round proof', () => {
  it('recomputes the crash point and walks the hash to the published terminating hash', async () => {
    const chain = generateChain('b'.repeat(64), 12, 4);
    const hash = hashFromCheckpoints(chain.checkpoints, chain.length, 5);
    const point = formatHundredths(crashPointFromHash(hash, 'pepper', 100, 'hmac32'));
    api.history.mockResolvedValue({
      rounds: [result('40', point, { hash, chainIndex: 5 })],
      chains: [
        {
          id: 1,
          terminatingHash: chain.terminatingHash,
          length: 12,
          scheme: 'hmac32',
          salt: 'pepper',
          publishedAt: '2026-01-01T00:00:00.000Z',
          saltFixedAt: '2026-01-01T00:01:00.000Z',
        },
      ],
    });
    renderWithProviders(<CrashRoundPanel id="40" />);
    await waitFor(() =>
      expect(screen.getAllByTestId('crash-check').map((el) => el.dataset.state)).toEqual(['ok', 'ok']),
    );
    expect(api.history).toHaveBeenCalledWith('41', 1);
    expect(screen.getByTestId('crash-round-hash').textContent).toBe(hash);
  });

  it('flags a crash point or a hash that does not match', async () => {
    const chain = generateChain('c'.repeat(64), 8, 2);
    const hash = hashFromCheckpoints(chain.checkpoints, chain.length, 3);
    api.history.mockResolvedValue({
      rounds: [result('9', '999.99', { hash, chainIndex: 4 })],
      chains: [
        {
          id: 1,
          terminatingHash: chain.terminatingHash,
          length: 8,
          salt: 'pepper',
          publishedAt: '2026-01-01T00:00:00.000Z',
          saltFixedAt: null,
        },
      ],
    });
    renderWithProviders(<CrashRoundPanel id="9" />);
    await waitFor(() =>
      expect(screen.getAllByTestId('crash-check').map((el) => el.dataset.state)).toEqual(['bad', 'bad']),
    );
  });
});
