/**
 * `BalanceModification {currency, balance, demo_balance, bonus, delay}` on the player's private
 * channel (spec 2 "Balance events"): after `delay` ms the store's currency entry takes the new real
 * and demo balances, the usable bonus of that currency is kept here, and the header balance flashes
 * green (up) or red (down) for 1 s. Small and eager: the header uses it on the first visit.
 */
import { create } from 'zustand';
import { balanceModificationEventRef, type RefData } from '@nebula/contracts/constants';
import type { RealtimeClient } from '../../lib/realtime';
import { useAppStore } from '../../lib/store';
import { toAtomic } from './wallet-math';

export const BALANCE_FLASH_MS = 1000;
/** A server delay above this is not waited for (a bad value must not freeze the balance). */
const MAX_DELAY_MS = 10_000;

export type BalanceModification = RefData<typeof balanceModificationEventRef>;

export type FlashDirection = 'up' | 'down';

interface WalletLiveState {
  /** Usable bonus per currency (decimal strings), from the latest balance events. */
  bonus: Record<string, string>;
  /** Currency -> the direction of its latest change, for 1 s. */
  flash: Record<string, { direction: FlashDirection; at: number }>;
}

export const useWalletLive = create<WalletLiveState>()(() => ({ bonus: {}, flash: {} }));

const flashTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Applies one event now: store entry, bonus, and the flash when the visible total moved. */
export function applyBalanceModification(event: BalanceModification, now = Date.now()): void {
  const store = useAppStore.getState();
  const current = store.currencies[event.currency];
  const live = useWalletLive.getState();
  const decimals = current?.decimals ?? 8;
  const usesDemo = store.demo;
  const before = current
    ? toAtomic(usesDemo ? current.balance.demo : current.balance.real, decimals) +
      (usesDemo ? 0n : toAtomic(live.bonus[event.currency], decimals))
    : null;
  const after =
    toAtomic(usesDemo ? event.demo_balance : event.balance, decimals) +
    (usesDemo ? 0n : toAtomic(event.bonus, decimals));

  if (current) {
    store.setCurrencies({
      ...store.currencies,
      [event.currency]: { ...current, balance: { real: event.balance, demo: event.demo_balance } },
    });
  }
  const bonus = { ...live.bonus, [event.currency]: event.bonus };
  if (before === null || before === after) {
    useWalletLive.setState({ bonus });
    return;
  }
  const direction: FlashDirection = after > before ? 'up' : 'down';
  useWalletLive.setState({ bonus, flash: { ...live.flash, [event.currency]: { direction, at: now } } });
  clearTimeout(flashTimers.get(event.currency));
  flashTimers.set(
    event.currency,
    setTimeout(() => {
      flashTimers.delete(event.currency);
      const { [event.currency]: _gone, ...rest } = useWalletLive.getState().flash;
      useWalletLive.setState({ flash: rest });
    }, BALANCE_FLASH_MS),
  );
}

/** What bindBalanceEvents needs of the realtime client (its `on` delivers guarded data only). */
export type BalanceEventSource = Pick<RealtimeClient, 'on'>;

/** Listens for balance events on `client`; returns the unsubscribe function. */
export function bindBalanceEvents(client: BalanceEventSource): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const off = client.on(balanceModificationEventRef, (data) => {
    const delay = Math.min(Math.max(0, Number(data.delay) || 0), MAX_DELAY_MS);
    if (delay === 0) {
      applyBalanceModification(data);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      applyBalanceModification(data);
    }, delay);
    timers.add(timer);
  });
  return () => {
    off();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

/** Forgets the bonus and flashes (sign-out, tests). */
export function resetWalletLive(): void {
  for (const timer of flashTimers.values()) clearTimeout(timer);
  flashTimers.clear();
  useWalletLive.setState({ bonus: {}, flash: {} });
}
