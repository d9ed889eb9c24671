import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import { useAppStore } from '../../lib/store';
import {
  BALANCE_FLASH_MS,
  bindBalanceEvents,
  isBalanceModification,
  resetWalletLive,
  useWalletLive,
} from './balance-events';

const btc: Currency = {
  id: 'btc',
  name: 'Bitcoin',
  icon: '',
  style: '#f7931a',
  decimals: 8,
  price: 50_000,
  priceEur: 46_000,
  balance: { real: '0.5', demo: '1' },
  walletId: null,
  chains: [{ id: 'btc', name: 'Bitcoin' }],
};

type Handler = (data: unknown) => void;

function fakeClient() {
  const handlers = new Map<string, Handler>();
  return {
    on: (event: string, handler: Handler) => {
      handlers.set(event, handler);
      return () => void handlers.delete(event);
    },
    fire: (data: unknown) => handlers.get('BalanceModification')?.(data),
    count: () => handlers.size,
  };
}

describe('BalanceModification', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAppStore.setState({ currencies: { btc }, demo: false });
    resetWalletLive();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('validates the payload', () => {
    expect(
      isBalanceModification({ currency: 'btc', balance: '1', demo_balance: '0', bonus: '0', delay: 0 }),
    ).toBe(true);
    expect(isBalanceModification({ currency: 'btc', balance: 1, demo_balance: '0' })).toBe(false);
    expect(isBalanceModification({ currency: 'btc', balance: '-1', demo_balance: '0' })).toBe(false);
    expect(isBalanceModification(null)).toBe(false);
  });

  it('updates the store entry and flashes green for 1 s on an increase', () => {
    const client = fakeClient();
    const off = bindBalanceEvents(client);
    client.fire({ currency: 'btc', balance: '0.75', demo_balance: '1', bonus: '0.01', delay: 0 });
    expect(useAppStore.getState().currencies.btc!.balance).toEqual({ real: '0.75', demo: '1' });
    expect(useWalletLive.getState().bonus.btc).toBe('0.01');
    expect(useWalletLive.getState().flash.btc?.direction).toBe('up');
    vi.advanceTimersByTime(BALANCE_FLASH_MS);
    expect(useWalletLive.getState().flash.btc).toBeUndefined();
    off();
    expect(client.count()).toBe(0);
  });

  it('flashes red on a decrease and waits for the delay', () => {
    const client = fakeClient();
    bindBalanceEvents(client);
    client.fire({ currency: 'btc', balance: '0.1', demo_balance: '1', bonus: '0', delay: 500 });
    expect(useAppStore.getState().currencies.btc!.balance.real).toBe('0.5');
    vi.advanceTimersByTime(500);
    expect(useAppStore.getState().currencies.btc!.balance.real).toBe('0.1');
    expect(useWalletLive.getState().flash.btc?.direction).toBe('down');
  });

  it('does not flash when the visible total did not move, and ignores junk', () => {
    const client = fakeClient();
    bindBalanceEvents(client);
    client.fire({ currency: 'btc', balance: '0.5', demo_balance: '2', bonus: '0', delay: 0 });
    expect(useWalletLive.getState().flash.btc).toBeUndefined();
    expect(useAppStore.getState().currencies.btc!.balance.demo).toBe('2');
    client.fire({ currency: 'btc', balance: 'NaN' });
    expect(useAppStore.getState().currencies.btc!.balance.real).toBe('0.5');
  });
});
