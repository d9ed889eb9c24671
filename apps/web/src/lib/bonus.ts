/**
 * The signed-in player's bonus money (spec 2 "Bonus", spec 3 "updateBonus"): the bonuses by id as
 * POST /api/bonusBalance answers them, refreshed at sign-in, every 10 s and when a bonus turns into
 * real money (`BonusBalanceTransferred`), and the usable bonus of a currency the header adds to the
 * real balance (value minus frozenValue). Shared by the auth feature (which refreshes it), the wallet
 * (the header) and the promotions (the bonus list), so it lives here. Small and zod-free: eager.
 */
import type { bonusBalanceEndpoint, ResponseOf } from '@nebula/contracts';
import { bonusBalanceTransferredEventRef, type RefData } from '@nebula/contracts/constants';
import { create } from 'zustand';
import { api, endpointRef } from './api';
import { events } from './events';
import type { RealtimeClient } from './realtime';
import { useAppStore } from './store';

export type Bonus = ResponseOf<typeof bonusBalanceEndpoint>[number];
export type BonusTransferred = RefData<typeof bonusBalanceTransferredEventRef>;

export const bonusBalanceRef = endpointRef<typeof bonusBalanceEndpoint>('POST', '/api/bonusBalance');

/** The signed-in player's bonuses by id. */
export const useBonuses = create<{ bonuses: Readonly<Record<string, Bonus>> }>()(() => ({ bonuses: {} }));
events.on('logout', () => useBonuses.setState({ bonuses: {} }));

/**
 * POST /api/bonusBalance into `useBonuses`. Signed-in players only; a failure leaves the last known
 * bonuses (the next refresh asks again).
 */
export async function refreshBonus(): Promise<void> {
  if (!useAppStore.getState().user) return;
  try {
    const bonuses = await api(bonusBalanceRef, {});
    useBonuses.setState({ bonuses: Object.fromEntries(bonuses.map((bonus) => [bonus._id, bonus])) });
  } catch {
    // Offline or signed out meanwhile: nothing to show until the next refresh.
  }
}

/** A decimal string as atomic units of `decimals` (digits beyond dropped; '' and junk: 0). */
function atomic(value: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return 0n;
  return BigInt((match[1] ?? '0') + (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0'));
}

/** The usable bonus of `currency` in atomic units: the sum of value minus frozenValue (never below 0). */
export function usableBonus(
  bonuses: Readonly<Record<string, Bonus>>,
  currency: string,
  decimals: number,
): bigint {
  let sum = 0n;
  for (const b of Object.values(bonuses)) {
    if (b.currency !== currency) continue;
    const usable = atomic(b.value, decimals) - atomic(b.frozenValue, decimals);
    if (usable > 0n) sum += usable;
  }
  return sum;
}

/** Listens for `BonusBalanceTransferred`: refreshes the bonuses and tells `onTransferred`. */
export function bindBonusEvents(
  client: Pick<RealtimeClient, 'on'>,
  onTransferred: (data: BonusTransferred) => void,
): () => void {
  return client.on(bonusBalanceTransferredEventRef, (data) => {
    void refreshBonus();
    onTransferred(data);
  });
}
