/** The bonus wheel's calls (spec 1 section 7) and the faucet's (spec 2 section 7). */
import { useQuery } from '@tanstack/react-query';
import type {
  faucetClaimEndpoint,
  ticketDataEndpoint,
  ticketSpinEndpoint,
  updateEndpoint,
} from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';

export const wheelCalls = {
  ticketData: endpointRef<typeof ticketDataEndpoint>('POST', '/api/promocode/ticket/data'),
  spin: endpointRef<typeof ticketSpinEndpoint>('POST', '/api/promocode/ticket/spin'),
  faucet: endpointRef<typeof faucetClaimEndpoint>('POST', '/api/promocode/bonus'),
  me: endpointRef<typeof updateEndpoint>('POST', '/auth/update'),
};

/** POST /auth/update into the signed-in user (after a spin or a claim: its balance, level, next claim). */
export async function refreshUser(): Promise<void> {
  const before = useAppStore.getState().user;
  if (!before) return;
  const { user } = await api(wheelCalls.me, {});
  const state = useAppStore.getState();
  // Signed out (or switched account) while the request was in flight: ignore the answer.
  if (state.user && state.user.token === before.token) state.updateUser(user);
}

export const TICKET_DATA_KEY = 'ticketData';

/** The caller's tickets and the wheel's prizes (a guest: 0 tickets, uncapped prizes). */
export function useTicketData() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: [TICKET_DATA_KEY, viewer],
    queryFn: ({ signal }) => api(wheelCalls.ticketData, {}, { signal }),
    staleTime: 5_000,
  });
}
