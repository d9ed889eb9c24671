import { useState, type FormEvent } from 'react';
import { AtSign, BadgeCheck, Info, Lock, MailWarning, UserRound } from 'lucide-react';
import { Button, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { endpoints, storeMe, type MeView } from './profile-api';
import { SettingsCard, TextField } from './fields';
import { isValidEmail } from './validation';
import { useTranslation } from '../../lib/i18n';

/** Account: login name (read-only) and email (change with re-verification). */
export function GeneralSettings({ me }: { me: MeView }) {
  const { t } = useTranslation();
  return (
    <div className="pg-stack profile-settings-stack">
      <SettingsCard
        icon={<UserRound size={18} />}
        title={t('profileUi.general.accountTitle')}
        description={t('profileUi.general.accountText')}
      >
        <TextField
          label={t('profileUi.general.username')}
          value={me.name}
          readOnly
          aria-readonly="true"
          hint={
            <span className="profile-inline-icon">
              <Lock size={12} aria-hidden="true" />
              {t('profileUi.general.usernameLocked')}
            </span>
          }
          data-testid="settings-username"
        />
      </SettingsCard>
      <EmailCard me={me} />
    </div>
  );
}

function EmailCard({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const current = me.email ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('errors.form.fillField'));
    if (!isValidEmail(value)) return setError(t('auth.invalidEmail'));
    if (current && value.toLowerCase() === current.toLowerCase()) {
      return setError(t('profileUi.general.emailSame'));
    }
    setError(null);
    setBusy(true);
    try {
      const { user } = await api(endpoints.updateEmail, { email: value });
      storeMe(user);
      setEmail('');
      toast.success(t('profileUi.general.emailChanged'));
    } catch (caught) {
      const field = isApiError(caught) ? caught.fieldMessage('email') : undefined;
      if (field) setError(field);
      else toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  async function sendVerification() {
    setSending(true);
    try {
      const answer = await api(endpoints.verifyEmail, {});
      toast.success(answer.message || t('email.sent'));
    } catch (caught) {
      toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  }

  const verified = !!me.email_verified;
  return (
    <SettingsCard
      icon={<AtSign size={18} />}
      title={t('auth.email')}
      description={t('profileUi.general.emailText')}
      testId="settings-email"
    >
      <div className="profile-email-current">
        <span className="profile-email-current__value" data-testid="settings-current-email">
          {current ?? t('profileUi.general.noEmail')}
        </span>
        {current &&
          (verified ? (
            <span className="pg-tag pg-tag--accent">
              <BadgeCheck size={12} aria-hidden="true" />
              {t('profileUi.general.verified')}
            </span>
          ) : (
            <span className="pg-tag profile-tag--warning">
              <MailWarning size={12} aria-hidden="true" />
              {t('profileUi.general.unverified')}
            </span>
          ))}
        {current && !verified && (
          <Button variant="ghost" size="sm" loading={sending} onClick={() => void sendVerification()}>
            {t('email.sendVerification')}
          </Button>
        )}
      </div>
      <form className="pg-form profile-inline-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={current ? t('profileUi.general.newEmail') : t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('email.placeholder')}
          value={email}
          maxLength={254}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          data-testid="settings-email-input"
        />
        <Button type="submit" loading={busy} className="profile-inline-form__submit">
          {current ? t('email.change') : t('common.save')}
        </Button>
      </form>
      <p className="profile-hint-row">
        <Info size={14} aria-hidden="true" />
        {t('profileUi.general.reverifyNote')}
      </p>
    </SettingsCard>
  );
}
