import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import clsx from 'clsx';
import { Button, closeModal, openModal, toast, useModal } from '../../ui';
import { PASSWORD_MIN } from '@nebula/contracts/constants';
import { api, isApiError, TWO_FACTOR_REQUIRED } from '../../lib/api';
import { endpoints, storeMe, type MeView } from './profile-api';
import { SettingsCard, TextField } from './fields';
import {
  hasErrors,
  isTwoFactorCode,
  normaliseCode,
  validatePasswordForm,
  type PasswordErrors,
  type PasswordFieldError,
  type PasswordForm,
} from './validation';
import { useTranslation } from '../../lib/i18n';

export function SecuritySettings({ me }: { me: MeView }) {
  return (
    <div className="pg-stack profile-settings-stack">
      <PasswordCard />
      <TwoFactorCard enabled={!!me.twoFactorEnabled} />
    </div>
  );
}

const EMPTY_FORM: PasswordForm = { current: '', password: '', confirm: '' };

function PasswordCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PasswordForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof PasswordForm, string>>>({});
  const [busy, setBusy] = useState(false);

  function message(error: PasswordFieldError | undefined): string | null {
    if (!error) return null;
    if (error === 'required') return t('errors.form.fillField');
    if (error === 'min') return t('auth.passwordMin');
    if (error === 'same') return t('profileUi.security.passwordSame');
    return t('profileUi.security.passwordMismatch');
  }

  function update(key: keyof PasswordForm, value: string) {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
    setServerErrors((previous) => ({ ...previous, [key]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordForm(form);
    setErrors(found);
    setServerErrors({});
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      // A sensitive action: with 2FA on, the api client holds this call until the code is entered.
      await api(endpoints.changePassword, { current: form.current, password: form.password });
      setForm(EMPTY_FORM);
      toast.success(t('profileUi.security.passwordChanged'));
      void queryClient.invalidateQueries({ queryKey: ['profile', 'sessions'] });
    } catch (caught) {
      if (isApiError(caught) && caught.fields?.length) {
        setServerErrors({
          current: caught.fieldMessage('current'),
          password: caught.fieldMessage('password'),
        });
      } else if (!(isApiError(caught) && caught.code === TWO_FACTOR_REQUIRED)) {
        toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      icon={<KeyRound size={18} />}
      title={t('profileUi.security.passwordTitle')}
      description={t('profileUi.security.passwordText')}
      testId="settings-password"
    >
      <form className="pg-form profile-password-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('profileUi.security.currentPassword')}
          type="password"
          name="current"
          autoComplete="current-password"
          reveal
          value={form.current}
          error={message(errors.current) ?? serverErrors.current}
          onChange={(event) => update('current', event.target.value)}
          data-testid="password-current"
        />
        <div className="profile-field-pair">
          <TextField
            label={t('auth.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            reveal
            value={form.password}
            error={message(errors.password) ?? serverErrors.password}
            hint={t('profileUi.security.passwordHint', { count: PASSWORD_MIN })}
            onChange={(event) => update('password', event.target.value)}
            data-testid="password-new"
          />
          <TextField
            label={t('profileUi.security.confirmPassword')}
            type="password"
            name="confirm"
            autoComplete="new-password"
            reveal
            value={form.confirm}
            error={message(errors.confirm)}
            onChange={(event) => update('confirm', event.target.value)}
            data-testid="password-confirm"
          />
        </div>
        <div className="profile-form-actions">
          <Button type="submit" loading={busy} data-testid="password-submit">
            {t('profileUi.security.changePassword')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function startEnable() {
    setBusy(true);
    try {
      const setup = await api(endpoints.twoFactorSetup, {});
      openModal({
        id: TWO_FACTOR_MODAL_ID,
        size: 'sm',
        title: t('profileUi.twoFactor.enableTitle'),
        content: <TwoFactorModal mode="enable" setup={setup} />,
      });
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'two_factor_enabled') {
        const { user } = await api(endpoints.me, {});
        storeMe(user);
      }
      toast.error(isApiError(caught) ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  function startDisable() {
    openModal({
      id: TWO_FACTOR_MODAL_ID,
      size: 'sm',
      title: t('profileUi.twoFactor.disableTitle'),
      content: <TwoFactorModal mode="disable" />,
    });
  }

  return (
    <SettingsCard
      icon={enabled ? <ShieldCheck size={18} /> : <ShieldOff size={18} />}
      title={t('auth.twoFactorTitle')}
      description={t('profileUi.twoFactor.text')}
      aside={
        <span
          className={clsx('profile-status', enabled ? 'is-on' : 'is-off')}
          data-testid="two-factor-status"
        >
          {enabled ? t('profileUi.twoFactor.on') : t('profileUi.twoFactor.off')}
        </span>
      }
      testId="settings-two-factor"
    >
      <div className="profile-form-actions">
        {enabled ? (
          <Button variant="danger" onClick={startDisable} data-testid="two-factor-disable">
            {t('profileUi.twoFactor.disable')}
          </Button>
        ) : (
          <Button
            icon={<Smartphone size={16} />}
            loading={busy}
            onClick={() => void startEnable()}
            data-testid="two-factor-enable"
          >
            {t('profileUi.twoFactor.enable')}
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}

export const TWO_FACTOR_MODAL_ID = 'profile-two-factor';

/**
 * The QR code as an image: the SVG comes from the server's qrcode library, and as an <img> source
 * it cannot run scripts or touch the page, whatever it contains. Null when it is not an SVG.
 */
export function svgToDataUrl(svg: string): string | null {
  const text = svg.trim();
  if (!/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text)) return null;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** Groups a base32 secret in fours for reading aloud or typing. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

interface SetupData {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

function TwoFactorModal({ mode, setup }: { mode: 'enable' | 'disable'; setup?: SetupData }) {
  const { t } = useTranslation();
  const { close } = useModal();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const qr = setup ? svgToDataUrl(setup.qrSvg) : null;

  async function copySecret() {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.success(t('common.copied'));
    } catch {
      toast.error(t('errors.generic'));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isTwoFactorCode(code)) return setError(t('profileUi.twoFactor.codeInvalid'));
    setError(null);
    setBusy(true);
    try {
      const { user } =
        mode === 'enable'
          ? await api(endpoints.twoFactorEnable, { code })
          : await api(endpoints.twoFactorDisable, { code });
      storeMe(user);
      closeModal(TWO_FACTOR_MODAL_ID);
      toast.success(mode === 'enable' ? t('profileUi.twoFactor.enabled') : t('profileUi.twoFactor.disabled'));
    } catch (caught) {
      setCode('');
      setError(isApiError(caught) ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="profile-2fa"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="two-factor-modal"
    >
      {setup && (
        <>
          <ol className="profile-2fa__steps">
            <li>{t('profileUi.twoFactor.step1')}</li>
            <li>{t('profileUi.twoFactor.step2')}</li>
          </ol>
          <div className="profile-2fa__qr">
            {qr ? (
              <img
                src={qr}
                alt={t('profileUi.twoFactor.qrAlt')}
                width={184}
                height={184}
                data-testid="two-factor-qr"
              />
            ) : (
              <span className="pg-card__meta">{t('profileUi.twoFactor.qrMissing')}</span>
            )}
          </div>
          <div className="profile-2fa__secret">
            <span className="profile-2fa__secret-label">{t('profileUi.twoFactor.manual')}</span>
            <div className="profile-2fa__secret-row">
              <code className="pg-mono" data-testid="two-factor-secret">
                {groupSecret(setup.secret)}
              </code>
              <button
                type="button"
                className="ui-icon-btn ui-icon-btn--ghost ui-icon-btn--sm"
                onClick={() => void copySecret()}
                aria-label={t('common.copy')}
                title={t('common.copy')}
              >
                <Copy size={14} />
              </button>
            </div>
          </div>
        </>
      )}
      {!setup && <p className="pg-card__text">{t('profileUi.twoFactor.disableText')}</p>}
      <TextField
        label={t('profileUi.twoFactor.codeLabel')}
        className="profile-2fa__code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder="000000"
        maxLength={6}
        value={code}
        error={error}
        data-autofocus
        onChange={(event) => {
          setCode(normaliseCode(event.target.value));
          if (error) setError(null);
        }}
        data-testid="two-factor-code"
      />
      <div className="profile-2fa__actions">
        <Button variant="ghost" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant={mode === 'enable' ? 'primary' : 'danger'}
          loading={busy}
          disabled={code.length !== 6}
          data-testid="two-factor-submit"
        >
          {mode === 'enable' ? t('profileUi.twoFactor.enable') : t('profileUi.twoFactor.disable')}
        </Button>
      </div>
    </form>
  );
}
