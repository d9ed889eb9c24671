/**
 * Messenger mini-app sign-in (spec 1 section 4): full-screen loader, sign out, exchange the
 * launch data for a session token (POST /api/telegram/generateToken), then token login. The
 * loader hides on login-success; a failure hides it and shows 'Failed to authorize using Telegram'.
 */
import type { telegramTokenEndpoint } from '@nebula/contracts';
import { api, endpointRef } from '../../lib/api';
import { events } from '../../lib/events';
import { i18n } from '../../lib/i18n';
import { closeModal, openModal, toast } from '../../ui';
import { BlockingLoader } from '../../ui/blocking-loader';
import { loginViaToken, logout } from './session';
import './auth.css';

export const TELEGRAM_LOADER_ID = 'telegram-loader';
const tokenEndpoint = endpointRef<typeof telegramTokenEndpoint>('POST', '/api/telegram/generateToken');

export async function signInWithTelegram(initData: string): Promise<boolean> {
  openModal({
    id: TELEGRAM_LOADER_ID,
    dismissible: false,
    className: 'auth-fullscreen-loader',
    ariaLabel: i18n.t('auth.telegramWaiting'),
    content: <BlockingLoader text={i18n.t('auth.telegramWaiting')} />,
  });
  const off = events.once('login-success', () => closeModal(TELEGRAM_LOADER_ID));
  try {
    await logout();
    const { token } = await api(tokenEndpoint, { initData });
    await loginViaToken(token);
    return true;
  } catch {
    off();
    closeModal(TELEGRAM_LOADER_ID);
    toast.error(i18n.t('auth.telegramFailed'));
    return false;
  }
}
