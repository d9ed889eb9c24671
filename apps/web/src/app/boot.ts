/**
 * Start-up (spec 3 section 4): the licence, the signed-in user's refresh loop, messenger sign-in
 * and session expiry.
 * - A stored user is refreshed at once (POST /auth/update) and then every 10 s together with the
 *   player's data (balances, bonus). A failed refresh signs out, except for network trouble,
 *   server errors (5xx) and on localhost (development).
 * - HTTP 419 (spec 1 section 8): the blocking loader shows once, the stored user is forgotten and
 *   the page reloads. A second 419 soon after such a reload does not reload again (no loop).
 * - Telegram launch data in the URL hash starts messenger sign-in (its code loads on demand).
 */
import type { License } from '@nebula/contracts';
import { apiFetch, isApiError } from '../lib/api';
import { events } from '../lib/events';
import { i18n, withSharedTexts } from '../lib/i18n';
import { isSignedIn, useAppStore } from '../lib/store';
import { closeModal, openBlockingLoader, toast, BLOCKING_LOADER_ID } from '../ui';

// Subscribed at import, before any request can answer 419 (the API client emits it only once).
events.on('session-expired', () => void handleSessionExpired());

let inflight: Promise<License | null> | null = null;

/**
 * Loads the licence once into the store; later calls share the answer. A failed load resolves to
 * null (plugin routes then show not-found) and is retried on the next call.
 */
export function ensureLicense(): Promise<License | null> {
  const current = useAppStore.getState().license;
  if (current) return Promise.resolve(current);
  // Plain fetch typed by the contract: validating with zod here would put zod in the first-visit bundle.
  inflight ??= apiFetch<License>('POST', '/license', {})
    .then((license) => {
      useAppStore.getState().setLicense(license);
      return license;
    })
    .catch(() => {
      inflight = null;
      return null;
    });
  return inflight;
}

// ---- the signed-in user's refresh loop -----------------------------------------------------------

export const REFRESH_INTERVAL_MS = 10_000;

export function isLocalhost(hostname = typeof location !== 'undefined' ? location.hostname : ''): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    hostname.endsWith('.localhost')
  );
}

/** Whether a failed /auth/update means the session is no good (as opposed to a passing glitch). */
export function shouldLogoutAfter(error: unknown, onLocalhost = isLocalhost()): boolean {
  if (onLocalhost || !isApiError(error)) return false;
  // 0: network; 419: session expiry has its own handling; 5xx/429: the server is busy or restarting.
  if (error.status === 0 || error.status === 419 || error.status === 429 || error.status >= 500) return false;
  return true;
}

let timer: ReturnType<typeof setInterval> | null = null;
let updating: Promise<void> | null = null;

/** One refresh: the user (when signed in) and the data. Concurrent calls share the run. */
export function refreshSession(): Promise<void> {
  updating ??= (async () => {
    if (!isSignedIn(useAppStore.getState().user)) return;
    // A guest's first visit does not load the session module; a failed load waits for the next refresh.
    const session = await import('../features/auth/session').catch(() => null);
    if (!session) return;
    try {
      await session.refreshUser();
    } catch (error) {
      if (shouldLogoutAfter(error)) await session.logout();
      return;
    }
    session.refreshData();
  })().finally(() => {
    updating = null;
  });
  return updating;
}

/** Starts the start-up refresh and the 10 s loop; returns the stop function (idempotent). */
export function startSession(): () => void {
  if (!timer) {
    void refreshSession();
    timer = setInterval(() => void refreshSession(), REFRESH_INTERVAL_MS);
  }
  return stopSession;
}

export function stopSession(): void {
  if (timer) clearInterval(timer);
  timer = null;
}

// ---- session expiry (HTTP 419) ---------------------------------------------------------------------

export const SESSION_RELOAD_KEY = 'nebula:session-expired-reload';
/** A 419 within this time after a 419 reload does not reload again. */
export const RELOAD_GUARD_MS = 60_000;
/** The loader stays at least this long before the reload (long enough to be read). */
export const RELOAD_DELAY_MS = 1200;

export interface SessionExpiryDeps {
  reload: () => void;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  delay: (ms: number) => Promise<void>;
}

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

const defaultDeps = (): SessionExpiryDeps => ({
  reload: () => window.location.reload(),
  now: () => Date.now(),
  storage: sessionStore(),
  delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

let expiryHandled = false;
let depsOverride: Partial<SessionExpiryDeps> = {};

/** Test hook: replaces parts of what the `session-expired` handler uses (reload, clock, storage). */
export function setSessionExpiryDeps(deps: Partial<SessionExpiryDeps>): void {
  depsOverride = deps;
}

/**
 * HTTP 419: once per page life. Forgets the stored user (so the reloaded page starts signed out),
 * refreshes the CSRF cookie (a CSRF mismatch answers 419 too), shows the loader and reloads. When
 * the previous page already reloaded for a 419 less than RELOAD_GUARD_MS ago, it stays on the page
 * and says so instead: reloading again could only repeat the same answer.
 * Returns whether a reload was scheduled.
 */
export async function handleSessionExpired(
  deps: SessionExpiryDeps = { ...defaultDeps(), ...depsOverride },
): Promise<boolean> {
  if (expiryHandled) return false;
  expiryHandled = true;
  stopSession();
  const state = useAppStore.getState();
  if (state.user) state.logout();

  const last = Number(deps.storage?.getItem(SESSION_RELOAD_KEY) ?? 0);
  const refreshCsrf = apiFetch('GET', '/sanctum/csrf-cookie').catch(() => undefined);
  if (Number.isFinite(last) && last > 0 && deps.now() - last < RELOAD_GUARD_MS) {
    // The sign-in texts load with this rare message, not with the first visit.
    await Promise.all([refreshCsrf, import('../features/auth/texts')]);
    toast.error(i18n.t('auth.sessionExpiredSignIn'), { id: 'session-expired' });
    return false;
  }
  try {
    deps.storage?.setItem(SESSION_RELOAD_KEY, String(deps.now()));
  } catch {
    // storage full or disabled: the once-per-page flag above still holds
  }
  openBlockingLoader(i18n.t('errors.sessionExpired'));
  await Promise.all([refreshCsrf, deps.delay(RELOAD_DELAY_MS)]);
  deps.reload();
  return true;
}

/** Test hook. */
export function resetBoot(): void {
  inflight = null;
  expiryHandled = false;
  updating = null;
  stopSession();
  closeModal(BLOCKING_LOADER_ID);
}

// ---- messenger mini-app --------------------------------------------------------------------------

/** The Telegram launch data (`initData`) from a `#tgWebAppData=...` hash, if present. */
export function telegramInitData(hash = typeof location !== 'undefined' ? location.hash : ''): string | null {
  if (!hash.includes('tgWebAppData=')) return null;
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return value || null;
}

let telegramStarted = false;

/** Runs messenger sign-in when the page was opened inside Telegram (once per page life). */
export function startTelegramIfLaunched(): void {
  if (telegramStarted) return;
  const initData = telegramInitData();
  if (!initData) return;
  telegramStarted = true;
  // Keep the launch data out of the address bar (and out of a reload).
  history.replaceState(history.state, '', location.pathname + location.search);
  void withSharedTexts(import('../features/auth/telegram')).then(({ signInWithTelegram }) =>
    signInWithTelegram(initData),
  );
}

/** Everything the start-up needs, wired to the app's events; returns the teardown. */
export function bootSession(): () => void {
  startTelegramIfLaunched();
  return startSession();
}
