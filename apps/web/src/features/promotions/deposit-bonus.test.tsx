import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBonuses } from '../../lib/bonus';
import { useAppStore } from '../../lib/store';
import { closeAllModals, ModalHost } from '../../ui';
import { PromotionsPage } from './promotion-pages';

const MODEL = {
  _id: 'welcome',
  name: 'First deposit bonus',
  description: 'Matched.',
  max: '500',
  multiplier: 10,
  percent: 100,
  minDeposit: '10',
  expiryDays: 30,
};
const BONUS = {
  _id: 'b1',
  currency: 'usdt',
  value: '12.5',
  frozenValue: '0',
  source: 'deposit',
  amount: '20',
  wagering: { required: '200', done: '50' },
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PromotionsPage />
        <ModalHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  closeAllModals();
  vi.restoreAllMocks();
  useBonuses.setState({ bonuses: {} });
  useAppStore.setState({ user: null });
});

describe('the promotions page bonus section', () => {
  it('shows the offer, opts in, and lists an active bonus with its wagering and the cancel question', async () => {
    const urls: string[] = [];
    let checkedIn = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      urls.push(url);
      if (url.endsWith('/api/data/promotions/depositBonus'))
        return json({ model: MODEL, state: { checkedIn } });
      if (url.endsWith('/api/data/promotions/depositOptIn')) {
        checkedIn = true;
        return json({ success: true });
      }
      if (url.endsWith('/api/bonusBalance')) return json([BONUS]);
      if (url.endsWith('/api/data/promotions/summary'))
        return json({
          signedIn: true,
          depositBonus: { model: MODEL, state: { checkedIn } },
          codes: [],
          race: null,
          wheel: null,
          faucet: null,
          rakeback: null,
          vip: null,
        });
      return json({});
    });
    useAppStore.setState({ user: { _id: 'u1', name: 'p' } as never });
    mount();
    const banner = await screen.findByTestId('deposit-bonus-banner');
    expect(banner.textContent).toContain('Wager x10');
    expect(await screen.findByTestId('bonus-value')).toHaveProperty('textContent', '12.50 USDT');
    expect(screen.getByTestId('bonus-wagering').textContent).toBe('50.00 / 200.00 USDT');
    fireEvent.click(screen.getByTestId('bonus-get'));
    fireEvent.click(await screen.findByTestId('bonus-opt-in'));
    await screen.findByTestId('bonus-opted-in');
    expect(urls.some((u) => u.endsWith('/api/data/promotions/depositOptIn'))).toBe(true);
    closeAllModals();
    fireEvent.click(screen.getByTestId('bonus-cancel'));
    await waitFor(() =>
      expect(screen.getByTestId('bonus-cancel-confirm').textContent).toContain(
        "Are you sure? You won't be able to get this bonus again unless the promotion states otherwise.",
      ),
    );
  });
});
