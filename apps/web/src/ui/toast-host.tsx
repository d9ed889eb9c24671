/**
 * Toasts: `toast.success/error/info(text)` from anywhere; <ToastHost /> (rendered once by the
 * shell) shows them bottom-right on desktop, at the top on phones. They auto-dismiss after ~4 s;
 * the timer pauses while hovered or focused. Errors are announced assertively.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import clsx from 'clsx';
import { create } from 'zustand';
import './toast.css';
import { useTranslation } from '../lib/i18n';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  /** Milliseconds before it hides; 0 keeps it until dismissed. Default 4000. */
  duration?: number;
  /** Same id replaces the visible toast instead of stacking a duplicate. */
  id?: string;
  action?: { label: string; onClick: () => void };
}

export interface ToastEntry {
  id: string;
  /** Changes when a toast is replaced under the same id (its timer starts again). */
  seq: number;
  kind: ToastKind;
  text: ReactNode;
  duration: number;
  action?: ToastOptions['action'];
}

export const TOAST_DURATION = 4000;
/** Older toasts beyond this count are dropped. */
export const TOAST_LIMIT = 5;

interface ToastStore {
  toasts: ToastEntry[];
  push: (kind: ToastKind, text: ReactNode, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

let counter = 0;

export const useToastStore = create<ToastStore>()((set) => ({
  toasts: [],
  push: (kind, text, options = {}) => {
    const id = options.id ?? `toast-${++counter}`;
    const entry: ToastEntry = {
      id,
      seq: ++counter,
      kind,
      text,
      duration: options.duration ?? TOAST_DURATION,
      action: options.action,
    };
    set((state) => {
      const rest = state.toasts.filter((item) => item.id !== id);
      return { toasts: [...rest, entry].slice(-TOAST_LIMIT) };
    });
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((item) => item.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

function push(kind: ToastKind) {
  return (text: ReactNode, options?: ToastOptions) => useToastStore.getState().push(kind, text, options);
}

export const toast = {
  success: push('success'),
  error: push('error'),
  info: push('info'),
  warning: push('warning'),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
  clear: () => useToastStore.getState().clear(),
};

const ICONS = {
  success: CircleCheck,
  error: CircleAlert,
  info: Info,
  warning: TriangleAlert,
} as const;

export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  if (typeof document === 'undefined') return null;
  return createPortal(
    <section
      className="ui-toasts"
      aria-label={t('toast.regionLabel')}
      aria-live="polite"
      aria-relevant="additions"
    >
      <ol role="list" className="ui-toasts__list">
        {toasts.map((entry) => (
          // A toast replaced under the same id is a new item: its own timer starts again.
          <ToastItem key={`${entry.id}:${entry.seq}`} entry={entry} />
        ))}
      </ol>
    </section>,
    document.body,
  );
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
