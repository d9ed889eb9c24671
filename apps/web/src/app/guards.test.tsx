import { act, render } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { License } from '@nebula/contracts';
import '../lib/i18n';
import './i18n-app';
import { events } from '../lib/events';
import { useAppStore, type StoredUser } from '../lib/store';
import { resetAuthGate } from '../lib/request-login';
import { loadAuthDialogs } from './auth-modal-host';
import { resetBoot } from './boot';
import { createAppMemoryRouter, type AppRouter } from './router';
import { useSportType } from './sport-type';

const LICENSE: License = {
  isValid: true,
  enabledFeatures: [],
  plugins: ['race'],
  pluginSettings: {},
  siteName: 'Nebula',
  demo: false,
};

const PLAYER: StoredUser = { _id: 'u1', name: 'player', roles: [{ id: 'player' }], token: 't0k3n' };

async function settle(router: AppRouter) {
  // Always yield once inside act so React commits and runs effects (the blocker registers in one).
  // Up to 5 s: the route modules load lazily, which takes over a second on a busy 2-core machine.
  for (let i = 0; i < 500; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    if (router.state.initialized && router.state.navigation.state === 'idle') break;
  }
}

async function start(path: string) {
  const router = createAppMemoryRouter([path]);
  await settle(router);
  return router;
}

function is404(router: AppRouter): boolean {
  const errors = Object.values(router.state.errors ?? {}) as { status?: number }[];
  return errors.some((error) => error?.status === 404);
}

let openAuth: ReturnType<typeof vi.fn<(payload: { mode: 'auth' | 'register' }) => void>>;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // The pages these tests open render: the licence, an empty game grid (a grid fed `{}` threw in
      // render and left React work behind the test environment's teardown), `{}` for the rest.
      const path = String(url);
      const body = path.endsWith('/license')
        ? LICENSE
        : path.endsWith('/api/data/gamesFilter')
          ? { games: [], page: 1, limit: 24, total: 0 }
          : {};
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  localStorage.clear();
  resetAuthGate();
  resetBoot();
  useAppStore.setState({ user: null, license: LICENSE, demo: false, referralCode: null });
  openAuth = vi.fn<(payload: { mode: 'auth' | 'register' }) => void>();
  events.on('open-auth', openAuth);
});

afterEach(() => {
  events.clear();
  vi.unstubAllGlobals();
});

// The login modal's host loads the identity dialogs lazily: let that import finish before the test
// environment is torn down (on a slow machine it otherwise ends in an unhandled rejection).
afterAll(async () => {
  await loadAuthDialogs().catch(() => undefined);
});

describe('guards on a direct load', () => {
  it('sends a guest on a login route to / and asks for the login modal', async () => {
    const router = await start('/profile/settings/connections');
    expect(router.state.location.pathname).toBe('/');
    expect(openAuth).toHaveBeenCalledWith({ mode: 'auth' });
  });

  it('lets a signed-in player open a login route', async () => {
    useAppStore.setState({ user: PLAYER });
    const router = await start('/bonus');
    expect(router.state.location.pathname).toBe('/bonus');
    expect(openAuth).not.toHaveBeenCalled();
  });

  it('sends a player without the permission from /admin to /', async () => {
    useAppStore.setState({ user: PLAYER });
    const router = await start('/admin');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an admin (role *) into /admin/user/:id', async () => {
    useAppStore.setState({ user: { ...PLAYER, roles: [{ id: '*' }] } });
    const router = await start('/admin/user/u9');
    expect(router.state.location.pathname).toBe('/admin/user/u9');
  });

  it('lets a holder of any one of the route permissions in (the promotions hub), and no one else', async () => {
    const holding = (id: string) => ({ ...PLAYER, permissions: [{ id, permissions: { active: true } }] });
    useAppStore.setState({ user: holding('vip') });
    expect((await start('/admin/promotions')).state.location.pathname).toBe('/admin/promotions');
    useAppStore.setState({ user: holding('moderateChat') });
    expect((await start('/admin/promotions')).state.location.pathname).toBe('/');
  });

  it('grants every permission in demo mode', async () => {
    useAppStore.setState({ license: { ...LICENSE, demo: true }, demo: true });
    const router = await start('/admin');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('redirects a self-excluded player to /error/se', async () => {
    useAppStore.setState({ user: { ...PLAYER, self_excluded: true } });
    const router = await start('/casino/slots');
    expect(router.state.location.pathname).toBe('/error/se');
  });

  it('shows not-found for a plugin route whose plugin is off', async () => {
    const poker = await start('/poker');
    expect(poker.state.location.pathname).toBe('/poker');
    expect(is404(poker)).toBe(true);
    const race = await start('/leaderboard');
    expect(is404(race)).toBe(false);
  });

  it('does not let /{sportLink}/{id} swallow reserved first segments', async () => {
    expect(is404(await start('/error/whatever'))).toBe(true);
    expect(is404(await start('/esports/42'))).toBe(false);
  });

  it('stores the referral code of /ref/{code} and shows home', async () => {
    const router = await start('/ref/FRIEND42');
    expect(useAppStore.getState().referralCode).toBe('FRIEND42');
    expect(router.state.matches.at(-1)?.route.id).toBe('home-referral');
  });

  it('sends /?verify=true to the profile of a signed-in player', async () => {
    useAppStore.setState({ user: PLAYER });
    const router = await start('/?verify=true');
    expect(router.state.location.pathname).toBe('/profile/u1');
  });

  it('sets the sport type from the sportType parameter', async () => {
    await start('/sport/1');
    expect(useSportType.getState().sportType).toBe('SPORTS');
    await start('/esport/1');
    expect(useSportType.getState().sportType).toBe('ESPORTS');
    await start('/sport');
    expect(useSportType.getState().sportType).toBe('SPORTS');
  });
});

describe('in-app navigation', () => {
  it('cancels a guest navigation to a login route, keeps the page and opens the login modal', async () => {
    const router = createAppMemoryRouter(['/casino/slots']);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await settle(router);
    expect(router.state.location.pathname).toBe('/casino/slots');

    await act(() => router.navigate('/profile/settings/connections'));
    await settle(router);
    expect(router.state.location.pathname).toBe('/casino/slots');
    expect(openAuth).toHaveBeenCalledWith({ mode: 'auth' });

    const paths: string[] = [];
    events.on('path-change', ({ path }) => paths.push(path));
    await act(() => router.navigate('/vip'));
    await settle(router);
    expect(router.state.location.pathname).toBe('/vip');
    expect(paths).toContain('/vip');
    // It loads and renders three lazy pages (the slots grid, the login route's guard, /vip): slow on a
    // busy machine.
  }, 30_000);
});
