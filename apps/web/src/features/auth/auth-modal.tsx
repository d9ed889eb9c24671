import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Info } from 'lucide-react';
import { Button, Tabs } from '../../ui';
import { useAppStore } from '../../lib/store';
import './auth.css';

export type AuthMode = 'auth' | 'register';

/**
 * The login/register dialog frame (spec 1 section 2.3): tabs Log in and Register with their
 * fields. Submitting comes with the identity issue; until then the form says so.
 */
export function AuthModal({ initialMode, onNavigate }: { initialMode: AuthMode; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const referralCode = useAppStore((state) => state.referralCode);
  const [agreed, setAgreed] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
  }

  return (
    <div className="auth-modal" data-testid="auth-modal" data-mode={mode}>
      <div className="auth-modal__brand" aria-hidden="true">
        <span className="auth-modal__mark">N</span>
      </div>
      <Tabs
        fullWidth
        tabs={[
          { id: 'auth', label: t('auth.logIn') },
          { id: 'register', label: t('auth.register') },
        ]}
        value={mode}
        onChange={setMode}
        aria-label={t('auth.title')}
      />
      <form className="pg-form auth-modal__form" onSubmit={handleSubmit} noValidate>
        {mode === 'register' && (
          <label className="pg-field">
            <span>{t('auth.email')}</span>
            <input type="email" name="email" autoComplete="email" />
          </label>
        )}
        <label className="pg-field">
          <span>{mode === 'register' ? t('auth.login') : t('auth.loginOrEmail')}</span>
          <input type="text" name="login" autoComplete="username" />
        </label>
        <label className="pg-field">
          <span>{t('auth.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          />
        </label>
        {mode === 'register' && (
          <>
            <label className="pg-field">
              <span>{t('auth.inviteCode')}</span>
              <input type="text" name="inviteCode" defaultValue={referralCode ?? ''} />
            </label>
            <label className="auth-modal__check">
              <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
              <span>
                {t('auth.ageConfirm')}{' '}
                <Link to="/terms" onClick={onNavigate}>
                  ({t('footer.terms')})
                </Link>
              </span>
            </label>
          </>
        )}
        {mode === 'auth' && (
          <button type="button" className="auth-modal__forgot" disabled>
            {t('auth.forgotPassword')}
          </button>
        )}
        <Button type="submit" size="lg" fullWidth disabled>
          {mode === 'auth' ? t('auth.logIn') : t('auth.register')}
        </Button>
      </form>
      <p className="pg-note">
        <Info size={16} aria-hidden="true" />
        <span>{t('app.auth.comingSoon')}</span>
      </p>
    </div>
  );
}
