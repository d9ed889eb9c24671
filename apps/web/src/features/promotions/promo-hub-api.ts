/** The promotions summary (`POST /api/data/promotions/summary`) behind /promotions and /rewards. */
import { useQuery } from '@tanstack/react-query';
import type { promotionsSummaryEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { useAppStore } from '../../lib/store';

export const PROMOTIONS_SUMMARY_KEY = 'promotionsSummary';

export const summaryCall = endpointRef<typeof promotionsSummaryEndpoint>(
  'POST',
  '/api/data/promotions/summary',
);

/** Every programme the operator set up, with the caller's state (refreshed every 30 s while shown). */
export function usePromotionsSummary() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: [PROMOTIONS_SUMMARY_KEY, viewer],
    queryFn: ({ signal }) => api(summaryCall, {}, { signal }),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

/** After an action on a programme (opt-in, activation, claim, spin): the state again. */
export function refreshSummary(): void {
  void queryClient.invalidateQueries({ queryKey: [PROMOTIONS_SUMMARY_KEY] });
  void queryClient.invalidateQueries({ queryKey: ['depositBonus'] });
}
