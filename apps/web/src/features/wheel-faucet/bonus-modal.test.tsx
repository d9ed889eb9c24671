import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { events } from '../../lib/events';
import { useAppStore } from '../../lib/store';
import { useToastStore } from '../../ui';
import { BonusModalBody } from './bonus-modal';

const DATA = {
  model: { tickets: 1 },
  promocodes: [],
  prizes: [
    { usd: '0.1', value: '0.1', weight: 40 },
    { usd: '0.25', value: '0.25', weight: 25 },
    { usd: '0.5', value: '0.5', weight: 17 },
    { usd: '1', value: '1', weight: 10 },
    { usd: '2.5', value: '1', weight: 6 },
    { usd: '5', value: '1', weight: 2 },
  ],
  currency: 'usdt',
  maxReward: '1',
};
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(spin: () => Response) {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    urls.push(url);
    if (url.endsWith('/api/promocode/ticket/data')) return reply(200, DATA);
    if (url.endsWith('/api/promocode/ticket/spin')) return spin();
    return reply(404, { code: 'not_found', message: 'Not found.' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BonusModalBody />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

const toasts = () => useToastStore.getState().toasts.map((t) => t.text);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ user: null });
});

describe('the bonus modal (spec 1)', () => {
  it('shows the tickets, the 12 segments, the tooltip and the published chances', async () => {
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't' } });
    mount(() => reply(500, {}));
    await waitFor(() => expect(screen.getByTestId('wheel-tickets').textContent).toBe('1 ticket'));
    expect(screen.getByRole('tooltip').textContent).toBe(
      'Every player gets one spin after registration; more spins come from special promo codes.',
    );
    expect(document.querySelectorAll('.bwheel__seg')).toHaveLength(12);
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByText('2.0%')).toBeTruthy();
  });

  it.each([
    [3, 'Use available deposit bonus before spinning the wheel.'],
    [1, "You don't have enough tickets to spin the wheel."],
    ['self_excluded', "You don't have enough tickets to spin the wheel."],
  ])('a failed spin with code %s shows the spec text', async (code, text) => {
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't' } });
    mount(() => reply(code === 'self_excluded' ? 403 : 422, { code, message: 'server text' }));
    await waitFor(() => expect(screen.getByTestId('wheel-tickets').textContent).toBe('1 ticket'));
    fireEvent.click(screen.getByTestId('wheel-spin'));
    await waitFor(() => expect(toasts()).toEqual([text]));
    expect((screen.getByTestId('wheel-spin') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a guest pressing Spin gets the login modal and spins nothing', async () => {
    const asked = vi.fn();
    const off = events.on('open-auth', asked);
    const urls = mount(() => reply(200, {}));
    await waitFor(() => expect(screen.getByTestId('wheel-tickets').textContent).toBe('1 ticket'));
    fireEvent.click(screen.getByTestId('wheel-spin'));
    expect(asked).toHaveBeenCalledWith({ mode: 'auth' });
    expect(urls.some((u) => u.endsWith('/ticket/spin'))).toBe(false);
    off();
  });
});
