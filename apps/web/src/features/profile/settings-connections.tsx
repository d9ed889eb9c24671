import type { ReactNode } from 'react';
import { AtSign, Info, Send, Wallet } from 'lucide-react';
import clsx from 'clsx';
import type { MeView } from './profile-api';
import { SettingsCard } from './fields';
import { useTranslation } from '../../lib/i18n';

function ConnectionRow({
  icon,
  title,
  text,
  status,
  tone,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  status: string;
  tone: 'on' | 'off' | 'muted';
  testId: string;
}) {
  return (
    <li className="profile-connection" data-testid={testId}>
      <span className="profile-connection__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="profile-connection__info">
        <span className="profile-connection__title">{title}</span>
        <span className="profile-connection__text">{text}</span>
      </div>
      <span className={clsx('profile-status', `is-${tone}`)}>{status}</span>
    </li>
  );
}

/**
 * Sign-in methods. The signed-in user object tells whether an email is set and verified; it does
 * not carry wallet or Telegram links, so those rows say what they do without claiming a state.
 */
export function ConnectionsSettings({ me }: { me: MeView }) {
  const { t } = useTranslation();
  return (
    <div className="pg-stack profile-settings-stack" data-testid="connections-page">
      <SettingsCard
        icon={<Wallet size={18} />}
        title={t('profileUi.connections.title')}
        description={t('profileUi.connections.text')}
      >
        <ul className="profile-connections">
          <ConnectionRow
            icon={<AtSign size={18} />}
            title={t('auth.email')}
            text={me.email ?? t('profileUi.general.noEmail')}
            status={
              !me.email
                ? t('profileUi.connections.notSet')
                : me.email_verified
                  ? t('profileUi.general.verified')
                  : t('profileUi.general.unverified')
            }
            tone={me.email && me.email_verified ? 'on' : 'off'}
            testId="connection-email"
          />
          <ConnectionRow
            icon={<Wallet size={18} />}
            title={t('profileUi.connections.wallet')}
            text={t('profileUi.connections.walletText')}
            status={t('common.comingSoon')}
            tone="muted"
            testId="connection-wallet"
          />
          <ConnectionRow
            icon={<Send size={18} />}
            title={t('profileUi.connections.telegram')}
            text={t('profileUi.connections.telegramText')}
            status={t('common.comingSoon')}
            tone="muted"
            testId="connection-telegram"
          />
        </ul>
      </SettingsCard>
      <p className="pg-note">
        <Info size={16} aria-hidden="true" />
        <span>{t('profileUi.connections.later')}</span>
      </p>
    </div>
  );
}
