/** The rakeback calls (spec 2 section 7, spec 3 section 7). */
import { useQuery } from '@tanstack/react-query';
import type { claimRakebackEndpoint, rakebackEndpoint, rakebackProgrammeEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { useAppStore } from '../../lib/store';

export const rakebackCalls = {
  list: endpointRef<typeof rakebackEndpoint>('POST', '/api/data/rakeback'),
  claim: endpointRef<typeof claimRakebackEndpoint>('POST', '/api/data/claimRakeback'),
  programme: endpointRef<typeof rakebackProgrammeEndpoint>('POST', '/api/data/promotions/rakeback'),
};

/** The player's claimable rakeback per currency. */
export function useRakeback() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['rakeback', viewer],
    queryFn: ({ signal }) => api(rakebackCalls.list, {}, { signal }),
    enabled: viewer !== null,
    // Fresh whenever the dialog opens, and every 15 s while it is open (bets keep adding to it).
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

/** The programme for the caller (rate, cooldown, next settlement). */
export function useRakebackProgramme() {
  const viewer = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['rakebackProgramme', viewer],
    queryFn: ({ signal }) => api(rakebackCalls.programme, {}, { signal }),
    staleTime: 10_000,
  });
}
