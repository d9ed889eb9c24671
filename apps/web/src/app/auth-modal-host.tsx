import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, openModal } from '../ui';
import { events } from '../lib/events';
import { isSignedIn, useAppStore } from '../lib/store';
import { AuthModal } from '../features/auth/auth-modal';
import { attachAuthHost, type AuthMode } from './auth-gate';

export const AUTH_MODAL_ID = 'auth';

/** Opens the login/register dialog on `open-auth` (and for requests made before it mounted). */
export function AuthModalHost() {
  const { t } = useTranslation();

  useEffect(() => {
    function open(mode: AuthMode) {
      if (isSignedIn(useAppStore.getState().user)) return;
      openModal({
        id: AUTH_MODAL_ID,
        title: t('auth.title'),
        size: 'sm',
        content: <AuthModal initialMode={mode} onNavigate={() => closeModal(AUTH_MODAL_ID)} />,
      });
    }
    const off = events.on('open-auth', (payload) => open(payload.mode));
    const { pending, detach } = attachAuthHost();
    if (pending) open(pending);
    return () => {
      off();
      detach();
    };
  }, [t]);

  return null;
}
