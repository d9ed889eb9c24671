/**
 * Keeps a scrolling list at its bottom while the reader is there (spec 2 section 4: the list scrolls
 * to the bottom on new messages). A reader who scrolled up stays where they are and gets a count of
 * the messages that arrived below instead ("new messages" pill).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this distance from the bottom the reader counts as "at the bottom". */
const NEAR_BOTTOM_PX = 48;

export interface StickToBottom {
  /** Messages added below while the reader was scrolled up. */
  unseen: number;
  /** Scrolls to the bottom (smoothly) and clears the count. */
  toBottom: (smooth?: boolean) => void;
  onScroll: () => void;
}

export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  items: readonly { _id: string }[],
  /** A new value resets the list (another channel): jump to the bottom without animation. */
  resetKey: string,
): StickToBottom {
  const stick = useRef(true);
  const lastTop = useRef(0);
  const lastIds = useRef<{ key: string; lastId: string | null; ids: Set<string> }>({
    key: resetKey,
    lastId: null,
    ids: new Set(),
  });
  const [unseen, setUnseen] = useState(0);

  const toBottom = useCallback(
    (smooth = true) => {
      const el = scrollRef.current;
      if (!el) return;
      stick.current = true;
      setUnseen(0);
      const reduce =
        typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (smooth && !reduce && typeof el.scrollTo === 'function') {
        el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
      } else {
        el.scrollTop = el.scrollHeight;
      }
    },
    [scrollRef],
  );

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (distance <= NEAR_BOTTOM_PX) {
      stick.current = true;
      setUnseen(0);
    } else if (el.scrollTop < lastTop.current - 2) {
      // Only a move up by the reader unsticks (content growing below does not).
      stick.current = false;
    }
    lastTop.current = el.scrollTop;
  }, [scrollRef]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = lastIds.current;
    const lastId = items.length > 0 ? items[items.length - 1]!._id : null;
    const ids = new Set(items.map((item) => item._id));
    lastIds.current = { key: resetKey, lastId, ids };
    if (!el) return;
    if (previous.key !== resetKey || previous.ids.size === 0) {
      stick.current = true;
      setUnseen(0);
      el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
      return;
    }
    if (lastId === previous.lastId) return;
    // Messages appended at the end (not a removal or an update).
    let added = 0;
    for (let i = items.length - 1; i >= 0 && !previous.ids.has(items[i]!._id); i--) added += 1;
    if (added === 0) return;
    if (stick.current) toBottom(true);
    else setUnseen((count) => count + added);
  }, [items, resetKey, scrollRef, toBottom]);

  // Images (avatars, emoji, stickers) load after layout and grow the list: stay at the bottom.
  useEffect(() => {
    const content = contentRef.current;
    const el = scrollRef.current;
    if (!content || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) {
        el.scrollTop = el.scrollHeight;
        lastTop.current = el.scrollTop;
      }
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [contentRef, scrollRef]);

  return { unseen, toBottom, onScroll };
}
