/** The smaller identity dialogs: forgot password, wallet connect, new password, mandatory email. */
import { useState, type FormEvent } from 'react';
import { AtSign, Lock, Mail, MailCheck, User, Wallet } from 'lucide-react';
import type { resetPasswordEndpoint, updateEmailEndpoint } from '@nebula/contracts';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useAppStore } from '../../lib/store';
import { Button, toast } from '../../ui';
import { Captcha } from './captcha';
import { mapFormError, translateMessage, type FieldErrors } from './errors';
import { TextField } from './fields';
import { authEndpoints, completeSignIn } from './session';
import { WalletMark } from './social';
import { browserWallet, signInWithWallet, WALLET_FAILURE_KEYS, WalletSignInError } from './wallet';
import './auth.css';
import { useTranslation } from '../../lib/i18n';
import './texts';

const resetPasswordRequest = endpointRef<typeof resetPasswordEndpoint>('POST', '/auth/resetPassword');
const updateEmail = endpointRef<typeof updateEmailEndpoint>('POST', '/api/user/updateEmail');

/** One field (e-mail or login) and the captcha; then the same confirmation whatever happened. */
export function ForgotPasswordForm({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!captcha || !login.trim() || busy) return;
    setBusy(true);
    try {
      await api(resetPasswordRequest, { login: login.trim(), captcha });
    } catch {
      // Failure is never revealed (spec 1 section 8): the confirmation shows either way.
    }
    setSent(true);
  }

  if (sent) {
    return (
      <div className="auth-done" data-testid="forgot-sent" role="status">
        <span className="auth-done__icon" aria-hidden="true">
          <MailCheck size={28} />
        </span>
        <p>{t('auth.resetSent')}</p>
        {onBack && (
          <Button variant="secondary" fullWidth onClick={onBack}>
            {t('auth.backToLogin')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      data-testid="forgot-form"
    >
      <p className="auth-form__intro">{t('auth.resetPasswordText')}</p>
      <TextField
        label={t('auth.forgotField')}
        name="login"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        icon={<User size={16} />}
        value={login}
        onValueChange={setLogin}
        data-autofocus
      />
      <Captcha onChange={setCaptcha} />
      <Button type="submit" size="lg" fullWidth disabled={!captcha || !login.trim()} loading={busy}>
        {t('auth.forgotSubmit')}
      </Button>
    </form>
  );
}

/** The dialog the social icons open: wallet connections (spec 1 section 2.3). */
export function WalletConnectDialog({ onSuccess }: { onSuccess?: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function handleBrowserWallet() {
    setBusy(true);
    try {
      await signInWithWallet(browserWallet());
      onSuccess?.();
    } catch (error) {
      const reason = error instanceof WalletSignInError ? error.reason : 'signature';
      toast.error(t(WALLET_FAILURE_KEYS[reason]));
      setBusy(false);
    }
  }

  const options = [
    { id: 'walletconnect', name: 'WalletConnect' },
    { id: 'coinbase', name: 'Coinbase Wallet' },
  ];

  return (
    <div className="auth-wallets" data-testid="wallet-connect">
      <p className="auth-form__intro">{t('auth.walletConnectText')}</p>
      <button
        type="button"
        className="auth-wallets__option"
        onClick={() => void handleBrowserWallet()}
        disabled={busy}
        data-testid="wallet-connect-metamask"
      >
        <span className="auth-wallets__logo">
          <WalletMark />
        </span>
        <span className="auth-wallets__name">MetaMask</span>
      </button>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className="auth-wallets__option"
          onClick={() => toast.info(t('auth.walletUnavailable'))}
        >
          <span className="auth-wallets__logo">
            <Wallet size={18} aria-hidden="true" />
          </span>
          <span className="auth-wallets__name">{option.name}</span>
          <span className="auth-wallets__soon">{t('auth.walletConnectSoon')}</span>
        </button>
      ))}
    </div>
  );
}

/** `/password/reset/{user}/{token}`: a new password twice, then signed in. */
export function PasswordResetForm({
  user,
  token,
  onDone,
}: {
  user: string;
  token: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      setErrors({ confirm: t('auth.passwordMismatch') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { user: me } = await api(authEndpoints.completeReset, { user, token, password });
      completeSignIn(me);
      toast.success(t('auth.passwordChanged'));
      onDone();
    } catch (error) {
      const mapped = mapFormError(t, error);
      setErrors(mapped.fields);
      if (mapped.toast) toast.error(mapped.toast);
      setBusy(false);
    }
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      data-testid="reset-form"
    >
      <p className="auth-form__intro">{t('auth.resetText')}</p>
      <TextField
        label={t('auth.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        icon={<Lock size={16} />}
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        data-autofocus
      />
      <TextField
        label={t('auth.confirmPassword')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        icon={<Lock size={16} />}
        value={confirm}
        onValueChange={setConfirm}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" fullWidth disabled={!password || !confirm} loading={busy}>
        {t('auth.setPassword')}
      </Button>
    </form>
  );
}

/** Accounts without email (wallet, messenger) must add one: no way around this dialog. */
export function UpdateEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    try {
      const { user } = await api(updateEmail, { email: email.trim() });
      useAppStore.getState().updateUser(user);
      onDone();
    } catch (error) {
      toast.error(isApiError(error) ? translateMessage(t, error.message) : t('errors.tryAgainLater'));
      setBusy(false);
    }
  }

  return (
    <form
      className="auth-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      data-testid="update-email-form"
    >
      <div className="auth-done">
        <span className="auth-done__icon" aria-hidden="true">
          <Mail size={28} />
        </span>
        <p>{t('email.updateText')}</p>
      </div>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        icon={<AtSign size={16} />}
        value={email}
        onValueChange={setEmail}
        data-autofocus
      />
      <Button type="submit" size="lg" fullWidth disabled={!email.trim()} loading={busy}>
        {t('auth.saveEmail')}
      </Button>
    </form>
  );
}
