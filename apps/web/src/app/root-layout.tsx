import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRealtimeAfterPage } from '../lib/realtime-lazy';
import { LazyModalHost, ToastHost } from '../ui';
import { AuthModalHost } from './auth-modal-host';
import { ensureLicense } from './boot';
import { NavigationEffects, NavigationGuard } from './guards';
import { useShareLink } from './share-link';

// HTTP 419 (blocking loader once, forget the user, reload; never a loop) is handled in boot.ts.

/** Above the shell and the layout-free pages: navigation behaviour and the global hosts. */
export function RootLayout() {
  useShareLink();
  // The socket opens when the browser is first idle after the page: its code stays out of the first visit.
  useRealtimeAfterPage();
  useEffect(() => {
    void ensureLicense();
  }, []);
  return (
    <>
      <NavigationGuard />
      <NavigationEffects />
      <Outlet />
      <AuthModalHost />
      <LazyModalHost />
      <ToastHost />
    </>
  );
}
