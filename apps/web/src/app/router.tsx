import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { setGuardRoutes } from './guards';
import { createRoutes, preloadRouteOf } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Events that show the intent to follow a link: its page module is fetched then (see preloadRouteOf). */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

let listening = false;

function preloadLinksOnIntent(): void {
  if (listening) return;
  listening = true;
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (seen.has(link.pathname)) return;
    seen.add(link.pathname);
    preloadRouteOf(link.pathname);
  };
  for (const type of INTENT_EVENTS) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

/** The app's data router over the browser history. */
export function createAppRouter(): AppRouter {
  const routes = createRoutes();
  setGuardRoutes(routes);
  preloadLinksOnIntent();
  return createBrowserRouter(routes);
}

/** The same table over an in-memory history (tests). */
export function createAppMemoryRouter(initialEntries: string[] = ['/']): AppRouter {
  const routes = createRoutes();
  setGuardRoutes(routes);
  return createMemoryRouter(routes, { initialEntries });
}
