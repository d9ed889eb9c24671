/**
 * The modal stack (spec 3 section 2). Modals are opened imperatively from anywhere (features,
 * the API layer's event handlers) and rendered by the single <ModalHost /> of the shell.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ModalApi {
  close: () => void;
}

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalOptions {
  /** Stable id: opening an id that is already open replaces that modal in place. */
  id?: string;
  title?: ReactNode;
  /** When false: no close icon, no Escape, no backdrop click, no drag dismiss. Default true. */
  dismissible?: boolean;
  /** Shows a back arrow in the header. */
  onBack?: () => void;
  /** Called after the modal left the stack, however it was closed. */
  onClose?: () => void;
  size?: ModalSize;
  /** Content area scrolls with thin scrollbars (default true); false lets the content manage overflow. */
  scrollable?: boolean;
  /** Accessible name when there is no (string) title. */
  ariaLabel?: string;
  className?: string;
  content: ReactNode | ((api: ModalApi) => ReactNode);
}

export interface ModalEntry extends Omit<ModalOptions, 'id' | 'dismissible'> {
  id: string;
  dismissible: boolean;
}

interface ModalStore {
  modals: ModalEntry[];
  open: (options: ModalOptions) => string;
  close: (id?: string) => void;
  closeAll: () => void;
  update: (id: string, patch: Partial<Omit<ModalOptions, 'id'>>) => void;
}

let counter = 0;

export const useModalStore = create<ModalStore>()((set, get) => ({
  modals: [],
  open: (options) => {
    const id = options.id ?? `modal-${++counter}`;
    const entry: ModalEntry = { ...options, id, dismissible: options.dismissible ?? true };
    set((state) => {
      const index = state.modals.findIndex((modal) => modal.id === id);
      if (index === -1) return { modals: [...state.modals, entry] };
      const modals = state.modals.slice();
      modals[index] = entry;
      return { modals };
    });
    return id;
  },
  close: (id) => {
    const { modals } = get();
    const target = id === undefined ? modals[modals.length - 1] : modals.find((modal) => modal.id === id);
    if (!target) return;
    set({ modals: modals.filter((modal) => modal !== target) });
    target.onClose?.();
  },
  closeAll: () => {
    const { modals } = get();
    set({ modals: [] });
    for (const modal of [...modals].reverse()) modal.onClose?.();
  },
  update: (id, patch) =>
    set((state) => ({
      modals: state.modals.map((modal) =>
        modal.id === id ? { ...modal, ...patch, dismissible: patch.dismissible ?? modal.dismissible } : modal,
      ),
    })),
}));

/** Opens a modal on top of the stack; returns its id. */
export function openModal(options: ModalOptions): string {
  return useModalStore.getState().open(options);
}

/** Closes the modal `id`, or the top one. Closing programmatically ignores `dismissible`. */
export function closeModal(id?: string): void {
  useModalStore.getState().close(id);
}

export function closeAllModals(): void {
  useModalStore.getState().closeAll();
}

export function updateModal(id: string, patch: Partial<Omit<ModalOptions, 'id'>>): void {
  useModalStore.getState().update(id, patch);
}

export function isModalOpen(id: string): boolean {
  return useModalStore.getState().modals.some((modal) => modal.id === id);
}
