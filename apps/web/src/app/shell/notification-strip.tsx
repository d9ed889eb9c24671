import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bell, MailWarning } from 'lucide-react';
import { Button, toast } from '../../ui';
import { useAppStore } from '../../lib/store';

/** Unverified-email prompt and the server's notifications (spec 2 section 2). */
export function NotificationStrip() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const notifications = useAppStore((state) => state.notifications);
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
            <Button size="sm" onClick={() => toast.info(t('app.email.sendComingSoon'))}>
              {t('email.sendVerification')}
            </Button>
            <Link to={`/profile/${user._id}`} className="ui-btn ui-btn--ghost ui-btn--sm">
              <span className="ui-btn__content">
                <span className="ui-btn__label">{t('email.change')}</span>
              </span>
            </Link>
          </span>
        </div>
      )}
      {notifications.map((notification) => (
        <div key={notification._id} className="notice-strip__item">
          {notification.icon ? (
            <img src={notification.icon} alt="" width={18} height={18} />
          ) : (
            <Bell size={18} aria-hidden="true" />
          )}
          {/* Operator-authored HTML from the server (never user content). */}
          <span className="notice-strip__text" dangerouslySetInnerHTML={{ __html: notification.text }} />
        </div>
      ))}
    </div>
  );
}
