import { useRef, useState, type FormEvent } from 'react';
import { AtSign, KeyRound, Lock, Ticket, User } from 'lucide-react';
import { Button, Tabs, toast } from '../../ui';
import { events } from '../../lib/events';
import { useAppStore } from '../../lib/store';
import { Captcha, type CaptchaHandle } from './captcha';
import { mapFormError, type FieldErrors } from './errors';
import { TextField } from './fields';
import { login, register } from './session';
import { SOCIAL_PROVIDERS, WalletMark } from './social';
import { browserWallet, signInWithWallet, WALLET_FAILURE_KEYS, WalletSignInError } from './wallet';
import './auth.css';
import { useTranslation } from '../../lib/i18n';
import './texts';

export type AuthMode = 'auth' | 'register';

/** At or below this width the browser wallet button is hidden (spec 1 section 9). */
export const WALLET_BUTTON_MAX_HIDDEN_WIDTH = 991;

/**
 * Spec 1 section 4: "The submit button is disabled while a captcha payload exists" is read with
 * the sentence before it ("the captcha must be solved before submit"): submitting needs a solved
 * captcha, and in register mode the ticked age/terms box.
 */
export function canSubmit(input: { mode: AuthMode; captcha: string | null; agreed: boolean; busy: boolean }) {
  if (input.busy || !input.captcha) return false;
  return input.mode === 'auth' || input.agreed;
}

/**
 * The tick box's sentence around its "Terms and Conditions" (which opens the Terms dialog); `after`
 * is null when the sentence does not name them (the whole sentence is then the label).
 */
export function splitAgreement(sentence: string, terms: string): { before: string; after: string | null } {
  const at = terms ? sentence.indexOf(terms) : -1;
  if (at < 0) return { before: sentence, after: null };
  return { before: sentence.slice(0, at), after: sentence.slice(at + terms.length) };
}

export interface AuthModalProps {
  initialMode: AuthMode;
  onForgotPassword?: () => void;
  onWalletConnect?: () => void;
  /** Called after a successful sign-in or registration. */
  onSuccess?: () => void;
}

/** The login/register dialog (spec 1 section 2.3). */
export function AuthModal({ initialMode, onForgotPassword, onWalletConnect, onSuccess }: AuthModalProps) {
  const { t } = useTranslation();
  const referralCode = useAppStore((state) => state.referralCode);
  const windowWidth = useAppStore((state) => state.windowWidth);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(referralCode ?? '');
  const [agreed, setAgreed] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [walletBusy, setWalletBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [locked, setLocked] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);

  function switchMode(next: AuthMode) {
    setMode(next);
    setErrors({});
    setLocked(null);
  }

  function edit(field: keyof FieldErrors, setter: (value: string) => void) {
    return (value: string) => {
      setter(value);
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit({ mode, captcha, agreed, busy }) || !captcha) return;
    setBusy(true);
    setErrors({});
    setLocked(null);
    try {
      if (mode === 'auth') await login({ login: name.trim(), password, captcha });
      else await register({ email: email.trim(), name: name.trim(), password, inviteCode, captcha });
      onSuccess?.();
    } catch (error) {
      const mapped = mapFormError(t, error);
      setErrors(mapped.fields);
      if (mapped.locked) setLocked(mapped.toast);
      else if (mapped.toast) toast.error(mapped.toast);
      if (mapped.resetCaptcha) captchaRef.current?.reset();
      setBusy(false);
    }
  }

  async function handleWallet() {
    setWalletBusy(true);
    try {
      await signInWithWallet(browserWallet());
      onSuccess?.();
    } catch (error) {
      const reason = error instanceof WalletSignInError ? error.reason : 'signature';
      toast.error(t(WALLET_FAILURE_KEYS[reason]));
      setWalletBusy(false);
    }
  }

  const isRegister = mode === 'register';
  const agreement = splitAgreement(t('auth.ageConfirm'), t('auth.terms'));
  /** The Terms dialog over this one; its "I agree" ticks the box. */
  const openTerms = () => events.emit('open-legal', { doc: 'terms', onAccept: () => setAgreed(true) });
  const submitEnabled = canSubmit({ mode, captcha, agreed, busy: false });

  return (
    <div className="auth-modal" data-testid="auth-modal" data-mode={mode}>
      <div className="auth-modal__hero">
        <span className="auth-modal__mark" aria-hidden="true">
          N
        </span>
        <p className="auth-modal__subtitle">{isRegister ? t('auth.registerSubtitle') : t('auth.subtitle')}</p>
      </div>
      <Tabs
        fullWidth
        tabs={[
          { id: 'auth', label: t('auth.logIn') },
          { id: 'register', label: t('auth.register') },
        ]}
        value={mode}
        onChange={switchMode}
        aria-label={t('auth.title')}
      />
      <form className="auth-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        {isRegister && (
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            icon={<AtSign size={16} />}
            value={email}
            onValueChange={edit('email', setEmail)}
            error={errors.email}
            data-autofocus
          />
        )}
        <TextField
          label={isRegister ? t('auth.login') : t('auth.loginOrEmail')}
          name="login"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          icon={<User size={16} />}
          value={name}
          onValueChange={edit('login', setName)}
          error={errors.login}
          data-autofocus={isRegister ? undefined : true}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          icon={<Lock size={16} />}
          value={password}
          onValueChange={edit('password', setPassword)}
          error={errors.password}
        />
        {!isRegister && (
          <button
            type="button"
            className="auth-link auth-form__forgot"
            onClick={onForgotPassword}
            data-testid="forgot-password"
          >
            <KeyRound size={14} aria-hidden="true" />
            {t('auth.forgotPassword')}
          </button>
        )}
        {isRegister && (
          <TextField
            label={t('auth.inviteCode')}
            name="inviteCode"
            type="text"
            autoCapitalize="none"
            icon={<Ticket size={16} />}
            value={inviteCode}
            onValueChange={edit('inviteCode', setInviteCode)}
            error={errors.inviteCode}
          />
        )}
        <Captcha ref={captchaRef} onChange={setCaptcha} error={errors.captcha} />
        {isRegister && (
          <div className="auth-check">
            <input
              id="auth-age-confirm"
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              // The whole sentence, whatever the label's terms button contributes to the name.
              aria-label={t('auth.ageConfirm')}
              data-testid="age-confirm"
            />
            <label htmlFor="auth-age-confirm">
              {agreement.before}
              {agreement.after !== null && (
                <>
                  <button
                    type="button"
                    className="auth-check__terms"
                    onClick={openTerms}
                    data-testid="age-confirm-terms"
                  >
                    {t('auth.terms')}
                  </button>
                  {agreement.after}
                </>
              )}
            </label>
          </div>
        )}
        {locked && (
          <p className="auth-alert" role="alert" data-testid="auth-locked">
            {locked}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!submitEnabled}
          loading={busy}
          data-testid="auth-submit"
        >
          {isRegister ? t('auth.submitRegister') : t('auth.submitLogin')}
        </Button>
      </form>
      <div className="auth-divider">
        <span>{t('auth.orContinueWith')}</span>
      </div>
      <div className="auth-social">
        {windowWidth > WALLET_BUTTON_MAX_HIDDEN_WIDTH && (
          <Button
            variant="secondary"
            fullWidth
            icon={<WalletMark />}
            loading={walletBusy}
            onClick={() => void handleWallet()}
            data-testid="wallet-login"
          >
            MetaMask
          </Button>
        )}
        <div className="auth-social__row">
          {SOCIAL_PROVIDERS.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className="auth-social__btn"
              aria-label={t('auth.socialWith', { name: provider.name })}
              title={provider.name}
              onClick={onWalletConnect}
              data-testid={`social-${provider.id}`}
            >
              {provider.icon}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
