/**
 * The realtime connection of the whole app (issue F2 item 7), loaded after the first page
 * (realtime-lazy.ts): connects with the stored token, follows login/logout with the auth frame (no
 * reconnect), keeps the store's `connection` and `<html data-connection>` current, and listens to
 * `Everyone` for the online count.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Channels, onlineCountEventRef, type RefData } from '@nebula/contracts/constants';
import {
  bindRealtimeToStore,
  realtime,
  realtimeUrl,
  type RealtimeClient,
  type RealtimeStatus,
} from './realtime';
import { getAuthToken } from './store';

export type OnlineCount = RefData<typeof onlineCountEventRef>;

const RealtimeContext = createContext<RealtimeClient>(realtime);

// The online count is a tiny external store: only its readers re-render every few seconds.
let onlineCount: OnlineCount | null = null;
const onlineListeners = new Set<() => void>();

function setOnlineCount(next: OnlineCount): void {
  if (
    onlineCount?.total === next.total &&
    onlineCount.users === next.users &&
    onlineCount.guests === next.guests
  ) {
    return;
  }
  onlineCount = next;
  for (const listener of [...onlineListeners]) listener();
}

function subscribeOnline(listener: () => void): () => void {
  onlineListeners.add(listener);
  return () => void onlineListeners.delete(listener);
}

const getOnlineCount = () => onlineCount;

export interface RealtimeProviderProps {
  children: ReactNode;
  /** Another client (tests). */
  client?: RealtimeClient;
  /** Socket address; defaults to `/ws` on the page's host. */
  url?: string;
}

/**
 * Connects `client` (the app's by default) with the stored token and keeps it bound to the store,
 * `<html data-connection>` and the online count; returns the function that closes it all.
 */
export function startRealtime(client: RealtimeClient = realtime, url?: string): () => void {
  const unbind = bindRealtimeToStore(client);
  const root = document.documentElement;
  root.dataset.connection = client.state;
  const offStatus = client.onStatus((status) => {
    root.dataset.connection = status.state;
  });
  const offEveryone = client.subscribe(Channels.everyone);
  const offOnline = client.on(onlineCountEventRef, setOnlineCount);
  // Back online or back to the tab: retry now instead of waiting out the backoff.
  const retry = () => {
    if (document.visibilityState !== 'hidden') client.reconnectNow();
  };
  window.addEventListener('online', retry);
  document.addEventListener('visibilitychange', retry);
  client.connect(url ?? realtimeUrl(), getAuthToken());
  return () => {
    window.removeEventListener('online', retry);
    document.removeEventListener('visibilitychange', retry);
    offEveryone();
    offOnline();
    offStatus();
    unbind();
    client.close();
    delete root.dataset.connection;
  };
}

/**
 * Connects `client` while mounted and provides it to the tree. The app itself does not mount it: its
 * connection starts after the first page (realtime-lazy.ts `useRealtimeAfterPage`) and `useRealtime`
 * falls back to the app's client.
 */
export function RealtimeProvider({ children, client = realtime, url }: RealtimeProviderProps) {
  useEffect(() => startRealtime(client, url), [client, url]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The app's realtime client (whisper, subscribe, on...). */
export function useRealtime(): RealtimeClient {
  return useContext(RealtimeContext);
}

/** The client's status (state, retry schedule, private channel); re-renders on every change. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtime();
  return useSyncExternalStore((listener) => client.onStatus(listener), client.getStatus, client.getStatus);
}

/** People online (`OnlineCount` on Everyone); null until the first count arrives. */
export function useOnlineCount(): OnlineCount | null {
  return useSyncExternalStore(subscribeOnline, getOnlineCount, getOnlineCount);
}
