import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/store';
import { useToastStore } from '../../ui';
import { FaucetPage } from './faucet-page';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(claim: () => Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/promocode/bonus')) return claim();
    if (url.endsWith('/api/promocode/ticket/data'))
      return reply(200, {
        model: { tickets: 0 },
        promocodes: [],
        prizes: [],
        currency: 'usdt',
        maxReward: '1',
      });
    return reply(404, { code: 'not_found', message: 'Not found.' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FaucetPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const status = () => screen.getByTestId('faucet-status').textContent;
const button = () => screen.getByTestId('faucet-claim') as HTMLButtonElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
  useAppStore.setState({ user: null });
});

describe('the faucet (spec 2 section 5)', () => {
  it('counts down to the next claim from Me and keeps the button disabled', () => {
    const at = new Date(Date.now() + 2 * 3600_000 - 5_000).toISOString();
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't', bonus_claim: at } });
    mount(() => reply(500, {}));
    expect(status()).toBe('Available in 2 hours');
    expect(button().disabled).toBe(true);
  });

  it('code 2: the deposit message, a Deposit button, and the claim button enabled again', async () => {
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't', bonus_claim: null } });
    mount(() => reply(422, { code: 2, message: 'server text' }));
    expect(status()).toBe('Available');
    fireEvent.click(button());
    expect(status()).toBe('Spinning...');
    expect(button().disabled).toBe(true);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual([
        'A deposit is required to use the faucet. Make a deposit and come back.',
      ]),
    );
    expect(status()).toBe('Available');
    expect(button().disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
  });
});
