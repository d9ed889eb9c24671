import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from '../../lib/i18n';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Adds a show/hide toggle to a password input. */
  reveal?: boolean;
}

/** A labelled input with its error (announced) and hint under it. */
export function TextField({ label, error, hint, reveal, type = 'text', className, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('pg-field profile-field', error && 'has-error', className)}>
      <label htmlFor={id}>{label}</label>
      <div className="profile-field__control">
        <input
          id={id}
          type={reveal && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        />
        {reveal && (
          <button
            type="button"
            className="profile-field__reveal"
            onClick={() => setShown((value) => !value)}
            aria-label={shown ? t('profileUi.hidePassword') : t('profileUi.showPassword')}
            aria-pressed={shown}
          >
            {shown ? <EyeOff size={16} /> : <Eye size={16} />}
          </button>
        )}
      </div>
      {error && (
        <span id={`${id}-error`} className="profile-field__error" role="alert">
          {error}
        </span>
      )}
      {hint && !error && (
        <span id={`${id}-hint`} className="profile-field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** An on/off switch row (role="switch"): the whole row is the control. */
export function Switch({ checked, onChange, label, description, disabled, testId }: SwitchProps) {
  const id = useId();
  return (
    <div className="profile-switch-row">
      <div className="profile-switch-row__text">
        <span id={`${id}-label`} className="profile-switch-row__label">
          {label}
        </span>
        {description && (
          <span id={`${id}-desc`} className="profile-switch-row__desc">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        className={clsx('profile-switch', checked && 'is-on')}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      >
        <span className="profile-switch__thumb" />
      </button>
    </div>
  );
}

/** A settings section card with a title, an optional icon, description and right-hand status. */
export function SettingsCard({
  icon,
  title,
  description,
  aside,
  children,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="pg-card profile-settings-card" data-testid={testId}>
      <header className="profile-settings-card__head">
        {icon && (
          <span className="pg-card__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <div className="profile-settings-card__titles">
          <h2 className="pg-card__title">{title}</h2>
          {description && <p className="pg-card__meta">{description}</p>}
        </div>
        {aside && <div className="profile-settings-card__aside">{aside}</div>}
      </header>
      {children && <div className="profile-settings-card__body">{children}</div>}
    </section>
  );
}
