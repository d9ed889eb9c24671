/**
 * The client state (spec 3 section 3). Two slices live in localStorage:
 * - the signed-in user (with its bearer token) under `nebula:user` (spec 1 section 3), written by
 *   setUser/logout only;
 * - the player's local settings under `nebula:settings` (zustand `persist`).
 * Everything else is session state rebuilt from the server on load. A programme's own state (bonus,
 * VIP, rakeback) lives in its feature, typed by its contract, not here.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Currency, License, Me } from '@nebula/contracts';
import { events } from './events';

export const USER_STORAGE_KEY = 'nebula:user';
export const SETTINGS_STORAGE_KEY = 'nebula:settings';
/** The chat rules acceptance is keyed by the rules' date: new rules mean everybody accepts again. */
export const CHAT_RULES_VERSION = '27.06.2024';
const CHAT_RULES_PERSIST_KEY = `chatRulesAccepted:${CHAT_RULES_VERSION}`;
/** Recent games kept (unique ids, most recent last). */
export const RECENT_GAMES_LIMIT = 30;
/** Below or at this width the chat starts hidden (spec 2 section 2). */
export const CHAT_AUTO_OPEN_WIDTH = 1200;

export type Theme = 'main' | 'grayTheme' | 'blueTheme' | 'greenTheme';
export type OddsFormat = 'decimal' | 'fractional' | 'american';
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';
export type LiveChannel = 'mine' | 'all' | 'high_rollers' | 'race' | 'lucky_wins';

/**
 * The signed-in user as stored: the contract's `Me`. Identity, roles and token are always there; the
 * rest may be missing from a user stored by an older version (the next /auth/update fills it in).
 */
export type StoredUser = Pick<Me, '_id' | 'name' | 'roles' | 'token'> &
  Partial<Omit<Me, '_id' | 'name' | 'roles' | 'token'>>;

export interface AppNotification {
  _id: string;
  icon: string;
  /** Server-provided HTML (operator content, not user content). */
  text: string;
}

export interface SettingsState {
  locale: string;
  theme: Theme;
  unit: string;
  currency: string;
  liveFeedEntries: number;
  sound: boolean;
  quick: boolean;
  channel: string;
  liveChannel: LiveChannel;
  sidebar: boolean;
  fiatView: boolean;
  fiatCurrency: string;
  recentGameHistory: string[];
  sportHideInactive: boolean;
  oddsFormat: OddsFormat;
  chatRulesAccepted: boolean;
  chatRulesExpanded: boolean;
  connectionBannerIgnored: boolean;
  referralCode: string | null;
}

/** Settings changed through the generic `setSetting`. */
export type SimpleSettingKey =
  | 'unit'
  | 'liveFeedEntries'
  | 'sound'
  | 'quick'
  | 'sportHideInactive'
  | 'oddsFormat'
  | 'chatRulesAccepted'
  | 'chatRulesExpanded'
  | 'connectionBannerIgnored';

export interface SessionState {
  license: License | null;
  user: StoredUser | null;
  demo: boolean;
  chat: boolean;
  windowWidth: number;
  currencies: Record<string, Currency>;
  notifications: AppNotification[];
  connection: ConnectionState;
}

export interface AppActions {
  setTheme: (theme: Theme) => void;
  setLocale: (locale: string) => void;
  setUser: (user: StoredUser | null) => void;
  /** Merges fresh user data (e.g. from /auth/update, which carries no token) into the signed-in user. */
  updateUser: (patch: Partial<StoredUser>) => void;
  /** Clears the stored user locally and emits `logout` (the server call is the auth feature's job). */
  logout: () => void;
  setLicense: (license: License | null) => void;
  setDemo: (demo: boolean) => void;
  setCurrencies: (currencies: Record<string, Currency>) => void;
  setCurrency: (currency: string) => void;
  setFiatView: (fiatView: boolean) => void;
  setFiatCurrency: (fiatCurrency: string) => void;
  toggleSidebar: () => void;
  setSidebar: (expanded: boolean) => void;
  toggleChat: () => void;
  setChat: (open: boolean) => void;
  setChannel: (channel: string) => void;
  setLiveChannel: (channel: LiveChannel) => void;
  setWindowWidth: (width: number) => void;
  setConnection: (connection: ConnectionState) => void;
  setNotifications: (notifications: AppNotification[]) => void;
  pushRecentGame: (id: string) => void;
  clearRecentGames: () => void;
  setReferralCode: (code: string | null) => void;
  setSetting: <K extends SimpleSettingKey>(key: K, value: SettingsState[K]) => void;
}

export type AppState = SettingsState & SessionState & AppActions;

export const DEFAULT_SETTINGS: SettingsState = {
  locale: 'en',
  theme: 'main',
  unit: 'btc',
  currency: 'btc',
  liveFeedEntries: 10,
  sound: true,
  quick: false,
  channel: 'casino_en',
  liveChannel: 'all',
  sidebar: true,
  fiatView: false,
  fiatCurrency: 'usd',
  recentGameHistory: [],
  sportHideInactive: true,
  oddsFormat: 'decimal',
  chatRulesAccepted: false,
  chatRulesExpanded: false,
  connectionBannerIgnored: false,
  referralCode: null,
};

const PERSISTED_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof SettingsState)[];

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredUser>;
  return (
    typeof v._id === 'string' &&
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.name === 'string' &&
    Array.isArray(v.roles)
  );
}

/** Reads the signed-in user from localStorage; a malformed entry counts as signed out. */
export function readStoredUser(): StoredUser | null {
  const raw = safeStorage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeStoredUser(user: StoredUser | null): void {
  const storage = safeStorage();
  if (!storage) return;
  try {
    if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage.removeItem(USER_STORAGE_KEY);
  } catch {
    // quota or disabled storage: the session still works until reload
  }
}

function initialWidth(): number {
  return typeof window !== 'undefined' ? window.innerWidth : 1280;
}

/** Adds `id` as the most recent entry, removing an earlier occurrence (spec 3: replay moves to the end). */
export function withRecentGame(history: readonly string[], id: string, limit = RECENT_GAMES_LIMIT): string[] {
  const next = history.filter((entry) => entry !== id);
  next.push(id);
  return next.length > limit ? next.slice(next.length - limit) : next;
}

function sessionDefaults(): SessionState {
  const width = initialWidth();
  return {
    license: null,
    user: readStoredUser(),
    demo: false,
    chat: width > CHAT_AUTO_OPEN_WIDTH,
    windowWidth: width,
    currencies: {},
    notifications: [],
    connection: 'connecting',
  };
}

type PersistedShape = Partial<Omit<SettingsState, 'chatRulesAccepted'>> & {
  [CHAT_RULES_PERSIST_KEY]?: boolean;
};

export const useAppStore = create<AppState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      ...sessionDefaults(),

      setTheme: (theme) => set({ theme }),
      setLocale: (locale) =>
        set((state) => ({
          locale,
          // The casino chat channel follows the language; other channels (sport) are left alone.
          channel: state.channel.startsWith('casino_') ? `casino_${locale}` : state.channel,
        })),
      setUser: (user) => {
        writeStoredUser(user);
        set((state) => ({
          user,
          // 'mine' is a signed-in channel; guests see 'all' (spec 3 section 3).
          liveChannel: !user && state.liveChannel === 'mine' ? 'all' : state.liveChannel,
        }));
      },
      updateUser: (patch) => {
        const current = get().user;
        if (!current) return;
        get().setUser({ ...current, ...patch, token: patch.token || current.token });
      },
      logout: () => {
        const wasSignedIn = get().user !== null;
        get().setUser(null);
        set({ notifications: [] });
        if (wasSignedIn) events.emit('logout');
      },
      setLicense: (license) => set({ license, demo: license?.demo ?? false }),
      setDemo: (demo) => set({ demo }),
      setCurrencies: (currencies) => set({ currencies }),
      setCurrency: (currency) => set({ currency }),
      setFiatView: (fiatView) => set({ fiatView }),
      setFiatCurrency: (fiatCurrency) => set({ fiatCurrency }),
      toggleSidebar: () => set((state) => ({ sidebar: !state.sidebar })),
      setSidebar: (sidebar) => set({ sidebar }),
      toggleChat: () => set((state) => ({ chat: !state.chat })),
      setChat: (chat) => set({ chat }),
      setChannel: (channel) => set({ channel }),
      setLiveChannel: (liveChannel) =>
        set((state) => ({ liveChannel: liveChannel === 'mine' && !state.user ? 'all' : liveChannel })),
      setWindowWidth: (windowWidth) => {
        if (get().windowWidth !== windowWidth) set({ windowWidth });
      },
      setConnection: (connection) => set({ connection }),
      setNotifications: (notifications) => set({ notifications }),
      pushRecentGame: (id) =>
        set((state) => ({ recentGameHistory: withRecentGame(state.recentGameHistory, id) })),
      clearRecentGames: () => set({ recentGameHistory: [] }),
      setReferralCode: (referralCode) => set({ referralCode }),
      setSetting: (key, value) => set({ [key]: value } as Pick<SettingsState, typeof key>),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => safeStorage() ?? memoryStorage()),
      partialize: (state): PersistedShape => {
        const out: Record<string, unknown> = {};
        for (const key of PERSISTED_KEYS) {
          if (key === 'chatRulesAccepted') out[CHAT_RULES_PERSIST_KEY] = state.chatRulesAccepted;
          else out[key] = state[key];
        }
        return out as PersistedShape;
      },
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Record<string, unknown>;
        const next: Record<string, unknown> = {};
        for (const key of PERSISTED_KEYS) {
          const storedKey = key === 'chatRulesAccepted' ? CHAT_RULES_PERSIST_KEY : key;
          const value = stored[storedKey];
          // Keep the default when the stored value has the wrong type (old or hand-edited storage).
          if (value !== undefined && typeof value === typeof DEFAULT_SETTINGS[key]) next[key] = value;
          else if (key === 'referralCode' && (typeof value === 'string' || value === null)) next[key] = value;
        }
        if (Array.isArray(next.recentGameHistory)) {
          next.recentGameHistory = (next.recentGameHistory as unknown[]).filter(
            (id): id is string => typeof id === 'string',
          );
        }
        return { ...current, ...(next as Partial<SettingsState>) };
      },
    },
  ),
);

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

// Another tab signing in or out changes the stored user; follow it so both tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== USER_STORAGE_KEY) return;
    const next = readStoredUser();
    const current = useAppStore.getState().user;
    if (next?.token === current?.token) return;
    useAppStore.setState({ user: next });
    if (!next && current) events.emit('logout');
  });
}

/** Type guard: a user is signed in when it has a bearer token. */
export function isSignedIn(user: StoredUser | null | undefined): user is StoredUser {
  return !!user && typeof user.token === 'string' && user.token.length > 0;
}

/**
 * Permission check (spec 1 section 6, spec 3 section 6): demo mode grants everything; a role with
 * id `*` holds every permission; otherwise the permission group `id` must have `type` set to true.
 * Guests hold nothing.
 */
export function hasPermission(
  user: StoredUser | null | undefined,
  id: string,
  type = 'active',
  demo = false,
): boolean {
  if (demo) return true;
  if (!user) return false;
  if (user.roles?.some((role) => role.id === '*')) return true;
  const group = user.permissions?.find((entry) => entry.id === id);
  return group?.permissions[type] === true;
}

/** Hook form of hasPermission for the current user and demo flag. */
export function usePermission(id: string, type = 'active'): boolean {
  return useAppStore((state) => hasPermission(state.user, id, type, state.demo));
}

/** Hook: true when a user is signed in. */
export function useIsSignedIn(): boolean {
  return useAppStore((state) => isSignedIn(state.user));
}

/** Whether the licence enables a feature id (spec 3 section 6). */
export function hasFeature(license: License | null, id: string): boolean {
  return !!license?.enabledFeatures.some((feature) => feature.id === id);
}

/** Whether the licence has a plugin (spec 1 section 6). */
export function hasPlugin(license: License | null, id: string): boolean {
  return !!license?.plugins.includes(id);
}

/** Sportsbook is on with either sportsbook plugin (spec 1 section 4). */
export function isSportsbookEnabled(license: License | null): boolean {
  return hasPlugin(license, 'sportsbook') || hasPlugin(license, 'sportsbook_external');
}

/** Bearer token of the stored user, for the API and realtime clients. */
export function getAuthToken(): string | null {
  return useAppStore.getState().user?.token ?? null;
}
