/**
 * Route guards (spec 1 section 2.1, spec 3 sections 2 and 6).
 *
 * Two layers, because a loader cannot keep the current page:
 * - `NavigationGuard` blocks (react-router `useBlocker`) any in-app navigation of a guest to a
 *   login-required route: the navigation is cancelled, the URL and page stay, the login modal opens.
 * - Route loaders (`runGuards`) check every route on a direct page load and after redirects:
 *   self-exclusion -> /error/se, login-required guest -> / plus the login modal, missing permission
 *   -> /, plugin off -> 404 (rendered as the not-found page by the route's error element).
 */
import { useCallback, useEffect } from 'react';
import {
  data,
  matchRoutes,
  redirect,
  useBlocker,
  useLocation,
  useMatches,
  useNavigate,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { events } from '../lib/events';
import { hasPermission, hasPlugin, isSignedIn, useAppStore } from '../lib/store';
import { requestLogin } from '../lib/request-login';
import { ensureLicense } from './boot';
import { readHandle, type RouteHandle } from './route-handle';
import { sportTypeOf, useSportType } from './sport-type';

export const SELF_EXCLUSION_PATH = '/error/se';
/** Pages a self-excluded player may still open (the exclusion notice and the legal texts). */
const SELF_EXCLUSION_ALLOWED = new Set([SELF_EXCLUSION_PATH, '/privacyPolicy', '/terms']);

/**
 * First path segments that belong to other routes: `/{sportLink}/{id}` must not swallow
 * `/error/x`, `/admin/x`, `/pvp/x`... which are not-found instead.
 */
export const RESERVED_FIRST_SEGMENTS = new Set([
  'admin',
  'analytics',
  'bonus',
  'casino',
  'crypto',
  'debugger',
  'email',
  'error',
  'fairness',
  'leaderboard',
  'oauth',
  'partner',
  'password',
  'poker',
  'privacyPolicy',
  'profile',
  'promotions',
  'provider',
  'pvp',
  'ref',
  'revShare',
  'rewards',
  'terms',
  'token',
  'trading',
  'vip',
  'walletconnect',
]);

export function notFound(): never {
  throw data('Not found', { status: 404 });
}

/** Runs the guards of one route; throws a redirect or a 404 response when one fails. */
export async function runGuards(handle: RouteHandle, { request }: LoaderFunctionArgs): Promise<void> {
  const { user } = useAppStore.getState();
  const { pathname } = new URL(request.url);

  if (user?.self_excluded && !SELF_EXCLUSION_ALLOWED.has(pathname)) throw redirect(SELF_EXCLUSION_PATH);

  if (handle.auth && !isSignedIn(user)) {
    requestLogin('auth');
    throw redirect('/');
  }

  if (handle.permission) {
    // Demo mode grants every permission, and the demo flag comes with the licence.
    const license = await ensureLicense();
    const state = useAppStore.getState();
    const ids = typeof handle.permission === 'string' ? [handle.permission] : handle.permission;
    if (!ids.some((id) => hasPermission(state.user, id, 'active', license?.demo ?? state.demo))) {
      throw redirect('/');
    }
  }

  if (handle.plugin) {
    const license = await ensureLicense();
    if (!hasPlugin(license, handle.plugin)) notFound();
  }
}

/** The loader of a route: its guards, then the route's own work. */
export function guardedLoader(
  handle: RouteHandle,
  extra?: (args: LoaderFunctionArgs) => Response | null | Promise<Response | null>,
) {
  return async (args: LoaderFunctionArgs): Promise<Response | null> => {
    await runGuards(handle, args);
    if (handle.sportType !== undefined) applySportType(args, handle.sportType);
    return extra ? extra(args) : null;
  };
}

function applySportType({ request }: LoaderFunctionArgs, fallback: string): void {
  const fromQuery = new URL(request.url).searchParams.get('sportType');
  useSportType.getState().setSportType(sportTypeOf(fromQuery ?? fallback));
}

/** `/` with `verify=true` sends a signed-in player to their profile (a guest gets the login modal). */
export function homeLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  if (url.searchParams.get('verify') !== 'true') return null;
  const { user } = useAppStore.getState();
  if (isSignedIn(user)) throw redirect(`/profile/${encodeURIComponent(user._id)}`);
  requestLogin('auth');
  return null;
}

/** `/ref/{code}` keeps the referral code (it prefills the invite code on registration). */
export function referralLoader({ params }: LoaderFunctionArgs): null {
  const code = params.code?.trim();
  if (code) useAppStore.getState().setReferralCode(code);
  return null;
}

/** `/{sportLink}/{id}`: the link segment is the sport type; reserved segments are not sport links. */
export function sportGameLoader(args: LoaderFunctionArgs): null {
  const link = args.params.sportLink ?? '';
  if (RESERVED_FIRST_SEGMENTS.has(link)) notFound();
  applySportType(args, link);
  return null;
}

// ---- in-app navigation -------------------------------------------------------------------------

let guardRoutes: RouteObject[] = [];

/** The router registers its table here so the blocker can tell where a link leads. */
export function setGuardRoutes(routes: RouteObject[]): void {
  guardRoutes = routes;
}

export function routeNeedsLogin(pathname: string, routes: RouteObject[] = guardRoutes): boolean {
  const matches = matchRoutes(routes, pathname);
  return !!matches?.some((match) => readHandle(match.route.handle).auth);
}

/**
 * Cancels in-app navigation of a guest to a login-required route and opens the login modal;
 * sends the player home when they sign out on such a route, and to /error/se when self-excluded.
 */
export function NavigationGuard() {
  const shouldBlock = useCallback(
    ({ nextLocation }: { nextLocation: { pathname: string } }) =>
      !isSignedIn(useAppStore.getState().user) && routeNeedsLogin(nextLocation.pathname),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    requestLogin('auth');
  }, [blocker]);

  const user = useAppStore((state) => state.user);
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const needsLogin = matches.some((match) => readHandle(match.handle).auth);

  useEffect(() => {
    if (needsLogin && !isSignedIn(user)) void navigate('/', { replace: true });
  }, [needsLogin, user, navigate]);

  useEffect(() => {
    if (user?.self_excluded && !SELF_EXCLUSION_ALLOWED.has(location.pathname)) {
      void navigate(SELF_EXCLUSION_PATH, { replace: true });
    }
  }, [user, location.pathname, navigate]);

  return null;
}

/** Every navigation scrolls to the top and emits `path-change`. */
export function NavigationEffects() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
    events.emit('path-change', { path: location.pathname });
  }, [location.pathname, location.search]);
  return null;
}
