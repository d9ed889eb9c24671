import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ModalHost, closeAllModals, closeModal, openModal, useModalStore } from './modal-host';
import { openBlockingLoader } from './blocking-loader';

function stack() {
  return useModalStore.getState().modals.map((modal) => modal.id);
}

beforeEach(() => {
  render(<ModalHost />);
});

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
});

describe('ModalHost', () => {
  it('renders a titled dialog, with a close icon when dismissible', () => {
    act(() => {
      openModal({ id: 'a', title: 'Wallet', content: <p>body</p> });
    });
    const dialog = screen.getByRole('dialog', { name: 'Wallet' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('body')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(stack()).toEqual([]);
  });

  it('shows no close icon and no drag handle when not dismissible', () => {
    act(() => {
      openModal({ id: 'a', title: 'Update email', dismissible: false, content: 'x' });
    });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByTestId('modal-drag-handle')).toBeNull();
  });

  it('Escape dismisses only a dismissible top modal', () => {
    act(() => {
      openModal({ id: 'locked', dismissible: false, content: 'locked' });
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(stack()).toEqual(['locked']);

    act(() => {
      openModal({ id: 'top', content: 'top' });
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(stack()).toEqual(['locked']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(stack()).toEqual(['locked']);
  });

  it('backdrop click dismisses only when allowed', () => {
    act(() => {
      openModal({ id: 'locked', dismissible: false, content: 'locked' });
    });
    let backdrop = screen.getAllByTestId('modal-backdrop').at(-1)!;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(stack()).toEqual(['locked']);

    act(() => {
      openModal({ id: 'open', content: 'open' });
    });
    backdrop = screen.getAllByTestId('modal-backdrop').at(-1)!;
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(stack()).toEqual(['locked']);
  });

  it('stacks modals: only the top is interactive, closeModal() closes the top', () => {
    const onCloseA = vi.fn();
    act(() => {
      openModal({ id: 'a', title: 'A', content: 'a', onClose: onCloseA });
      openModal({ id: 'b', title: 'B', content: 'b' });
    });
    const layers = document.querySelectorAll('.ui-modal-layer');
    expect(layers).toHaveLength(2);
    expect(layers[0]!.hasAttribute('inert')).toBe(true);
    expect(layers[1]!.hasAttribute('inert')).toBe(false);
    act(() => closeModal());
    expect(stack()).toEqual(['a']);
    expect(document.querySelector('.ui-modal-layer')!.hasAttribute('inert')).toBe(false);
    act(() => closeModal('a'));
    expect(onCloseA).toHaveBeenCalledTimes(1);
  });

  it('reopening an id replaces that modal instead of stacking a copy', () => {
    act(() => {
      openModal({ id: 'a', title: 'One', content: '1' });
      openModal({ id: 'a', title: 'Two', content: '2' });
    });
    expect(stack()).toEqual(['a']);
    expect(screen.getByRole('dialog', { name: 'Two' })).toBeTruthy();
  });

  it('shows a back button when onBack is given', () => {
    const onBack = vi.fn();
    act(() => {
      openModal({ title: 'History', onBack, content: 'x' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('passes a close function to render-function content', () => {
    act(() => {
      openModal({ id: 'fn', content: ({ close }) => <button onClick={close}>Done</button> });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(stack()).toEqual([]);
  });

  describe('drag to dismiss', () => {
    function drag(distance: number) {
      const handle = screen.getByTestId('modal-drag-handle');
      fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientY: 100 + distance / 2, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientY: 100 + distance, pointerId: 1 });
      fireEvent.pointerUp(handle, { clientY: 100 + distance, pointerId: 1 });
    }

    it('dragging down more than 80 px dismisses', () => {
      act(() => {
        openModal({ id: 'sheet', content: 'x' });
      });
      drag(81);
      expect(stack()).toEqual([]);
    });

    it('a shorter drag springs back', () => {
      act(() => {
        openModal({ id: 'sheet', content: 'x' });
      });
      drag(80);
      expect(stack()).toEqual(['sheet']);
      expect(screen.getByRole('dialog').style.transform).toBe('');
    });
  });

  it('locks body scroll while open and restores focus on close', () => {
    const opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.appendChild(opener);
    opener.focus();
    act(() => {
      openModal({ id: 'a', title: 'A', content: <input aria-label="field" data-autofocus /> });
    });
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('field'));
    act(() => closeModal('a'));
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('traps Tab inside the dialog', () => {
    act(() => {
      openModal({
        id: 'a',
        title: 'A',
        content: (
          <>
            <button>first</button>
            <button>last</button>
          </>
        ),
      });
    });
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    // wraps to the first focusable: the close icon in the header
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('the blocking loader cannot be dismissed and is opened once', () => {
    act(() => {
      openBlockingLoader('Reloading');
      openBlockingLoader('Reloading');
    });
    expect(stack()).toHaveLength(1);
    expect(screen.getByText('Reloading')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(stack()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
