/**
 * The live chat (issue F8; spec 2 "Chat panel", sections 3 to 8): header with the channel choice
 * (mode and language; /sportsbook selects the sport channel), the online count and the moderator
 * tools; the message list (history reversed, live messages, removals, likes, ignored users hidden,
 * scrolled to the bottom on new messages unless the reader scrolled up); and the composer.
 * Loaded lazily by the shell's chat panel (app/shell/chat-panel.tsx), which passes in what other
 * features provide (the bet overview).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowDown, ChevronDown, MessagesSquare, RefreshCw, ShieldCheck, X } from 'lucide-react';
import type { ChatChannel, ChatMessage } from '@nebula/contracts';
import { CHAT_LOCALES, CHAT_MODES, chatChannelOf, chatMuteEventRef } from '@nebula/contracts/constants';
import { Button, Dropdown, IconButton, Spinner, toast } from '../../ui';
import { api, isApiError } from '../../lib/api';
import { events } from '../../lib/events';
import { isSignedIn, usePermission, useAppStore } from '../../lib/store';
import { requestLogin } from '../../lib/request-login';
import { useOnlineCount, useRealtime } from '../../lib/realtime-provider';
import { chatApi } from './chat-api';
import { ChatComposer } from './chat-composer';
import { effectiveChannel, localeOf, modeForPath, modeOf } from './chat-rules';
import { updateChatUser, useIgnoredIds } from './chat-session';
import type { ChatCommandName } from './commands';
import { MessageMenu } from './message-menu';
import { MessageRow } from './message-row';
import { emojiIndex } from './message-text';
import {
  removeMessagesOf,
  visibleMessages,
  removeMessages,
  appendMessage,
  patchMessage,
} from './message-list';
import {
  muteByName,
  muteUser,
  openMuteDialog,
  openOnlineUsers,
  openQuizDialog,
  openUnmuteDialog,
  removeAllFrom,
  removeMessage,
  unmuteByName,
} from './moderation';
import { useChatFeed } from './use-chat-feed';
import { useStickToBottom } from './use-stick-to-bottom';
import './chat-texts';
import './chat.css';
import { useTranslation } from '../../lib/i18n';

export interface ChatRoomProps {
  /** Opens the bet overview popup of a shared bet (the bets feature, composed by the shell). */
  onOpenBet: (betId: string) => void;
  onClose: () => void;
}

function openProfile(id: string): void {
  window.dispatchEvent(new CustomEvent('open-profile', { detail: { id } }));
}

/** The channel the panel shows, kept in the store (`channel`); /sportsbook switches to sport. */
function useChatChannel(): [ChatChannel, (channel: ChatChannel) => void] {
  const stored = useAppStore((state) => state.channel);
  const locale = useAppStore((state) => state.locale);
  const setChannel = useAppStore((state) => state.setChannel);
  const { pathname } = useLocation();
  const channel = effectiveChannel(stored, locale);
  useEffect(() => {
    const mode = modeForPath(pathname);
    const current = useAppStore.getState();
    const now = effectiveChannel(current.channel, current.locale);
    if (mode && modeOf(now) !== mode) current.setChannel(chatChannelOf(mode, localeOf(now)));
  }, [pathname]);
  return [channel, setChannel];
}

/** Minutes tick for the time labels ("today" shows only the time). */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ChannelPicker({ channel, onChange }: { channel: ChatChannel; onChange: (c: ChatChannel) => void }) {
  const { t } = useTranslation();
  const entries = CHAT_MODES.flatMap((mode) =>
    CHAT_LOCALES.map((lang) => ({
      entryId: chatChannelOf(mode, lang),
      title: (
        <span className="chatx-channel__entry">
          <span className="chatx-lang" aria-hidden="true">
            {lang}
          </span>
          {t(`chatUi.channel.${mode}`)}
          <span className="chatx-channel__lang">{t(`chatUi.languageName.${lang}`)}</span>
        </span>
      ),
    })),
  );
  return (
    <Dropdown
      entries={entries}
      value={channel}
      onSelect={onChange}
      align="end"
      aria-label={t('chatUi.chooseChannel')}
      className="chatx-channel"
      menuClassName="chatx-channel__menu"
      renderTrigger={({ open }) => (
        <span className="chatx-channel__trigger" data-testid="chat-channel">
          <span>{t(`chatUi.channel.${modeOf(channel)}`)}</span>
          <span className="chatx-lang">{localeOf(channel)}</span>
          <ChevronDown size={14} aria-hidden="true" className={open ? 'is-open' : undefined} />
        </span>
      )}
    />
  );
}

function ModeratorTools({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation();
  const entries = [
    { entryId: 'online' as const, title: t('chatUi.moderation.online') },
    { entryId: 'quiz' as const, title: t('chatUi.moderation.quiz') },
    { entryId: 'unmute' as const, title: t('chatUi.moderation.unmute') },
  ];
  return (
    <Dropdown
      entries={entries}
      onSelect={(id) => {
        if (id === 'online') openOnlineUsers(channel, openProfile);
        else if (id === 'quiz') openQuizDialog(channel);
        else openUnmuteDialog();
      }}
      align="end"
      aria-label={t('chatUi.moderation.menu')}
      className="chatx-modtools"
      renderTrigger={() => (
        <span
          className="chatx-modtools__trigger"
          data-testid="chat-mod-tools"
          title={t('chatUi.moderation.menu')}
        >
          <ShieldCheck size={17} aria-hidden="true" />
        </span>
      )}
    />
  );
}

function OnlineBadge() {
  const { t } = useTranslation();
  const online = useOnlineCount();
  if (!online) return null;
  return (
    <span className="chatx-online-badge" title={t('chat.online', { count: online.total })}>
      <span className="chatx-dot" aria-hidden="true" />
      {online.total}
    </span>
  );
}

export function ChatRoom({ onOpenBet, onClose }: ChatRoomProps) {
  const { t } = useTranslation();
  const client = useRealtime();
  const user = useAppStore((state) => state.user);
  const signedIn = isSignedIn(user);
  const meId = signedIn ? user._id : null;
  const moderator = usePermission('moderateChat');
  const [channel, setChannel] = useChatChannel();
  const feed = useChatFeed(client, channel);
  const ignored = useIgnoredIds();
  const now = useMinute();
  const packsQuery = useQuery({
    queryKey: ['chat', 'emoji-packs'],
    queryFn: ({ signal }) => api(chatApi.packs, {}, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const emojis = useMemo(() => emojiIndex(packsQuery.data), [packsQuery.data]);
  const visible = useMemo(() => visibleMessages(feed.messages, ignored), [feed.messages, ignored]);
  const [menu, setMenu] = useState<{ message: ChatMessage; anchor: HTMLElement } | null>(null);

  // A moderator's mute or unmute reaches the player's own channel (User.{id}).
  useEffect(() => client.on(chatMuteEventRef, (data) => updateChatUser({ mute: data.mute })), [client]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stick = useStickToBottom(scrollRef, contentRef, visible, `${channel}:${feed.status}`);

  const { update } = feed;

  const onSent = useCallback(
    (message: ChatMessage) => {
      update((list) => appendMessage(list, message));
      // One's own message always brings the list down.
      requestAnimationFrame(() => stick.toBottom(true));
    },
    [update, stick],
  );

  const onLike = useCallback(
    (message: ChatMessage) => {
      if (!isSignedIn(useAppStore.getState().user)) {
        requestLogin('auth');
        return;
      }
      api(chatApi.like, { id: message._id })
        .then(({ id, likes }) => update((list) => patchMessage(list, id, (m) => ({ ...m, likes }))))
        .catch((error: unknown) => {
          toast.error(isApiError(error) && error.message ? error.message : t('chatUi.moderation.failed'), {
            id: 'chat-error-like',
          });
        });
    },
    [update, t],
  );

  const onMenu = useCallback((message: ChatMessage, anchor: HTMLElement) => {
    setMenu((open) => (open?.message._id === message._id ? null : { message, anchor }));
  }, []);
  const closeMenu = useCallback(() => setMenu(null), []);

  const setIgnore = useCallback(
    async (name: string, ignore: boolean): Promise<boolean> => {
      try {
        const answer = ignore ? await api(chatApi.ignore, { name }) : await api(chatApi.unignore, { name });
        updateChatUser({ ignore: answer.ignore });
        toast.success(t(ignore ? 'chatUi.ignored' : 'chatUi.unignored', { name }));
        return true;
      } catch (error) {
        toast.error(
          isApiError(error) && error.status !== 0 && error.status !== 429
            ? t('general.error.unknown_user')
            : isApiError(error)
              ? error.message
              : t('chatUi.moderation.failed'),
        );
        return false;
      }
    },
    [t],
  );

  const onCommand = useCallback(
    async (name: ChatCommandName, args: string[]): Promise<boolean> => {
      switch (name) {
        case 'ignore':
          return setIgnore(args[0]!, true);
        case 'unignore':
          return setIgnore(args[0]!, false);
        case 'tip':
        case 'rain':
          // The tip and rain dialogs belong to another feature: it listens to this event.
          events.emit('chat:command', { name, args, channel });
          return true;
        case 'mute':
          return args[1] ? muteByName(args[0]!, Number(args[1])) : openMuteDialog(args[0]!);
        case 'unmute':
          if (args[0]) return unmuteByName(args[0]);
          openUnmuteDialog();
          return true;
        case 'quiz':
          openQuizDialog(channel);
          return true;
        case 'online':
          openOnlineUsers(channel, openProfile);
          return true;
      }
    },
    [channel, setIgnore],
  );

  const onDelete = useCallback(
    (message: ChatMessage) => {
      void removeMessage(message._id).then((ids) => update((list) => removeMessages(list, ids)));
    },
    [update],
  );
  const onDeleteAll = useCallback(
    (userId: string) => {
      void removeAllFrom(userId).then((ids) => {
        if (ids.length) update((list) => removeMessagesOf(removeMessages(list, ids), userId));
      });
    },
    [update],
  );

  const hasMenuFor = (message: ChatMessage) =>
    signedIn && !!message.user && (moderator || message.user._id !== meId);

  let body;
  if (feed.status === 'loading' && visible.length === 0) {
    body = (
      <div className="chatx-state" aria-label={t('chatUi.loading')}>
        <Spinner label={t('chatUi.loading')} />
      </div>
    );
  } else if (feed.status === 'error') {
    body = (
      <div className="chatx-state">
        <p>{t('chatUi.loadFailed')}</p>
        <Button size="sm" variant="secondary" icon={<RefreshCw size={14} />} onClick={feed.retry}>
          {t('chatUi.retry')}
        </Button>
      </div>
    );
  } else if (visible.length === 0) {
    body = (
      <div className="chatx-state">
        <MessagesSquare size={32} aria-hidden="true" />
        <p>{t('chatUi.empty')}</p>
      </div>
    );
  } else {
    body = visible.map((message) => (
      <MessageRow
        key={message._id}
        message={message}
        emojis={emojis}
        meId={meId}
        hasMenu={hasMenuFor(message)}
        menuOpen={menu?.message._id === message._id}
        onMenu={onMenu}
        onLike={onLike}
        onOpenProfile={openProfile}
        onOpenBet={onOpenBet}
        now={now}
      />
    ));
  }

  return (
    <>
      <header className="chat__head chatx-head">
        <div className="chat__title">
          <MessagesSquare size={18} aria-hidden="true" />
          <strong>{t('chat.title')}</strong>
          <OnlineBadge />
        </div>
        <div className="chat__head-actions">
          <ChannelPicker channel={channel} onChange={setChannel} />
          {moderator && <ModeratorTools channel={channel} />}
          <IconButton aria-label={t('header.closeChat')} size="sm" onClick={onClose} data-testid="chat-close">
            <X size={18} />
          </IconButton>
        </div>
      </header>
      <div className="chatx-list-wrap">
        <div
          ref={scrollRef}
          className="chatx-list"
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-busy={feed.status === 'loading'}
          onScroll={stick.onScroll}
          data-testid="chat-messages"
          data-channel={channel}
        >
          <div ref={contentRef} className={clsx('chatx-list__content', visible.length === 0 && 'is-empty')}>
            {body}
          </div>
        </div>
        {stick.unseen > 0 && (
          <button
            type="button"
            className="chatx-pill"
            onClick={() => stick.toBottom(true)}
            data-testid="chat-new-messages"
          >
            <ArrowDown size={14} aria-hidden="true" />
            {t('chatUi.newMessages')}
            <span className="chatx-pill__count">{stick.unseen > 99 ? '99+' : stick.unseen}</span>
          </button>
        )}
      </div>
      <ChatComposer
        channel={channel}
        signedIn={signedIn}
        moderator={moderator}
        packs={packsQuery.data}
        packsFailed={packsQuery.isError}
        onSent={onSent}
        onCommand={onCommand}
      />
      {menu && (
        <MessageMenu
          message={menu.message}
          anchor={menu.anchor}
          moderator={moderator}
          own={menu.message.user?._id === meId}
          onClose={closeMenu}
          onIgnore={(name) => void setIgnore(name, true)}
          onLike={onLike}
          onDelete={onDelete}
          onDeleteAll={onDeleteAll}
          onMute={(userId, minutes) => void muteUser(userId, minutes)}
        />
      )}
    </>
  );
}
