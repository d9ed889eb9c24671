import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BetOverview } from '@nebula/contracts';
import '../../lib/i18n';
import { ModalHost, closeAllModals } from '../../ui';
import { BetOverviewView, openBetOverviewPopup } from './bet-overview';
import { SAMPLE_MINES_OVERVIEW, SAMPLE_OVERVIEW } from './sample-overview';

function renderView(data: BetOverview) {
  return render(
    <MemoryRouter>
      <BetOverviewView data={data} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.restoreAllMocks();
});

describe('BetOverviewView', () => {
  it('shows a revealed bet: title and id, player, amounts, seeds and the verify link', () => {
    renderView(SAMPLE_OVERVIEW);
    expect(screen.getByText('Dice')).toBeTruthy();
    expect(screen.getByText('#35')).toBeTruthy();
    expect(screen.getByTestId('bet-overview-multiplier').textContent).toBe('1.98019800×');
    expect(screen.getByText('0.0001')).toBeTruthy();
    expect(screen.getByText('0.00019801')).toBeTruthy();
    expect(screen.getByTestId('bet-overview-profit').textContent).toContain('+0.00009801');
    expect(screen.getByTestId('bet-overview-profit').className).toContain('is-win');
    expect(screen.getByText(SAMPLE_OVERVIEW.info.server_seed!)).toBeTruthy();
    expect(screen.getByText(SAMPLE_OVERVIEW.info.server_seed_hash)).toBeTruthy();
    expect(screen.getByText(SAMPLE_OVERVIEW.info.client_seed)).toBeTruthy();
    expect(screen.queryByTestId('bet-overview-unrevealed')).toBeNull();
    const verify = screen.getByTestId('bet-overview-verify').getAttribute('href')!;
    expect(verify).toMatch(
      /^\/fairness\?verify=dice-4a69f396.*-473aa8851b26795a37817b00-0&params=.+&edge=100$/,
    );
    expect(screen.getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(
      encodeURIComponent('/?game=dice-35'),
    );
    expect(screen.getByRole('link', { name: 'Share on Telegram' })).toBeTruthy();
    expect(screen.queryByTestId('bet-overview-decisions')).toBeNull();
  });

  it('links an extended round to the verifier with its decisions', () => {
    renderView(SAMPLE_MINES_OVERVIEW);
    expect(screen.getByText('Mines')).toBeTruthy();
    expect(screen.getByTestId('bet-overview-decisions').textContent).toBe('3 decisions, replayed by Verify');
    const verify = screen.getByTestId('bet-overview-verify').getAttribute('href')!;
    expect(verify).toMatch(/^\/fairness\?verify=mines-4a69f396.*-1&params=.+&edge=100&actions=.+$/);
    const actions = new URL(verify, 'http://x').searchParams.get('actions')!;
    expect(JSON.parse(Buffer.from(actions, 'base64url').toString('utf8'))).toEqual([
      { cell: 7 },
      { cell: 14 },
      { cell: 0 },
    ]);
  });

  it('opens the profile popup through its window event when the name is clicked', () => {
    const seen: string[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<{ id: string }>).detail.id);
    window.addEventListener('open-profile', listener);
    renderView(SAMPLE_OVERVIEW);
    fireEvent.click(screen.getByRole('button', { name: 'player' }));
    window.removeEventListener('open-profile', listener);
    expect(seen).toEqual([SAMPLE_OVERVIEW.user._id]);
  });

  it('hides the player of a private bet', () => {
    renderView({
      ...SAMPLE_OVERVIEW,
      user: { _id: null, name: 'Hidden', private_bets: true },
      info: { ...SAMPLE_OVERVIEW.info, user: '' },
    });
    expect(screen.getByTestId('bet-overview-player').textContent).toContain('Hidden');
    expect(screen.queryByRole('button', { name: 'player' })).toBeNull();
    expect(screen.queryByText('player')).toBeNull();
  });

  it('says the server seed is not revealed yet and offers no verify link', () => {
    renderView({
      ...SAMPLE_OVERVIEW,
      info: {
        ...SAMPLE_OVERVIEW.info,
        server_seed: null,
        nonce: -1,
        status: 'lose',
        multiplier: '0.00000000',
        payout: '0',
        profit: '-0.0001',
      },
    });
    expect(screen.getByTestId('bet-overview-unrevealed').textContent).toBe(
      'Not revealed yet — rotate your seed pair to verify',
    );
    expect(screen.queryByTestId('bet-overview-verify')).toBeNull();
    expect(screen.getByTestId('bet-overview-profit').textContent).toContain('-0.0001');
    expect(screen.getByTestId('bet-overview-profit').className).toContain('is-loss');
  });
});

describe('the popup', () => {
  function renderHost() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ModalHost />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('loads the bet with the Info whisper over HTTP when the socket is down', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(SAMPLE_OVERVIEW), { status: 200 }));
    renderHost();
    act(() => openBetOverviewPopup('35'));
    expect(screen.getByTestId('bet-overview-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('bet-overview')).toBeTruthy());
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toContain('/api/whisper');
    expect(JSON.parse(String(init?.body))).toEqual({ event: 'Info', data: { game_id: '35' } });
  });

  it('shows the nonce Info gives while the seed is still secret (no other call), and — for -1', async () => {
    const secret = { ...SAMPLE_OVERVIEW, info: { ...SAMPLE_OVERVIEW.info, server_seed: null, nonce: 7 } };
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify(secret), { status: 200 })));
    renderHost();
    act(() => openBetOverviewPopup('35'));
    const nonce = await screen.findByText('7');
    expect(nonce.tagName).toBe('CODE');
    expect(fetchSpy.mock.calls.every(([url]) => String(url).includes('/api/whisper'))).toBe(true);
    // An answer without a nonce (an older server's -1) reads '—'.
    act(() => closeAllModals());
    fetchSpy.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ ...secret, info: { ...secret.info, nonce: -1 } }), { status: 200 }),
      ),
    );
    act(() => openBetOverviewPopup('36'));
    await waitFor(() => expect(screen.getByTestId('bet-overview')).toBeTruthy());
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('shows not found for an unknown bet', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 'bet_not_found', message: 'No such bet.' }), { status: 404 }),
    );
    renderHost();
    act(() => openBetOverviewPopup('999'));
    await waitFor(() => expect(screen.getByTestId('bet-overview-not-found')).toBeTruthy());
    expect(screen.getByText('Bet not found')).toBeTruthy();
  });
});
