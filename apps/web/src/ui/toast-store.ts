/**
 * Toasts' state: `toast.success/error/info(text)` from anywhere; <ToastHost /> (toast-host.tsx) shows
 * them. Its own module so the first visit carries the store and the API, not the toasts' look.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';

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
