/**
 * The realtime client loaded after the first page instead of with it (decision 0019): the app's
 * first visit does not wait for the client's code. `useRealtimeAfterPage` (in the root layout) opens
 * the connection when the browser is first idle after the page; code on the first page that listens
 * to events (the latest wins) subscribes through `onRealtimeEvent`, which holds the subscription
 * until the client is there. Code that loads later imports `./realtime` as usual.
 */
import { useEffect } from 'react';
import type { EventRef, RefData } from '@nebula/contracts/constants';
import type { EventHandler } from './realtime-types';

let clientModule: Promise<typeof import('./realtime')> | null = null;

/** The realtime client's module, loaded once. */
export function loadRealtime(): Promise<typeof import('./realtime')> {
  clientModule ??= import('./realtime');
  return clientModule;
}

/** `realtime.on(ref, handler)` once the client is loaded; the returned function works before that. */
export function onRealtimeEvent<R extends EventRef>(ref: R, handler: EventHandler<RefData<R>>): () => void {
  let off: (() => void) | null = null;
  let stopped = false;
  void loadRealtime().then(({ realtime }) => {
    if (!stopped) off = realtime.on(ref, handler);
  });
  return () => {
    stopped = true;
    off?.();
  };
}

/**
 * Opens the app's realtime connection (realtime-provider.tsx `startRealtime`) when the browser is
 * first idle after the component mounted (at most `timeoutMs` later), and closes it on unmount.
 */
export function useRealtimeAfterPage(timeoutMs = 1000): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const begin = () => {
      void import('./realtime-provider').then(({ startRealtime }) => {
        if (!cancelled) stop = startRealtime();
      });
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const id = idle
      ? window.requestIdleCallback(begin, { timeout: timeoutMs })
      : window.setTimeout(begin, 200);
    return () => {
      cancelled = true;
      if (idle) window.cancelIdleCallback(id);
      else window.clearTimeout(id);
      stop?.();
    };
  }, [timeoutMs]);
}
