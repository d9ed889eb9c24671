import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import '../../lib/i18n';
import { events } from '../../lib/events';
import { useAppStore, type StoredUser } from '../../lib/store';
import { applyBalanceModification, resetWalletLive } from './balance-events';
import { HeaderWallet } from './header-wallet';

const coin = (id: string, name: string, real: string, price: number): Currency => ({
  id,
  name,
  icon: '',
  style: '#f7931a',
  decimals: 8,
  price,
  priceEur: price,
  balance: { real, demo: '0' },
  walletId: null,
  chains: [{ id, name }],
});

const user: StoredUser = {
  _id: 'u1',
  name: 'p',
  email: 'p@x.test',
  email_verified: true,
  roles: [],
  token: 't',
};

function renderWallet() {
  return render(<HeaderWallet />);
}

describe('HeaderWallet', () => {
  beforeEach(() => {
    resetWalletLive();
    useAppStore.setState({
      user,
      demo: false,
      fiatView: false,
      fiatCurrency: 'usd',
      currency: 'btc',
      currencies: {
        btc: coin('btc', 'Bitcoin', '0.12345678', 50_000),
        eth: coin('eth', 'Ethereum', '2', 3000),
        ltc: coin('ltc', 'Litecoin', '0', 90),
        doge: coin('doge', 'Dogecoin', '0', 0.3),
      },
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows real plus usable bonus to the currency's precision, and fiat in fiat view", () => {
    renderWallet();
    expect(screen.getByTestId('balance-amount').textContent).toBe('0.12345678');
    act(() =>
      applyBalanceModification({
        currency: 'btc',
        balance: '0.12345678',
        demo_balance: '0',
        bonus: '0.01',
        delay: 0,
      }),
    );
    expect(screen.getByTestId('balance-amount').textContent).toBe('0.13345678');
    act(() => useAppStore.setState({ fiatView: true }));
    expect(screen.getByTestId('balance-amount').textContent).toBe('$6,672.83');
  });

  it('shows 0.009 BTC as 0.009, never 0.00', () => {
    useAppStore.setState({ currencies: { btc: coin('btc', 'Bitcoin', '0.009', 97_000) } });
    renderWallet();
    expect(screen.getByTestId('balance-amount').textContent).toBe('0.009');
  });

  it('switches the fiat view and its currency from the foot of the currency picker, stored in the settings', () => {
    renderWallet();
    fireEvent.click(screen.getByRole('button', { name: 'Select currency' }));
    const toggle = screen.getByRole('switch', { name: 'Display amounts in fiat' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(useAppStore.getState().fiatView).toBe(true);
    // 0.12345678 BTC at 50,000: every balance of the list in fiat, the pill too.
    expect(screen.getByTestId('balance-amount').textContent).toBe('$6,172.83');
    expect(screen.getByTestId('fiat-balance-eth').textContent).toBe('$6,000.00');
    fireEvent.click(screen.getByRole('radio', { name: 'EUR' }));
    expect(useAppStore.getState().fiatCurrency).toBe('eur');
    expect(screen.getByTestId('balance-amount').textContent).toBe('€6,172.83');
    // The list stays open while switching (the choice is not a currency pick).
    expect(screen.getAllByRole('option')).toHaveLength(4);
    const stored = JSON.parse(localStorage.getItem('nebula:settings') ?? '{}') as {
      state?: { fiatView?: boolean; fiatCurrency?: string };
    };
    expect(stored.state).toMatchObject({ fiatView: true, fiatCurrency: 'eur' });
    fireEvent.click(screen.getByRole('switch', { name: 'Display amounts in fiat' }));
    expect(screen.getByTestId('balance-amount').textContent).toBe('0.12345678');
  });

  it('flashes on a balance event and lists every currency with search above 3 entries', () => {
    renderWallet();
    act(() =>
      applyBalanceModification({ currency: 'btc', balance: '1', demo_balance: '0', bonus: '0', delay: 0 }),
    );
    expect(screen.getByTestId('balance').dataset.flash).toBe('up');
    fireEvent.click(screen.getByRole('button', { name: 'Select currency' }));
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(screen.getByRole('searchbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /Ethereum/ }));
    expect(useAppStore.getState().currency).toBe('eth');
  });

  it('opens the wallet on Deposit, and is disabled with a tooltip while the email is unverified', () => {
    const opened = vi.fn();
    const off = events.on('open-wallet', opened);
    const { unmount } = renderWallet();
    fireEvent.click(screen.getByTestId('wallet-button'));
    expect(opened).toHaveBeenCalledWith({ tab: 'deposit' });
    unmount();
    off();
    act(() => useAppStore.setState({ user: { ...user, email_verified: false } }));
    renderWallet();
    expect((screen.getByTestId('wallet-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('wallet-button-wrap').title).toBe('Verify your email to use the wallet');
  });

  it("shows 'Fun Play' in demo mode", () => {
    useAppStore.setState({ demo: true });
    renderWallet();
    expect(screen.getByTestId('balance').textContent).toBe('Fun Play');
  });
});
