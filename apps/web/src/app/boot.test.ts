// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ApiError, resetApiState } from '../lib/api';
import { events } from '../lib/events';
import { useAppStore, type StoredUser } from '../lib/store';
import { isModalOpen, BLOCKING_LOADER_ID } from '../ui';
import {
  handleSessionExpired,
  isLocalhost,
  refreshSession,
  resetBoot,
  setSessionExpiryDeps,
  RELOAD_GUARD_MS,
  SESSION_RELOAD_KEY,
  shouldLogoutAfter,
  startSession,
  stopSession,
  telegramInitData,
  REFRESH_INTERVAL_MS,
} from './boot';

const user: StoredUser = { _id: 'u1', name: 'alice', roles: [], token: 'tok-1', email: 'a@b.co' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

let fetchMock: ReturnType<typeof vi.fn>;

// refreshSession loads the session module on first use (a guest never does): loaded here once, so
// the fake-timer tests below measure the refresh loop and not the module's first load.
beforeAll(async () => {
  await import('../features/auth/session');
});

beforeEach(() => {
  resetBoot();
  resetApiState();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  useAppStore.getState().setUser(user);
});

afterEach(() => {
  stopSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useAppStore.getState().setUser(null);
});

describe('start-up refresh (spec 3 section 4)', () => {
  it('POSTs /auth/update at once and every 10 s while signed in', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/update')
        ? json(200, { user: { ...user, name: 'alice2' } })
        : json(404, { code: 'x' }),
    );
    startSession();
    await vi.advanceTimersByTimeAsync(0);
    const updates = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/update')).length;
    expect(updates()).toBe(1);
    expect(useAppStore.getState().user?.name).toBe('alice2');
    expect(useAppStore.getState().user?.token).toBe('tok-1');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(updates()).toBe(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(updates()).toBe(3);
  });

  it('does nothing for a guest', async () => {
    useAppStore.getState().setUser(null);
    await refreshSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed update signs out, except network trouble, server errors and on localhost', () => {
    expect(shouldLogoutAfter(new ApiError(401, 'unauthenticated', 'x'), false)).toBe(true);
    expect(shouldLogoutAfter(new ApiError(403, 'forbidden', 'x'), false)).toBe(true);
    expect(shouldLogoutAfter(new ApiError(0, 'network_error', 'x'), false)).toBe(false);
    expect(shouldLogoutAfter(new ApiError(503, 'unavailable', 'x'), false)).toBe(false);
    expect(shouldLogoutAfter(new ApiError(419, 'session_expired', 'x'), false)).toBe(false);
    expect(shouldLogoutAfter(new ApiError(401, 'unauthenticated', 'x'), true)).toBe(false);
    expect(isLocalhost('localhost')).toBe(true);
    expect(isLocalhost('127.0.0.1')).toBe(true);
    expect(isLocalhost('casino.example')).toBe(false);
  });
});

describe('session expiry (HTTP 419)', () => {
  const deps = (storage = memoryStorage(), now = 1_000_000) => ({
    reload: vi.fn(),
    now: () => now,
    storage,
    delay: () => Promise.resolve(),
  });

  it('a 419 from the refresh shows the loader once, forgets the user and reloads once', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/update')
        ? json(419, { code: 'session_expired', message: 'expired' })
        : json(200, {}),
    );
    const reload = vi.fn();
    const storage = memoryStorage();
    const emitted = vi.fn();
    const off = events.on('session-expired', emitted);
    // boot.ts listens from import on; only its side effects are replaced here.
    setSessionExpiryDeps({ reload, now: () => 5_000_000, storage, delay: () => Promise.resolve() });
    await refreshSession();
    await refreshSession(); // a second 419: the API client emits session-expired only once
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    off();
    setSessionExpiryDeps({});
    expect(emitted).toHaveBeenCalledTimes(1);
    expect(useAppStore.getState().user).toBeNull();
    expect(localStorage.getItem('nebula:user')).toBeNull();
    expect(isModalOpen(BLOCKING_LOADER_ID)).toBe(true);
    expect(storage.getItem(SESSION_RELOAD_KEY)).toBe('5000000');
  });

  it('handles a 419 only once per page life', async () => {
    const first = deps();
    expect(await handleSessionExpired(first)).toBe(true);
    const second = deps();
    expect(await handleSessionExpired(second)).toBe(false);
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('never loops: a 419 right after a 419 reload stays on the page signed out', async () => {
    fetchMock.mockImplementation(async () => json(200, { csrfToken: 'x' }));
    const storage = memoryStorage();
    // Page 1: 419, reload.
    const page1 = deps(storage, 1_000_000);
    expect(await handleSessionExpired(page1)).toBe(true);
    // Page 2 (after the reload): another 419 within the guard time does not reload again.
    resetBoot();
    useAppStore.getState().setUser(user);
    const page2 = deps(storage, 1_000_000 + 2_000);
    expect(await handleSessionExpired(page2)).toBe(false);
    expect(page2.reload).not.toHaveBeenCalled();
    expect(useAppStore.getState().user).toBeNull();
    // Much later, a new expiry reloads again.
    resetBoot();
    const page3 = deps(storage, 1_000_000 + 2_000 + RELOAD_GUARD_MS + 1);
    expect(await handleSessionExpired(page3)).toBe(true);
  });

  it('the reloaded page starts signed out, so the refresh cannot 419 again', async () => {
    const page = deps();
    await handleSessionExpired(page);
    fetchMock.mockClear();
    await refreshSession();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/update'))).toBe(false);
  });
});

describe('messenger launch data', () => {
  it('reads tgWebAppData from the hash', () => {
    const initData = 'query_id=1&user=%7B%22id%22%3A1%7D&auth_date=1&hash=ab';
    expect(telegramInitData(`#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.0`)).toBe(
      initData,
    );
    expect(telegramInitData('#other=1')).toBeNull();
    expect(telegramInitData('')).toBeNull();
  });
});
