/**
 * The sportsbook's calls (issue G9), typed by the contracts through zod-free endpoint refs, and the
 * queries the screens read. Query keys start with `sports`; the live glue (`sports-live.ts`) writes
 * odds and scores from the socket into the cached events.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  SportBet,
  SportEventSummary,
  SportType,
  sportCashOutEndpoint,
  sportCashOutOfferEndpoint,
  sportConfirmBetEndpoint,
  sportEventEndpoint,
  sportEventsEndpoint,
  sportMyBetsEndpoint,
  sportPlaceBetEndpoint,
  sportPreferencesEndpoint,
  sportsListEndpoint,
  sportUpdatePreferencesEndpoint,
} from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { isSignedIn, useAppStore } from '../../lib/store';

export const sportsList = endpointRef<typeof sportsListEndpoint>('POST', '/api/sports/list');
export const sportEvents = endpointRef<typeof sportEventsEndpoint>('POST', '/api/sports/events');
export const sportEvent = endpointRef<typeof sportEventEndpoint>('POST', '/api/sports/event');
export const sportPlaceBet = endpointRef<typeof sportPlaceBetEndpoint>('POST', '/api/sports/bet');
export const sportConfirmBet = endpointRef<typeof sportConfirmBetEndpoint>('POST', '/api/sports/bet/confirm');
export const sportMyBets = endpointRef<typeof sportMyBetsEndpoint>('POST', '/api/sports/bets');
export const sportCashOutOffer = endpointRef<typeof sportCashOutOfferEndpoint>(
  'POST',
  '/api/sports/cashout/offer',
);
export const sportCashOut = endpointRef<typeof sportCashOutEndpoint>('POST', '/api/sports/cashout');
export const sportPreferences = endpointRef<typeof sportPreferencesEndpoint>(
  'POST',
  '/api/sports/preferences',
);
export const sportUpdatePreferences = endpointRef<typeof sportUpdatePreferencesEndpoint>(
  'POST',
  '/api/sports/preferences/update',
);

export type EventsView = 'live' | 'upcoming' | 'all';

export interface EventsQuery {
  view: EventsView;
  sport?: string;
  type?: SportType;
  ids?: string[];
}

/** The sidebar's sports with their live and upcoming counts. */
export function useSports() {
  return useQuery({
    queryKey: ['sports', 'list'],
    queryFn: ({ signal }) => api(sportsList, {}, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** One list of events (live first, then by start time). */
export function useEvents(query: EventsQuery, enabled = true) {
  return useQuery({
    queryKey: ['sports', 'events', query],
    queryFn: ({ signal }) =>
      api(
        sportEvents,
        { view: query.view, sport: query.sport, type: query.type, ids: query.ids, limit: 50 },
        { signal },
      ),
    enabled,
    staleTime: 15_000,
    // Events start and end on their own: the list follows within half a minute even without a socket.
    refetchInterval: 30_000,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: ['sports', 'event', id],
    queryFn: ({ signal }) => api(sportEvent, { id }, { signal }),
    staleTime: 10_000,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useMyBets(view: 'pending' | 'settled') {
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const user = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['sports', 'bets', user, view],
    queryFn: ({ signal }) => api(sportMyBets, { view, limit: 50 }, { signal }),
    enabled: signedIn,
    staleTime: 5_000,
  });
}

/** Cash-out offers of the pending bets shown, refreshed every few seconds (odds move). */
export function useCashOutOffers(bets: readonly SportBet[]) {
  const ids = bets.filter((bet) => bet.status === 0).map((bet) => bet.id);
  return useQuery({
    queryKey: ['sports', 'cashout', ids],
    queryFn: ({ signal }) => api(sportCashOutOffer, { betIds: ids }, { signal }),
    enabled: ids.length > 0,
    refetchInterval: 5_000,
  });
}

export function usePreferences() {
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const user = useAppStore((state) => state.user?._id ?? null);
  return useQuery({
    queryKey: ['sports', 'preferences', user],
    queryFn: ({ signal }) => api(sportPreferences, {}, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

/** The `{sportLink}/{id}` page of an event. */
export function eventPath(event: Pick<SportEventSummary, 'id' | 'sport'>): string {
  return `/${encodeURIComponent(event.sport.key)}/${encodeURIComponent(event.id)}`;
}
