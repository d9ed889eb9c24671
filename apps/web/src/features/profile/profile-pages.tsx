import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Info, Link2, Settings, Wallet } from 'lucide-react';
import { Button, PageFrame, Skeleton } from '../../ui';
import { useAppStore } from '../../lib/store';
import './profile.css';

/** /profile/{userId or tag}: the public profile (own profile gets the settings links). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useAppStore((state) => state.user);
  const isOwn = !!user && (user._id === id || user.name === id);
  const name = isOwn ? user.name : decodeURIComponent(id);
  return (
    <PageFrame title={t('nav.profile')} breadcrumbs={[{ label: t('nav.profile') }, { label: name }]}>
      <div className="pg-stack">
        <section className="pg-hero profile-hero">
          <span className="profile-hero__avatar" aria-hidden="true">
            {user?.avatar && isOwn ? <img src={user.avatar} alt="" /> : name.charAt(0).toUpperCase()}
          </span>
          <div className="profile-hero__info">
            <h2>{name}</h2>
            {isOwn ? (
              <span className="pg-tag pg-tag--accent">
                {t('profile.level', { level: user.vipLevel ?? 0 })}
              </span>
            ) : (
              <Skeleton shape="text" width={120} />
            )}
          </div>
          {isOwn && (
            <Link
              to="/profile/settings/connections"
              className="ui-btn ui-btn--secondary ui-btn--sm profile-hero__settings"
            >
              <span className="ui-btn__content">
                <span className="ui-btn__icon">
                  <Settings size={16} />
                </span>
                <span className="ui-btn__label">{t('nav.settings')}</span>
              </span>
            </Link>
          )}
        </section>
        <div className="pg-stats">
          {(['wagered', 'totalGames'] as const).map((key) => (
            <div key={key} className="pg-stat">
              <span className="pg-stat__label">{t(`profile.${key}`)}</span>
              <Skeleton shape="text" width="50%" height={26} />
            </div>
          ))}
        </div>
        <p className="pg-note">
          <Info size={16} aria-hidden="true" />
          <span>{t('app.profile.note')}</span>
        </p>
      </div>
    </PageFrame>
  );
}

/** /profile/settings/connections (login required): linked wallets and accounts. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useAppStore((state) => state.user);
  const title = t('nav.connections');
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.profile'), to: user ? `/profile/${user._id}` : '/' },
        { label: t('nav.settings') },
        { label: title },
      ]}
      width="narrow"
    >
      <div className="pg-stack" data-testid="connections-page">
        {(['wallet', 'social'] as const).map((key) => (
          <section key={key} className="pg-card">
            <div className="pg-card__head">
              <span className="pg-card__icon">
                {key === 'wallet' ? <Wallet size={18} /> : <Link2 size={18} />}
              </span>
              <div>
                <h2 className="pg-card__title">{t(`app.connections.${key}.title`)}</h2>
                <p className="pg-card__meta">{t(`app.connections.${key}.text`)}</p>
              </div>
            </div>
            <div className="pg-row" style={{ justifyContent: 'flex-end' }}>
              <Button variant="secondary" size="sm" disabled>
                {t('app.connections.connect')}
              </Button>
            </div>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
