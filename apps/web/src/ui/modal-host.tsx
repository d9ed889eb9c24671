/**
 * Renders the modal stack. Only the top modal is interactive (the others are `inert`); each
 * layer brings its own backdrop. Focus is trapped in the top modal and restored on close; the
 * body does not scroll while any modal is open. Phones (< 600 px) get a bottom sheet with a drag
 * handle: dragging down more than 80 px dismisses (spec 3 section 9).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { ChevronLeft, X } from 'lucide-react';
import clsx from 'clsx';
import { IconButton } from './button';
import { focusSafely, getFocusable } from './focus';
import { closeModal, useModalStore, type ModalEntry } from './modal-store';
import './modal.css';
import { useTranslation } from '../lib/i18n';

export {
  useModalStore,
  openModal,
  closeModal,
  closeAllModals,
  updateModal,
  isModalOpen,
} from './modal-store';
export type { ModalOptions, ModalApi, ModalEntry, ModalSize } from './modal-store';

/** Dragging the handle down further than this dismisses the modal. */
export const DRAG_DISMISS_DISTANCE = 80;

interface ModalContextValue {
  id: string;
  close: () => void;
}

const ModalContext = createContext<ModalContextValue | null>(null);

/** Inside modal content: the modal's id and a close function. */
export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModal must be used inside a modal');
  return value;
}

export function ModalHost() {
  const modals = useModalStore((state) => state.modals);
  const hasModals = modals.length > 0;

  useBodyScrollLock(hasModals);

  useEffect(() => {
    if (!hasModals) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const stack = useModalStore.getState().modals;
      const top = stack[stack.length - 1];
      if (!top?.dismissible) return;
      event.preventDefault();
      closeModal(top.id);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [hasModals]);

  if (!hasModals || typeof document === 'undefined') return null;

  return createPortal(
    <div className="ui-modal-root">
      {modals.map((entry, index) => (
        <ModalLayer key={entry.id} entry={entry} index={index} isTop={index === modals.length - 1} />
      ))}
    </div>,
    document.body,
  );
}

function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const body = document.body;
    const gap = window.innerWidth - document.documentElement.clientWidth;
    body.style.setProperty('--scrollbar-gap', `${Math.max(0, gap)}px`);
    body.dataset.scrollLocked = '';
    return () => {
      delete body.dataset.scrollLocked;
      body.style.removeProperty('--scrollbar-gap');
    };
  }, [locked]);
}

interface ModalLayerProps {
  entry: ModalEntry;
  index: number;
  isTop: boolean;
}

function ModalLayer({ entry, index, isTop }: ModalLayerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const backdropPressed = useRef(false);
  const dragStart = useRef<number | null>(null);
  const [dragY, setDragY] = useState(0);
  const [isDragging, setIsDragging] = useState(false);

  const close = useCallback(() => closeModal(entry.id), [entry.id]);
  const dismiss = useCallback(() => {
    if (entry.dismissible) closeModal(entry.id);
  }, [entry.dismissible, entry.id]);

  // Focus moves in on open and returns to where it was on close.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const preferred = dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]');
      focusSafely(preferred ?? dialog);
    }
    return () => {
      if (previous?.isConnected) focusSafely(previous);
    };
  }, []);

  // Focus that escapes the top modal (a click on the page behind, a programmatic focus) comes back.
  useEffect(() => {
    if (!isTop) return;
    function handleFocusIn(event: FocusEvent) {
      const dialog = dialogRef.current;
      const target = event.target as Node | null;
      if (!dialog || !target || dialog.contains(target)) return;
      // Popovers portalled to <body> by content are allowed to hold focus.
      if (target instanceof Element && target.closest('[data-modal-allow-focus]')) return;
      focusSafely(dialog);
    }
    document.addEventListener('focusin', handleFocusIn);
    return () => document.removeEventListener('focusin', handleFocusIn);
  }, [isTop]);

  function handleKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = getFocusable(dialogRef.current);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      focusSafely(last);
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      focusSafely(first);
    }
  }

  function handleDragStart(event: ReactPointerEvent<HTMLDivElement>) {
    if (!entry.dismissible || (event.pointerType === 'mouse' && event.button !== 0)) return;
    dragStart.current = event.clientY;
    setIsDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function handleDragMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (dragStart.current === null) return;
    setDragY(Math.max(0, event.clientY - dragStart.current));
  }

  function handleDragEnd(event: ReactPointerEvent<HTMLDivElement>) {
    if (dragStart.current === null) return;
    const distance = event.clientY - dragStart.current;
    dragStart.current = null;
    setIsDragging(false);
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    if (distance > DRAG_DISMISS_DISTANCE) dismiss();
    else setDragY(0);
  }

  function handleDragCancel() {
    dragStart.current = null;
    setIsDragging(false);
    setDragY(0);
  }

  const content = typeof entry.content === 'function' ? entry.content({ close }) : entry.content;
  const hasHeader = entry.title != null || !!entry.onBack || entry.dismissible;
  const size = entry.size ?? 'md';

  return (
    <div
      className={clsx('ui-modal-layer', isTop && 'is-top', index > 0 && 'is-stacked')}
      style={{ zIndex: `calc(var(--z-modal) + ${index})` }}
      inert={!isTop}
      data-modal-id={entry.id}
    >
      <div
        className="ui-modal-backdrop"
        data-testid="modal-backdrop"
        aria-hidden="true"
        onPointerDown={(event) => {
          backdropPressed.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          // Only a press that started on the backdrop counts: a text selection dragged out of the
          // dialog must not close it.
          if (event.target === event.currentTarget && backdropPressed.current) dismiss();
          backdropPressed.current = false;
        }}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={entry.title != null ? titleId : undefined}
        aria-label={entry.ariaLabel ?? (entry.title == null ? t('modal.dialog') : undefined)}
        tabIndex={-1}
        className={clsx('ui-modal', `ui-modal--${size}`, isDragging && 'is-dragging', entry.className)}
        style={dragY ? { transform: `translateY(${dragY}px)` } : undefined}
        onKeyDown={handleKeyDown}
      >
        {entry.dismissible && (
          <div
            className="ui-modal__handle"
            data-testid="modal-drag-handle"
            aria-hidden="true"
            onPointerDown={handleDragStart}
            onPointerMove={handleDragMove}
            onPointerUp={handleDragEnd}
            onPointerCancel={handleDragCancel}
          >
            <span />
          </div>
        )}
        {hasHeader && (
          <div className={clsx('ui-modal__header', entry.title == null && 'is-bare')}>
            {entry.onBack && (
              <IconButton
                aria-label={t('modal.back')}
                size="sm"
                className="ui-modal__back"
                onClick={entry.onBack}
              >
                <ChevronLeft />
              </IconButton>
            )}
            {entry.title != null && (
              <h2 id={titleId} className="ui-modal__title">
                {entry.title}
              </h2>
            )}
            {entry.dismissible && (
              <IconButton aria-label={t('modal.close')} size="sm" className="ui-modal__close" onClick={close}>
                <X />
              </IconButton>
            )}
          </div>
        )}
        <div className={clsx('ui-modal__body', entry.scrollable !== false && 'scroll-area')}>
          <ModalContext.Provider value={{ id: entry.id, close }}>{content}</ModalContext.Provider>
        </div>
      </div>
    </div>
  );
}
