/**
 * The server's notifications in the global strip (spec 2 section 2; decision 0040): loaded after the
 * first page (the shell starts this when the browser is idle), again whenever the signed-in player
 * changes, and kept live by the `Notification` event (the player's channel and Everyone). Dismissing
 * one tells the server for a signed-in player; a guest's dismissals last for the visit.
 */
import type { dismissNotificationEndpoint, notificationsEndpoint } from '@nebula/contracts';
import { NOTIFICATIONS_SHOWN, notificationEventRef } from '@nebula/contracts/constants';
import { api, endpointRef } from '../../lib/api';
import { onRealtimeEvent } from '../../lib/realtime-lazy';
import { type AppNotification, isSignedIn, useAppStore } from '../../lib/store';

const listRef = endpointRef<typeof notificationsEndpoint>('POST', '/api/data/notifications');
const dismissRef = endpointRef<typeof dismissNotificationEndpoint>('POST', '/api/data/notifications/dismiss');

/** Dismissed in this visit (a guest's, and a player's until the server has it). */
const dismissed = new Set<string>();

const strip = (list: readonly AppNotification[]): AppNotification[] =>
  list.filter((n) => !dismissed.has(n._id)).slice(0, NOTIFICATIONS_SHOWN);

async function load(): Promise<void> {
  try {
    const list = await api(listRef, {});
    useAppStore.getState().setNotifications(strip(list.map(({ _id, icon, text }) => ({ _id, icon, text }))));
  } catch {
    // Not shown (spec: failures of the lobby calls are silent); the next change of player retries.
  }
}

/** Removes notification `id` from the strip and, for a signed-in player, dismisses it on the server. */
export async function dismissNotification(id: string): Promise<void> {
  dismissed.add(id);
  const state = useAppStore.getState();
  state.setNotifications(state.notifications.filter((n) => n._id !== id));
  if (isSignedIn(state.user)) await api(dismissRef, { id }).catch(() => undefined);
}

/** Starts loading and following the notifications; the returned function stops it. */
export function startServerNotifications(): () => void {
  let viewer = useAppStore.getState().user?._id ?? null;
  dismissed.clear();
  void load();
  const offStore = useAppStore.subscribe((state) => {
    const next = state.user?._id ?? null;
    if (next === viewer) return;
    viewer = next;
    dismissed.clear();
    void load();
  });
  const offEvent = onRealtimeEvent(notificationEventRef, ({ _id, icon, text }) => {
    const state = useAppStore.getState();
    if (state.notifications.some((n) => n._id === _id)) return;
    state.setNotifications(strip([{ _id, icon, text }, ...state.notifications]));
  });
  return () => {
    offStore();
    offEvent();
  };
}
