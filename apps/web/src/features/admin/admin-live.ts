/**
 * The live back office (decision 0046). Every staff action, once committed, arrives as `StaffChange`
 * on the `Staff` channel; the admin layout listens once (`useStaffLive`) and invalidates the TanStack
 * queries of the action's area, so a second staff member's open page shows the change at once.
 *
 * THE MAPPING (screens follow it; new screens need no entry when they follow rule 1):
 *  1. Every back-office query key starts with `['admin', <area>]`, where <area> is the module part of
 *     the audited action (`games` for `games.update`, `promocodes`, `notifications`, `settings`...): a
 *     change of area X refreshes every query under `['admin', X]`. A screen whose key uses another
 *     name lists it in `AREA_QUERIES` below (e.g. the players' screens, keyed `users` and `player`).
 *  2. `['admin', 'audit']` (the log lists every action) and the player's page of a `user` target
 *     (`['admin', 'player', id]`) refresh on every change.
 *  Screens in progress use: payments `['admin', 'payments', ...]` (area `payments`; deposits and
 *  chain settings), chat moderation `['admin', 'chat', ...]` (area `chat`), promotions
 *  `['admin', 'promotions', ...]` (areas `promotions`, `bonus`, `wheel`, `faucet`, `rakeback`, `vip`,
 *  `race`, `banner`: each is mapped to it below).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { StaffChange } from '@nebula/contracts';
import { Channels, staffChangeEventRef } from '@nebula/contracts/constants';
import { addTranslations } from '../../lib/i18n';
import { loadRealtime } from '../../lib/realtime-lazy';
import { useAppStore } from '../../lib/store';

addTranslations('en', {
  adminLive: {
    updatedBy: 'Updated by {{name}}',
    liveShort: 'Live',
    live: 'Changes by other staff members appear here as they happen.',
  },
});
addTranslations('de', {
  adminLive: {
    updatedBy: 'Aktualisiert von {{name}}',
    liveShort: 'Live',
    live: 'Änderungen anderer Mitarbeiter erscheinen hier sofort.',
  },
});

/** Query key prefixes each area refreshes besides its own `['admin', area]` (rule 1 above). */
export const AREA_QUERIES: Readonly<Record<string, readonly QueryKey[]>> = {
  // Players: the list, every player page, the dashboard's player figures.
  players: [
    ['admin', 'users'],
    ['admin', 'player'],
    ['admin', 'dashboard'],
  ],
  // A mute or ban shows on the players' screens.
  chat: [
    ['admin', 'users'],
    ['admin', 'player'],
  ],
  // An exclusion lifted: the player's page and its protection card.
  protection: [['admin', 'player']],
  // A withdrawal decided: the queue (keyed `withdraws`), the player's page, the dashboard's pending sum.
  withdrawal: [
    ['admin', 'withdraws'],
    ['admin', 'player'],
    ['admin', 'dashboard'],
    ['admin', 'payments'],
  ],
  // The operator settings: the games' limits and edges are settings too.
  settings: [
    ['admin', 'games'],
    ['admin', 'promotions'],
    ['admin', 'payments'],
  ],
  games: [['admin', 'dashboard']],
  // A currency switched on or off: the payments screen's chains tab.
  currencies: [['admin', 'payments']],
  promocodes: [['admin', 'promotions']],
  bonus: [['admin', 'promotions']],
  wheel: [['admin', 'promotions']],
  faucet: [['admin', 'promotions']],
  rakeback: [['admin', 'promotions']],
  vip: [['admin', 'promotions']],
  race: [['admin', 'promotions']],
  banner: [['admin', 'promotions']],
  deposits: [
    ['admin', 'payments'],
    ['admin', 'player'],
    ['admin', 'dashboard'],
  ],
};

/** The query key prefixes a change refreshes (each once): rules 1 and 2 of the mapping above. */
export function queryKeysFor(change: Pick<StaffChange, 'area' | 'targetType' | 'targetId'>): QueryKey[] {
  const keys: QueryKey[] = [['admin', change.area], ...(AREA_QUERIES[change.area] ?? []), ['admin', 'audit']];
  if (change.targetType === 'user' && change.targetId) keys.push(['admin', 'player', change.targetId]);
  // Each once; a prefix listed earlier covers its longer keys.
  const kept: string[] = [];
  return keys.filter((key) => {
    const text = JSON.stringify(key);
    const covered = kept.some((prefix) => text === prefix || text.startsWith(`${prefix.slice(0, -1)},`));
    if (!covered) kept.push(text);
    return !covered;
  });
}

/** Refreshes what `change` touched. */
export function applyStaffChange(queryClient: QueryClient, change: StaffChange): void {
  for (const queryKey of queryKeysFor(change)) void queryClient.invalidateQueries({ queryKey });
}

/** How long the "Updated by" indicator stays. */
const INDICATOR_MS = 8_000;
/** A page change unmounts one layout and mounts the next: the subscription outlives the gap. */
const RELEASE_DELAY_MS = 2_000;

let holders = 0;
let release: (() => void) | null = null;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const changeListeners = new Set<(change: StaffChange) => void>();
/** Whether the server confirmed this tab's subscription to the Staff channel (the header's "Live"). */
let live = false;
const liveListeners = new Set<(live: boolean) => void>();
const setLive = (value: boolean) => {
  if (value === live) return;
  live = value;
  for (const listener of liveListeners) listener(value);
};

const subscribeLive = (onChange: () => void) => {
  const listener = () => onChange();
  liveListeners.add(listener);
  return () => void liveListeners.delete(listener);
};

/** Joins the Staff channel while a back-office layout is shown (one subscription for the tab). */
function hold(): () => void {
  holders += 1;
  clearTimeout(releaseTimer);
  if (!release) {
    let offs: (() => void)[] | null = [];
    release = () => {
      for (const off of offs ?? []) off();
      offs = null;
      setLive(false);
    };
    void loadRealtime().then(({ realtime }) => {
      if (!offs) return;
      let connectedBefore = realtime.connected;
      // The client subscribes again on every (re)connection and sign-in; this asks the same to learn
      // the answer: "Live" only once the server let this identity hear the channel.
      let asked = '';
      const confirm = () => {
        const { state, privateChannel } = realtime.getStatus();
        const key = `${state}|${privateChannel ?? ''}`;
        if (key === asked) return;
        asked = key;
        if (state !== 'connected') return setLive(false);
        realtime
          .request<{ subscribed?: boolean }>({ type: 'subscribe', channel: Channels.staff })
          .then((reply) => {
            if (offs && asked === key) setLive(reply?.subscribed === true);
          })
          .catch(() => {
            if (offs && asked === key) setLive(false);
          });
      };
      offs.push(
        realtime.subscribe(Channels.staff),
        realtime.on(staffChangeEventRef, (change) => {
          for (const listener of changeListeners) listener(change);
        }),
        // After a reconnect, what changed meanwhile was not heard: refresh the back office's queries.
        realtime.onConnect(() => {
          if (connectedBefore) for (const listener of changeListeners) listener(RECONNECTED);
          connectedBefore = true;
        }),
        realtime.onStatus(confirm),
      );
      confirm();
    });
  }
  return () => {
    holders -= 1;
    if (holders > 0) return;
    releaseTimer = setTimeout(() => {
      if (holders > 0) return;
      release?.();
      release = null;
    }, RELEASE_DELAY_MS);
  };
}

/** Not a change: the socket came back (every back-office query is refreshed, nothing is shown). */
const RECONNECTED: StaffChange = {
  id: '',
  area: '',
  action: '',
  targetType: null,
  targetId: null,
  by: { _id: '', name: '' },
  at: '',
};

/**
 * Keeps the back office live (see the module comment): `live` once the server confirmed the Staff
 * channel; `change`, the latest change another staff member made in the last seconds (the layout's
 * "Updated by" indicator), or null.
 */
export function useStaffLive(): { live: boolean; change: StaffChange | null } {
  const queryClient = useQueryClient();
  const me = useAppStore((state) => state.user?._id ?? null);
  const [shown, setShown] = useState<StaffChange | null>(null);
  const isLive = useSyncExternalStore(subscribeLive, () => live);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (change: StaffChange) => {
      if (change === RECONNECTED) {
        void queryClient.invalidateQueries({ queryKey: ['admin'] });
        return;
      }
      applyStaffChange(queryClient, change);
      if (change.by._id === me) return;
      setShown(change);
      clearTimeout(timer);
      timer = setTimeout(() => setShown(null), INDICATOR_MS);
    };
    changeListeners.add(listener);
    const unhold = hold();
    return () => {
      changeListeners.delete(listener);
      clearTimeout(timer);
      unhold();
    };
  }, [queryClient, me]);
  return { live: isLive, change: shown };
}
