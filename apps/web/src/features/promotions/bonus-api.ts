/** The bonus calls of the promotions screens (spec 2 section 8, spec 3 section 7). */
import { useQuery } from '@tanstack/react-query';
import type { cancelBonusEndpoint, depositBonusEndpoint, depositOptInEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';

export const bonusCalls = {
  depositBonus: endpointRef<typeof depositBonusEndpoint>('POST', '/api/data/promotions/depositBonus'),
  depositOptIn: endpointRef<typeof depositOptInEndpoint>('POST', '/api/data/promotions/depositOptIn'),
  cancelBonus: endpointRef<typeof cancelBonusEndpoint>('POST', '/api/cancelBonus'),
};

/** The deposit promotion open to the caller and whether they opted in (`state.checkedIn`). */
export function useDepositBonus() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['depositBonus', viewer],
    queryFn: ({ signal }) => api(bonusCalls.depositBonus, {}, { signal }),
    staleTime: 10_000,
  });
}
