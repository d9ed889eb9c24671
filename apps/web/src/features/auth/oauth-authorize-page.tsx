import { Link, useParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Button } from '../../ui';
import './auth.css';
import { useTranslation } from '../../lib/i18n';

/** /oauth/authorize/{requestId}: an application asks to act for the player (no shell). */
export function OAuthAuthorizePage() {
  const { t } = useTranslation();
  const { requestId = '' } = useParams();
  return (
    <main className="auth-standalone">
      <title>{t('app.oauth.title')}</title>
      <div className="auth-standalone__card">
        <span className="auth-standalone__icon" aria-hidden="true">
          <KeyRound size={28} />
        </span>
        <h1>{t('app.oauth.title')}</h1>
        <p>{t('app.oauth.text')}</p>
        <p className="pg-mono auth-standalone__id">{t('app.oauth.request', { id: requestId })}</p>
        <div className="auth-standalone__actions">
          <Button variant="secondary" disabled>
            {t('app.oauth.deny')}
          </Button>
          <Button disabled>{t('app.oauth.approve')}</Button>
        </div>
        <Link to="/" className="auth-standalone__back">
          {t('license.backHome')}
        </Link>
      </div>
    </main>
  );
}
