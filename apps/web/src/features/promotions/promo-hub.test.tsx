import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PromotionsSummary } from '@nebula/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/store';
import { closeAllModals, ModalHost, ToastHost } from '../../ui';
import { RewardsPage } from './promotion-pages';
import { availability } from './promo-hub';

const SUMMARY: PromotionsSummary = {
  signedIn: true,
  depositBonus: null,
  codes: [
    {
      _id: '7',
      code: 'WELCOME10',
      description: 'Ten for new players.',
      type: 'real',
      currency: 'usdt',
      value: '10',
      multiplier: 0,
      expiresAt: null,
      usesLeft: 3,
      vipLevel: 0,
      used: false,
    },
  ],
  race: null,
  wheel: { topPrizeUsd: '1', currency: 'usdt', tickets: 2 },
  faucet: { maxUsd: '0.02', cooldownHours: 24, nextClaimAt: null, deposited: true },
  rakeback: {
    percent: '5',
    topPercent: '15',
    claimable: [{ id: 'usdt', value: '0.125' }],
    nextClaimAt: null,
  },
  vip: { levels: 10, me: { level: 1, name: 'Bronze', next: 'Silver', progress: 40 } },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function mount(summary: PromotionsSummary) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).endsWith('/api/data/promotions/summary') ? json(summary) : json({}),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RewardsPage />
        <ModalHost />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  closeAllModals();
  vi.restoreAllMocks();
  useAppStore.setState({ user: null });
});

describe('the live programmes (/rewards)', () => {
  it('a player sees their own state; programmes the summary leaves out are not shown', async () => {
    useAppStore.setState({ user: { _id: 'u1', name: 'p' } as never });
    mount(SUMMARY);
    expect((await screen.findByTestId('hub-wheel-tickets')).textContent).toContain('2 tickets');
    expect(screen.getByTestId('hub-rakeback-claimable').textContent).toBe('0.125 USDT');
    expect(screen.getByTestId('hub-faucet-status').textContent).toBe('Available');
    expect(screen.getByTestId('hub-vip-me').textContent).toContain('40% to Silver');
    expect(screen.getByTestId('hub-stat-tickets').textContent).toContain('2');
    expect(screen.queryByTestId('hub-race')).toBeNull();
    expect(screen.queryByTestId('hub-deposit')).toBeNull();
    expect(screen.queryByTestId('hub-wheel-signin')).toBeNull();
  });

  it('a guest sees the programmes with sign-in calls to action instead of state', async () => {
    mount({
      ...SUMMARY,
      signedIn: false,
      wheel: { ...SUMMARY.wheel!, tickets: null },
      rakeback: { ...SUMMARY.rakeback!, claimable: null },
      vip: { levels: 10, me: null },
    });
    expect(await screen.findByTestId('hub-wheel-signin')).toBeTruthy();
    expect(screen.getByTestId('hub-rakeback').textContent).toContain('Up to 15% of the house edge');
    expect(screen.queryByTestId('hub-wheel-tickets')).toBeNull();
    expect(screen.queryByTestId('hub-stats')).toBeNull();
    fireEvent.click(screen.getByTestId('hub-faucet-signin'));
  });

  it("the faucet's status reads as the spec's 'Available in N seconds/minutes/hours'", () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(availability(null, now)).toBe('Available');
    expect(availability('2030-01-01T00:00:30Z', now)).toBe('Available in 30 seconds');
    expect(availability('2030-01-01T00:10:00Z', now)).toBe('Available in 10 minutes');
    expect(availability('2030-01-01T05:00:00Z', now)).toBe('Available in 5 hours');
  });
});
