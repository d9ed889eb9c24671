/**
 * The sportsbook's live glue: while a sports screen is mounted the app listens to the `Sportsbook`
 * channel and writes each `SportOddsChange` and `SportEventStatus` into the cached events (the odds
 * buttons flash from the cache) and into the bet slip; `SportBetSettled` on the player's channel
 * refreshes My sports bets and says how the bet ended.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  SPORTSBOOK_CHANNEL,
  sportBetSettledEventRef,
  sportEventStatusEventRef,
  sportOddsChangeEventRef,
} from '@nebula/contracts/constants';
import type { SportEvent, SportEventSummary } from '@nebula/contracts';
import { useRealtime } from '../../lib/realtime-provider';
import {
  applyOddsChange,
  applyStatusChange,
  oddsByOutcome,
  type EventStatusChange,
  type OddsChange,
} from './live-model';
import { useSlip } from './slip-store';

type EventsPage = { events: SportEventSummary[]; next: string | null; serverTime: string };
type EventPage = { event: SportEvent; serverTime: string };

// ---- the server's clock, as the answers tell it ---------------------------------------------------

let offsetMs = 0;
/** Notes the server's time of an answer (`serverTime`): running clocks read from the server's clock. */
export function noteServerTime(serverTime: string | undefined): void {
  const server = serverTime ? Date.parse(serverTime) : NaN;
  if (Number.isFinite(server)) offsetMs = server - Date.now();
}
export const serverOffset = (): number => offsetMs;

// ---- a second tick shared by every running clock ---------------------------------------------------

let now = Date.now();
const tickListeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | null = null;

function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  ticker ??= setInterval(() => {
    now = Date.now();
    for (const one of [...tickListeners]) one();
  }, 1000);
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** Now, updated every second while some clock is on screen. */
export function useNow(): number {
  return useSyncExternalStore(subscribeTick, () => now);
}

// ---- cache writers ----------------------------------------------------------------------------------

export function applyOddsToCache(client: QueryClient, change: OddsChange): void {
  client.setQueriesData<EventsPage>({ queryKey: ['sports', 'events'] }, (page) =>
    page ? { ...page, events: page.events.map((event) => applyOddsChange(event, change)) } : page,
  );
  client.setQueryData<EventPage>(['sports', 'event', change.event], (page) =>
    page ? { ...page, event: applyOddsChange(page.event, change) } : page,
  );
}

export function applyStatusToCache(client: QueryClient, change: EventStatusChange): void {
  let listed = false;
  client.setQueriesData<EventsPage>({ queryKey: ['sports', 'events'] }, (page) => {
    if (!page) return page;
    const events = page.events.map((event) => {
      if (event.id !== change.event) return event;
      listed = true;
      return applyStatusChange(event, change);
    });
    return { ...page, events };
  });
  client.setQueryData<EventPage>(['sports', 'event', change.event], (page) =>
    page ? { ...page, event: applyStatusChange(page.event, change) } : page,
  );
  // An event that starts or ends moves between the live and upcoming lists.
  if (listed && change.status !== 'live') void client.invalidateQueries({ queryKey: ['sports', 'events'] });
  if (change.status === 'live' || change.status === 'closed' || change.status === 'cancelled')
    void client.invalidateQueries({ queryKey: ['sports', 'list'] });
}

/** Mounted by the sports screens: the channel, the events and the settled bets. */
export function useSportsbookLive(): void {
  const client = useRealtime();
  const queries = useQueryClient();
  useEffect(() => {
    const offs = [
      client.subscribe(SPORTSBOOK_CHANNEL),
      client.on(sportOddsChangeEventRef, (change) => {
        applyOddsToCache(queries, change);
        useSlip.getState().applyOdds(oddsByOutcome(change));
      }),
      client.on(sportEventStatusEventRef, (change) => {
        applyStatusToCache(queries, change);
        useSlip.getState().applyEventStatus(change.event, change.status);
      }),
      client.on(sportBetSettledEventRef, () => {
        void queries.invalidateQueries({ queryKey: ['sports', 'bets'] });
      }),
      // After a reconnect the cache may have missed changes: read it all again.
      client.onConnect(() => void queries.invalidateQueries({ queryKey: ['sports'] })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client, queries]);
}
