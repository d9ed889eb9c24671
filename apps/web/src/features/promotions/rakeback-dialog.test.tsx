import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { events } from '../../lib/events';
import { useAppStore } from '../../lib/store';
import { closeAllModals, ModalHost, useToastStore } from '../../ui';
import { openRakeback } from './rakeback-dialog';

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PROGRAMME = {
  percent: '7',
  level: 3,
  cooldownHours: 4,
  settlesAt: '2030-01-01T00:00:00.000Z',
  nextClaimAt: null,
  levels: [],
};

afterEach(() => {
  cleanup();
  closeAllModals();
  vi.restoreAllMocks();
  useAppStore.setState({ user: null });
  useToastStore.setState({ toasts: [] } as never);
});

const toastTexts = () => useToastStore.getState().toasts.map((t) => String(t.text));

describe('the Rakeback dialog', () => {
  it('shows the rate and the claimable amount, claims with the spec text, then shows the cooldown text', async () => {
    let value = '0.05';
    let claims = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/data/rakeback')) return reply({ rakeback: [{ id: 'usdt', value }] });
      if (url.endsWith('/api/data/promotions/rakeback')) return reply(PROGRAMME);
      if (url.endsWith('/api/data/claimRakeback')) {
        claims += 1;
        if (claims === 1) {
          value = '0';
          return reply({ message: 'Available cashback is claimed successfully', rakeback: [] });
        }
        return reply({ code: 1, message: 'You can collect cashback after 4 hours' }, 422);
      }
      return reply({});
    });
    useAppStore.setState({ user: { _id: 'u1', name: 'p', roles: [], token: 't' } as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ModalHost />
      </QueryClientProvider>,
    );
    act(() => openRakeback());
    await waitFor(() =>
      expect(screen.getByTestId('rakeback-percent').textContent).toBe('7% of the house edge'),
    );
    await waitFor(() => expect(screen.getByTestId('rakeback-usdt').textContent).toContain('0.05'));
    fireEvent.click(screen.getByTestId('rakeback-claim'));
    await waitFor(() => expect(toastTexts()).toContain('Available cashback is claimed successfully'));
    // The list reloads: nothing left, the button is disabled.
    await waitFor(() => expect(screen.getByTestId('rakeback-claim')).toHaveProperty('disabled', true));

    value = '0.01';
    await act(() => client.invalidateQueries({ queryKey: ['rakeback'] }));
    await waitFor(() => expect(screen.getByTestId('rakeback-claim')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('rakeback-claim'));
    await waitFor(() => expect(toastTexts()).toContain('You can collect cashback after 4 hours'));
  });

  it('asks a guest to sign in instead', () => {
    const emit = vi.spyOn(events, 'emit');
    openRakeback();
    expect(emit).toHaveBeenCalledWith('open-auth', { mode: 'auth' });
    expect(screen.queryByTestId('rakeback-dialog')).toBeNull();
  });
});
