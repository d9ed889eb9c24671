/**
 * The menu of a message (hover button or long press): ignore the author for every signed-in reader;
 * for moderators also delete the message, delete all from the user and mute for the spec's
 * durations (spec 2 section 6). Rendered in a portal with fixed position, so the scrolling list
 * never clips it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { BellOff, ChevronRight, EyeOff, Heart, Trash2, UserX } from 'lucide-react';
import type { ChatMessage } from '@nebula/contracts';
import { MUTE_DURATIONS } from './chat-rules';
import { shortName } from './message-text';
import { useTranslation } from '../../lib/i18n';

export interface MessageMenuProps {
  message: ChatMessage;
  anchor: HTMLElement;
  moderator: boolean;
  /** The author is the reader (no ignore, no mute of oneself). */
  own: boolean;
  onClose: () => void;
  onIgnore: (name: string) => void;
  onLike: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onDeleteAll: (userId: string) => void;
  onMute: (userId: string, minutes: number) => void;
}

const MENU_WIDTH = 220;

function position(anchor: HTMLElement, height: number): CSSProperties {
  const rect = anchor.getBoundingClientRect();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const left = Math.max(8, Math.min(rect.right - MENU_WIDTH, vw - MENU_WIDTH - 8));
  const below = rect.bottom + 4;
  const top = below + height > vh - 8 ? Math.max(8, rect.top - 4 - height) : below;
  return { position: 'fixed', left, top, width: MENU_WIDTH };
}

export function MessageMenu(props: MessageMenuProps) {
  const { t } = useTranslation();
  const { message, anchor, moderator, own, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [showDurations, setShowDurations] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', visibility: 'hidden' });

  // Closes on a press outside (the trigger toggles by itself) and on Escape (focus back to it).
  useEffect(() => {
    const outside = (event: MouseEvent | TouchEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (ref.current?.contains(target) || anchor.contains(target)) return;
      onClose();
    };
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onClose();
      anchor.focus();
    };
    // The list scrolls under the menu (new messages): follow the anchor; gone (removed) closes.
    const scroll = (event: Event) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) return;
      if (!anchor.isConnected) return onClose();
      setStyle(position(anchor, ref.current?.offsetHeight ?? 0));
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside, { passive: true });
    document.addEventListener('keydown', key, true);
    document.addEventListener('scroll', scroll, true);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('keydown', key, true);
      document.removeEventListener('scroll', scroll, true);
      window.removeEventListener('resize', onClose);
    };
  }, [anchor, onClose]);

  useLayoutEffect(() => {
    const height = ref.current?.offsetHeight ?? 0;
    setStyle(position(anchor, height));
  }, [anchor, showDurations]);

  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);

  const user = message.user;
  if (!user) return null;
  const name = shortName(user.name);

  const run = (action: () => void) => {
    action();
    onClose();
  };

  return createPortal(
    <div
      ref={ref}
      className="chatx-menu"
      role="menu"
      aria-label={t('chatUi.message.actions')}
      style={style}
      data-testid="chat-menu"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
        const index = items.indexOf(document.activeElement as HTMLButtonElement);
        const next = items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
        next?.focus();
      }}
    >
      <div className="chatx-menu__title">{name}</div>
      <button type="button" role="menuitem" onClick={() => run(() => props.onLike(message))}>
        <Heart size={15} aria-hidden="true" />
        {t('chatUi.message.like')}
      </button>
      {!own && (
        <button type="button" role="menuitem" onClick={() => run(() => props.onIgnore(user.name))}>
          <EyeOff size={15} aria-hidden="true" />
          {t('chatUi.message.ignore')}
        </button>
      )}
      {moderator && (
        <>
          <button type="button" role="menuitem" onClick={() => run(() => props.onDelete(message))}>
            <Trash2 size={15} aria-hidden="true" />
            {t('chatUi.moderation.delete')}
          </button>
          <button type="button" role="menuitem" onClick={() => run(() => props.onDeleteAll(user._id))}>
            <UserX size={15} aria-hidden="true" />
            {t('chatUi.moderation.deleteAll')}
          </button>
          {!own && (
            <button
              type="button"
              role="menuitem"
              aria-expanded={showDurations}
              onClick={() => setShowDurations((open) => !open)}
            >
              <BellOff size={15} aria-hidden="true" />
              {t('chatUi.moderation.mute')}
              <ChevronRight size={14} aria-hidden="true" className={showDurations ? 'is-open' : undefined} />
            </button>
          )}
          {showDurations && (
            <div
              className="chatx-menu__durations"
              role="group"
              aria-label={t('chatUi.moderation.muteFor', { name })}
            >
              {MUTE_DURATIONS.map((duration) => (
                <button
                  key={duration.minutes}
                  type="button"
                  role="menuitem"
                  onClick={() => run(() => props.onMute(user._id, duration.minutes))}
                  data-testid={`chat-mute-${duration.key}`}
                >
                  {t(`chatUi.moderation.durations.${duration.key}`)}
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </div>,
    document.body,
  );
}
