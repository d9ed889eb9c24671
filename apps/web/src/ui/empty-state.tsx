import type { ReactNode } from 'react';
import clsx from 'clsx';
import './empty-state.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  /** 'page' is roomy (not-found, errors); 'inline' fits a list or card. */
  size?: 'page' | 'inline';
  tone?: 'neutral' | 'error';
  className?: string;
}

export function EmptyState({
  icon,
  title,
  text,
  action,
  size = 'inline',
  tone = 'neutral',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={clsx('ui-empty', `ui-empty--${size}`, `ui-empty--${tone}`, className)}
      role={tone === 'error' ? 'alert' : undefined}
    >
      {icon && (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      {size === 'page' ? (
        <h1 className="ui-empty__title">{title}</h1>
      ) : (
        <p className="ui-empty__title">{title}</p>
      )}
      {text && <p className="ui-empty__text">{text}</p>}
      {action && <div className="ui-empty__action">{action}</div>}
    </div>
  );
}
