/**
 * Toasts: `toast.success/error/info(text)` from anywhere (toast-store.ts); <ToastHost /> (rendered
 * once by the root layout) shows them bottom-right on desktop, at the top on phones. The live region
 * is there from the start (so the first toast is announced); the toasts' own code (toast-items.tsx)
 * loads with the first toast, outside the first visit. They auto-dismiss after ~4 s; the timer pauses
 * while hovered or focused. Errors are announced assertively.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import './toast.css';
import { useTranslation } from '../lib/i18n';
import { useToastStore, type ToastEntry } from './toast-store';

export {
  toast,
  useToastStore,
  TOAST_DURATION,
  TOAST_LIMIT,
  type ToastKind,
  type ToastOptions,
  type ToastEntry,
} from './toast-store';

const LazyToastItems = lazy(async () => ({ default: (await import('./toast-items')).ToastItems }));

export interface ToastHostProps {
  /** The items' component; by default loaded with the first toast (tests pass it in). */
  items?: ComponentType<{ toasts: readonly ToastEntry[] }>;
}

export function ToastHost({ items: Items = LazyToastItems }: ToastHostProps) {
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
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <Items toasts={toasts} />
          </Suspense>
        )}
      </ol>
    </section>,
    document.body,
  );
}
