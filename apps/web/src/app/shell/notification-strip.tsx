import { useState } from 'react';
import { Link } from 'react-router';
import {
  AlertTriangle,
  Bell,
  Crown,
  Gift,
  Info,
  MailWarning,
  Megaphone,
  Trophy,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { verifyEmailEndpoint } from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';
import { Button, toast } from '../../ui';
import { useAppStore } from '../../lib/store';
import { translateMessage } from '../../features/auth/errors';
import { useTranslation } from '../../lib/i18n';
import { dismissNotification } from './server-notifications';

/** The icons a server notification names (contracts NOTIFICATION_ICONS); anything else is the bell. */
const ICONS: Record<string, LucideIcon> = {
  bell: Bell,
  info: Info,
  gift: Gift,
  crown: Crown,
  wallet: Wallet,
  megaphone: Megaphone,
  alert: AlertTriangle,
  trophy: Trophy,
};

const verifyEmail = endpointRef<typeof verifyEmailEndpoint>('POST', '/api/user/verifyEmail');

/** Where 'Change email' leads: the profile settings (login required), which hold the email form. */
export const CHANGE_EMAIL_PATH = '/profile/settings';

/**
 * 'Send verification email' (spec 2: a sending flag blocks repeat clicks, the label reads
 * 'Sending...'): success toasts the server's text, 429 the 'too quick' text.
 */
export function useSendVerification() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  async function send() {
    if (sending) return;
    setSending(true);
    try {
      const { message } = await api(verifyEmail, {});
      toast.success(message ? translateMessage(t, message) : t('email.sent'), { id: 'verify-email' });
    } catch (error) {
      if (isApiError(error) && error.status === 429) toast.error(t('email.tooQuick'), { id: 'verify-email' });
      else {
        const text = isApiError(error) ? translateMessage(t, error.message) : t('errors.generic');
        toast.error(text, { id: 'verify-email' });
      }
    } finally {
      setSending(false);
    }
  }
  return { sending, send };
}

/** Unverified-email prompt and the server's notifications (spec 2 section 2). */
export function NotificationStrip() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const notifications = useAppStore((state) => state.notifications);
  const { sending, send } = useSendVerification();
  const unverified = !!user?.email && !user.email_verified;
  if (!unverified && notifications.length === 0) return null;

  return (
    <div className="notice-strip" data-testid="notification-strip">
      {unverified && (
        <div className="notice-strip__item notice-strip__item--warning" role="status">
          <MailWarning size={18} aria-hidden="true" />
          <span className="notice-strip__text">
            {t('email.unverifiedWithAddress', { email: user.email })}
          </span>
          <span className="notice-strip__actions">
            <Button size="sm" onClick={() => void send()} disabled={sending} data-testid="send-verification">
              {sending ? t('email.sending') : t('email.sendVerification')}
            </Button>
            <Link to={CHANGE_EMAIL_PATH} className="ui-btn ui-btn--ghost ui-btn--sm">
              <span className="ui-btn__content">
                <span className="ui-btn__label">{t('email.change')}</span>
              </span>
            </Link>
          </span>
        </div>
      )}
      {notifications.map((notification) => {
        const Icon = ICONS[notification.icon] ?? Bell;
        return (
          <div
            key={notification._id}
            className={`notice-strip__item notice-strip__item--server is-${notification.icon}`}
            data-testid="server-notification"
          >
            <span className="notice-strip__icon" aria-hidden="true">
              <Icon size={16} />
            </span>
            {/* HTML the server sanitised (staff or system text; decision 0040). */}
            <span className="notice-strip__text" dangerouslySetInnerHTML={{ __html: notification.text }} />
            <button
              type="button"
              className="notice-strip__dismiss"
              aria-label={t('common.close')}
              onClick={() => void dismissNotification(notification._id)}
              data-testid="dismiss-notification"
            >
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
