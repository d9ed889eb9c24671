import { lazy, Suspense } from 'react';
import { MessagesSquare, X } from 'lucide-react';
import { IconButton, Spinner } from '../../ui';
import { useAppStore } from '../../lib/store';
import { useIdleAfterMount } from '../../lib/use-idle';
import { openBetOverview } from '../../features/bets';
import { useTranslation, withSharedTexts } from '../../lib/i18n';

// The chat (feature F8) loads on its own chunk once the page is interactive (the browser's first idle
// moment): the first visit only pays for this frame.
const ChatRoom = lazy(async () => ({
  default: (await withSharedTexts(import('../../features/chat/chat-room'))).ChatRoom,
}));

function openBet(betId: string): void {
  openBetOverview(betId);
}

/** What shows while the chat chunk loads: the same header, and a spinner. */
function ChatLoading({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="chat__head">
        <div className="chat__title">
          <MessagesSquare size={18} aria-hidden="true" />
          <strong>{t('chat.title')}</strong>
        </div>
        <div className="chat__head-actions">
          <IconButton aria-label={t('header.closeChat')} size="sm" onClick={onClose}>
            <X size={18} />
          </IconButton>
        </div>
      </header>
      <div className="chat__loading">
        <Spinner />
      </div>
    </>
  );
}

/** The chat as a right panel, or a full-screen overlay on narrow windows (spec 2 section 2). */
export function ChatPanel({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation();
  const setChat = useAppStore((state) => state.setChat);
  const close = () => setChat(false);
  const idle = useIdleAfterMount();
  return (
    <aside
      className={`chat${overlay ? ' chat--overlay' : ''}`}
      aria-label={t('chat.title')}
      data-testid="chat-panel"
    >
      {idle ? (
        <Suspense fallback={<ChatLoading onClose={close} />}>
          <ChatRoom onOpenBet={openBet} onClose={close} />
        </Suspense>
      ) : (
        <ChatLoading onClose={close} />
      )}
    </aside>
  );
}
