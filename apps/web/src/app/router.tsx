import { createBrowserRouter, createMemoryRouter } from 'react-router';
import { setGuardRoutes } from './guards';
import { createRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The app's data router over the browser history. */
export function createAppRouter(): AppRouter {
  const routes = createRoutes();
  setGuardRoutes(routes);
  return createBrowserRouter(routes);
}

/** The same table over an in-memory history (tests). */
export function createAppMemoryRouter(initialEntries: string[] = ['/']): AppRouter {
  const routes = createRoutes();
  setGuardRoutes(routes);
  return createMemoryRouter(routes, { initialEntries });
}
