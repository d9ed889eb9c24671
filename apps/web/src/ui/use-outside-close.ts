import { useEffect, type RefObject } from 'react';

/**
 * Calls `onClose` on a mouse press or touch outside `ref` while `open` (spec 1 section 4:
 * dropdowns close on click or touch outside), and on Escape.
 */
export function useOutsideClose(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    function handlePointer(event: MouseEvent | TouchEvent) {
      const root = ref.current;
      if (root && event.target instanceof Node && !root.contains(event.target)) onClose();
    }
    function handleKey(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        // Stop here: an Escape that closes a dropdown inside a modal must not close the modal too.
        event.preventDefault();
        onClose();
      }
    }
    document.addEventListener('mousedown', handlePointer);
    document.addEventListener('touchstart', handlePointer, { passive: true });
    document.addEventListener('keydown', handleKey, true);
    return () => {
      document.removeEventListener('mousedown', handlePointer);
      document.removeEventListener('touchstart', handlePointer);
      document.removeEventListener('keydown', handleKey, true);
    };
  }, [ref, open, onClose]);
}
