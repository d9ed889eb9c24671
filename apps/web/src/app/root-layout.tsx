import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ModalHost, ToastHost, openBlockingLoader } from '../ui';
import { events } from '../lib/events';
import { AuthModalHost } from './auth-modal-host';
import { ensureLicense } from './boot';
import { NavigationEffects, NavigationGuard } from './guards';

/** Time the session-expired loader stays before the reload (long enough to be read). */
const RELOAD_DELAY_MS = 1200;

/** HTTP 419: a blocking loader once, then the page reloads (spec 1 section 8). */
function SessionExpiredHandler() {
  const { t } = useTranslation();
  useEffect(() => {
    let shown = false;
    return events.on('session-expired', () => {
      if (shown) return;
      shown = true;
      openBlockingLoader(t('errors.sessionExpired'));
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    });
  }, [t]);
  return null;
}

/** Above the shell and the layout-free pages: navigation behaviour and the global hosts. */
export function RootLayout() {
  useEffect(() => {
    void ensureLicense();
  }, []);
  return (
    <>
      <NavigationGuard />
      <NavigationEffects />
      <SessionExpiredHandler />
      <Outlet />
      <AuthModalHost />
      <ModalHost />
      <ToastHost />
    </>
  );
}
