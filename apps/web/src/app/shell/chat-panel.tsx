import { useTranslation } from 'react-i18next';
import { BookOpen, MessagesSquare, Send, Smile, X } from 'lucide-react';
import { Button, IconButton } from '../../ui';
import { isSignedIn, useAppStore } from '../../lib/store';
import { requestLogin } from '../auth-gate';

/** The chat as a right panel (spec 2 section 2); messages arrive with the chat issue. */
export function ChatPanel({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation();
  const signedIn = useAppStore((state) => isSignedIn(state.user));
  const channel = useAppStore((state) => state.channel);
  const setChat = useAppStore((state) => state.setChat);

  return (
    <aside
      className={`chat${overlay ? ' chat--overlay' : ''}`}
      aria-label={t('chat.title')}
      data-testid="chat-panel"
    >
      <header className="chat__head">
        <div className="chat__title">
          <MessagesSquare size={18} aria-hidden="true" />
          <strong>{t('chat.title')}</strong>
          <span className="pg-tag">{channel.replace(/^casino_/, '').toUpperCase()}</span>
        </div>
        <div className="chat__head-actions">
          <IconButton aria-label={t('chat.rules')} size="sm">
            <BookOpen size={16} />
          </IconButton>
          <IconButton aria-label={t('header.closeChat')} size="sm" onClick={() => setChat(false)}>
            <X size={18} />
          </IconButton>
        </div>
      </header>
      <div className="chat__messages" role="log" aria-live="polite">
        <div className="chat__empty">
          <MessagesSquare size={32} aria-hidden="true" />
          <p>{t('app.chat.empty')}</p>
        </div>
      </div>
      <footer className="chat__input">
        {signedIn ? (
          <form className="chat__form" onSubmit={(event) => event.preventDefault()}>
            <input
              type="text"
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              maxLength={160}
              disabled
            />
            <IconButton aria-label={t('chat.emoji')} size="sm" disabled>
              <Smile size={18} />
            </IconButton>
            <IconButton aria-label={t('chat.send')} size="sm" variant="primary" type="submit" disabled>
              <Send size={16} />
            </IconButton>
          </form>
        ) : (
          <Button fullWidth onClick={() => requestLogin('auth')}>
            {t('chat.loginToChat')}
          </Button>
        )}
        <p className="chat__hint">{t('chat.slowMode')}</p>
      </footer>
    </aside>
  );
}
