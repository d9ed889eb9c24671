/**
 * The emailed links, mounted over the home page by the route table:
 * - `/email/{user}/{token}` confirms the address (POST /api/user/confirmEmail): success toast and a
 *   user refresh, or an error toast; then home.
 * - `/password/reset/{user}/{token}` opens the new-password dialog; closing it goes home.
 */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { confirmEmailEndpoint } from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { toast } from '../../ui';
import { translateMessage } from './errors';
import { openPasswordReset } from './modals';
import { refreshUser } from './session';
import { useTranslation } from '../../lib/i18n';
import './texts';

const confirmEmail = endpointRef<typeof confirmEmailEndpoint>('POST', '/api/user/confirmEmail');

/** Links already handled in this page life (StrictMode runs effects twice; a token is single use). */
const handled = new Set<string>();

export function EmailConfirm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user = '', token = '' } = useParams();

  useEffect(() => {
    const key = `${user}/${token}`;
    if (handled.has(key)) return;
    handled.add(key);
    void (async () => {
      try {
        await api(confirmEmail, { user, token });
        toast.success(t('email.confirmed'));
        if (useAppStore.getState().user) await refreshUser().catch(() => null);
      } catch (error) {
        const message = isApiError(error) && error.status === 422 ? t('email.confirmFailed') : null;
        toast.error(
          message ?? (isApiError(error) ? translateMessage(t, error.message) : t('errors.generic')),
        );
      }
      void navigate('/', { replace: true });
    })();
  }, [user, token, t, navigate]);

  return (
    <p className="sr-only" role="status">
      {t('email.confirming')}
    </p>
  );
}

export function PasswordReset() {
  const navigate = useNavigate();
  const { user = '', token = '' } = useParams();

  useEffect(() => {
    openPasswordReset(user, token, () => void navigate('/', { replace: true }));
  }, [user, token, navigate]);

  return null;
}
