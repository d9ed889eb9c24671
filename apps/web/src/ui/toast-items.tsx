/**
 * The toasts themselves (toast-host.tsx loads this module with the first toast): an icon, the text,
 * an optional action, the close button and the time bar. They auto-dismiss after their duration; the
 * timer pauses while hovered or focused. Errors are alerts, the others status messages.
 */
import { useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from '../lib/i18n';
import { useToastStore, type ToastEntry } from './toast-store';

const ICONS = {
  success: CircleCheck,
  error: CircleAlert,
  info: Info,
  warning: TriangleAlert,
} as const;

/** The list's items, one per toast. */
export function ToastItems({ toasts }: { toasts: readonly ToastEntry[] }) {
  return toasts.map((entry) => (
    // A toast replaced under the same id is a new item: its own timer starts again.
    <ToastItem key={`${entry.id}:${entry.seq}`} entry={entry} />
  ));
}

function ToastItem({ entry }: { entry: ToastEntry }) {
  const { t } = useTranslation();
  const [isPaused, setIsPaused] = useState(false);
  const remaining = useRef(entry.duration);

  useEffect(() => {
    if (isPaused || entry.duration <= 0) return;
    const started = Date.now();
    const timer = window.setTimeout(() => useToastStore.getState().dismiss(entry.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [entry.id, entry.duration, isPaused]);

  const Icon = ICONS[entry.kind];
  return (
    <li
      className={clsx('ui-toast', `ui-toast--${entry.kind}`)}
      role={entry.kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setIsPaused(true)}
      onPointerLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      <span className="ui-toast__icon" aria-hidden="true">
        <Icon size={18} />
      </span>
      <div className="ui-toast__text">{entry.text}</div>
      {entry.action && (
        <button
          type="button"
          className="ui-toast__action"
          onClick={() => {
            entry.action?.onClick();
            useToastStore.getState().dismiss(entry.id);
          }}
        >
          {entry.action.label}
        </button>
      )}
      <button
        type="button"
        className="ui-toast__close"
        aria-label={t('toast.dismiss')}
        onClick={() => useToastStore.getState().dismiss(entry.id)}
      >
        <X size={16} />
      </button>
      {entry.duration > 0 && (
        <span
          className="ui-toast__progress"
          aria-hidden="true"
          style={{
            animationDuration: `${entry.duration}ms`,
            animationPlayState: isPaused ? 'paused' : 'running',
          }}
        />
      )}
    </li>
  );
}
