import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@nebula/contracts';
import { balanceModificationEventRef, isEventData } from '@nebula/contracts/constants';
import { useAppStore } from '../../lib/store';
import {
  BALANCE_FLASH_MS,
  bindBalanceEvents,
  resetWalletLive,
  useWalletLive,
  type BalanceEventSource,
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

/** Delivers like RealtimeClient.on: by the reference's name, only data that passes its guard. */
function fakeClient() {
  const handlers = new Map<string, Handler>();
  const on: BalanceEventSource['on'] = (ref, handler) => {
    handlers.set(ref.name, (data) => {
      if (isEventData(ref, data)) handler(data, { channel: 'User.u1', event: ref.name, data });
    });
    return () => void handlers.delete(ref.name);
  };
  return {
    on,
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

  it('takes only payloads of the contract (generated guard)', () => {
    const valid = { currency: 'btc', balance: '1', demo_balance: '0', bonus: '0', delay: 0 };
    expect(isEventData(balanceModificationEventRef, valid)).toBe(true);
    expect(isEventData(balanceModificationEventRef, { ...valid, balance: 1 })).toBe(false);
    expect(isEventData(balanceModificationEventRef, { ...valid, balance: '1e3' })).toBe(false);
    expect(isEventData(balanceModificationEventRef, { ...valid, bonus: undefined })).toBe(false);
    expect(isEventData(balanceModificationEventRef, null)).toBe(false);
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
