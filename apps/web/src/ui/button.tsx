import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import clsx from 'clsx';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the width, and blocks clicks. */
  loading?: boolean;
  fullWidth?: boolean;
  /** Icon before the label (e.g. a lucide icon element). */
  icon?: ReactNode;
  /** Icon after the label. */
  iconRight?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    fullWidth = false,
    icon,
    iconRight,
    className,
    children,
    disabled,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={clsx(
        'ui-btn',
        `ui-btn--${variant}`,
        `ui-btn--${size}`,
        fullWidth && 'ui-btn--full',
        loading && 'ui-btn--loading',
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading && <Spinner size="sm" className="ui-btn__spinner" />}
      <span className="ui-btn__content">
        {icon && <span className="ui-btn__icon">{icon}</span>}
        {children != null && children !== false && <span className="ui-btn__label">{children}</span>}
        {iconRight && <span className="ui-btn__icon">{iconRight}</span>}
      </span>
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: an icon-only button needs a name for screen readers. */
  'aria-label': string;
  variant?: 'ghost' | 'secondary' | 'primary';
  size?: ButtonSize;
  /** Pressed state for toggle buttons. */
  active?: boolean;
  children: ReactNode;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { variant = 'ghost', size = 'md', active, className, type = 'button', title, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      title={title ?? rest['aria-label']}
      className={clsx(
        'ui-icon-btn',
        `ui-icon-btn--${variant}`,
        `ui-icon-btn--${size}`,
        active && 'is-active',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
});
