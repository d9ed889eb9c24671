import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from '../../lib/i18n';
import './texts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  icon?: ReactNode;
  error?: string;
  onValueChange: (value: string) => void;
}

/** A labelled input with an optional leading icon and its error line (the server's exact text). */
export function TextField({ label, icon, error, onValueChange, className, type, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={clsx('auth-field', error && 'has-error', className)}>
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <div className="auth-field__control">
        {icon && (
          <span className="auth-field__icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onValueChange(event.target.value)}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="auth-field__reveal"
            aria-label={revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOff size={16} /> : <Eye size={16} />}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="auth-field__error" data-testid={`error-${rest.name ?? ''}`}>
          {error}
        </p>
      )}
    </div>
  );
}
