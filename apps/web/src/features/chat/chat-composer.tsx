/**
 * The chat's input area (spec 2 sections 4 and 5, spec 3 section 5):
 * - guests see a login button; a muted player sees the muted message with its time;
 * - the rules must be accepted before sending ('Read the rules', then 'I accept'); they open by
 *   themselves on the first click into the text box (remembered);
 * - only one of the commands list, the rules and the emoji picker is open at a time;
 * - newlines are stripped, the length is counted (1 to 160 characters), slow mode counts down 5 s
 *   after each message; errors show the spec's texts.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import clsx from 'clsx';
import { BookOpen, Check, Lock, Send, Slash, Smile, X } from 'lucide-react';
import type { ChatChannel, ChatMessage, EmojiPack } from '@nebula/contracts';
import { Button, IconButton, toast } from '../../ui';
import { useAppStore } from '../../lib/store';
import { requestLogin } from '../../lib/request-login';
import { CHAT_MESSAGE_MAX, CHAT_SLOW_MODE_MS } from '@nebula/contracts/constants';
import { charCount, describeChatError, sendMessage, sendSticker } from './chat-api';
import { formatMuteTime } from './chat-rules';
import { matchingCommands, parseCommand, usageOf, commandsFor, type ChatCommandName } from './commands';
import { updateChatUser, useMuteDate } from './chat-session';
import { EmojiPicker } from './emoji-picker';
import { cleanInput, insertToken } from './message-text';
import { useTranslation } from '../../lib/i18n';

type Panel = 'commands' | 'rules' | 'emoji' | null;

/** The input accepts a little more than the limit so the counter and the length error can show. */
const INPUT_HARD_MAX = 400;

export interface ChatComposerProps {
  channel: ChatChannel;
  signedIn: boolean;
  moderator: boolean;
  packs: EmojiPack[] | undefined;
  packsFailed: boolean;
  /** Own message as the server stored it (shown at once, before the realtime echo). */
  onSent: (message: ChatMessage) => void;
  /** Runs a command; resolves true when the input should be cleared. */
  onCommand: (name: ChatCommandName, args: string[]) => Promise<boolean>;
}

/** Slow mode (spec 3 section 5): a countdown of 5 s after each message. */
function useSlowMode(): { left: number; start: (at?: number) => void } {
  const [state, setState] = useState<{ until: number; now: number } | null>(null);
  useEffect(() => {
    if (!state) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setState((current) => (current && current.until > now ? { ...current, now } : null));
    }, 200);
    return () => clearInterval(timer);
  }, [state]);
  const start = useCallback((at = Date.now()) => {
    setState({ until: at + CHAT_SLOW_MODE_MS, now: Date.now() });
  }, []);
  return { left: state ? Math.max(0, state.until - state.now) : 0, start };
}

/** The end of the player's mute while it lasts; the input comes back by itself when it ends. */
function useMuteUntil(): Date | null {
  const mute = useMuteDate();
  // The mute value whose end has passed (checked on a timer, never during render).
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (!mute) return;
    const end = new Date(mute).getTime();
    if (!Number.isFinite(end)) return;
    const ms = end - Date.now();
    if (ms > 2 ** 31 - 1) return; // a long mute (or forever): no timer
    const timer = setTimeout(() => setExpired(mute), Math.max(0, ms) + 50);
    return () => clearTimeout(timer);
  }, [mute]);
  if (!mute || expired === mute) return null;
  const until = new Date(mute);
  return Number.isFinite(until.getTime()) ? until : null;
}

function RulesBox({
  accepted,
  onAccept,
  onClose,
}: {
  accepted: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const items = t('chatUi.rules.items', { returnObjects: true }) as unknown;
  const list = Array.isArray(items) ? (items as string[]) : [];
  return (
    <div
      className="chatx-popover chatx-rules"
      role="region"
      aria-label={t('chatUi.rules.title')}
      data-testid="chat-rules"
    >
      <div className="chatx-popover__head">
        <strong>
          <BookOpen size={15} aria-hidden="true" />
          {t('chatUi.rules.title')}
        </strong>
        <IconButton size="sm" aria-label={t('chatUi.rules.close')} onClick={onClose}>
          <X size={15} />
        </IconButton>
      </div>
      <p className="chatx-rules__intro">{t('chatUi.rules.intro')}</p>
      <ol className="chatx-rules__list">
        {list.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      {!accepted && (
        <Button
          fullWidth
          size="sm"
          icon={<Check size={15} />}
          onClick={onAccept}
          data-testid="chat-accept-rules"
        >
          {t('chat.acceptRules')}
        </Button>
      )}
    </div>
  );
}

function CommandsList({
  moderator,
  input,
  onPick,
}: {
  moderator: boolean;
  input: string;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation();
  const typed = input.startsWith('/') ? matchingCommands(input, moderator) : commandsFor(moderator);
  return (
    <div
      className="chatx-popover chatx-commands"
      role="listbox"
      aria-label={t('chatUi.commands.title')}
      data-testid="chat-commands"
    >
      <div className="chatx-popover__head">
        <strong>
          <Slash size={14} aria-hidden="true" />
          {t('chatUi.commands.title')}
        </strong>
      </div>
      {typed.map((command) => (
        <button
          key={command.name}
          type="button"
          role="option"
          aria-selected={false}
          className="chatx-commands__item"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(command.name)}
        >
          <code>{usageOf(command)}</code>
          <span>{t(`chatUi.commands.${command.name}`)}</span>
          {command.moderator && <span className="chatx-commands__mod">{t('chatUi.commands.moderator')}</span>}
        </button>
      ))}
    </div>
  );
}

export function ChatComposer(props: ChatComposerProps) {
  const { t, i18n } = useTranslation();
  const { channel, signedIn, moderator, packs, packsFailed, onSent, onCommand } = props;
  const accepted = useAppStore((state) => state.chatRulesAccepted);
  const expandedOnce = useAppStore((state) => state.chatRulesExpanded);
  const setSetting = useAppStore((state) => state.setSetting);
  const muteUntil = useMuteUntil();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const [sending, setSending] = useState(false);
  const slow = useSlowMode();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const counterId = useId();

  // Staff are not held to slow mode by the server; players see the countdown.
  const slowLeft = moderator ? 0 : slow.left;
  const slowSeconds = Math.ceil(slowLeft / 1000);

  // A press outside the composer closes the open panel.
  useEffect(() => {
    if (!panel) return;
    const outside = (event: MouseEvent | TouchEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setPanel(null);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside, { passive: true });
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
    };
  }, [panel]);

  const acceptRules = useCallback(() => {
    setSetting('chatRulesAccepted', true);
    setSetting('chatRulesExpanded', true);
    setPanel(null);
    inputRef.current?.focus();
  }, [setSetting]);

  const onInputPointer = () => {
    // Spec 2 section 4: the rules expand by themselves on the first click into the text box.
    if (!accepted && !expandedOnce) {
      setSetting('chatRulesExpanded', true);
      setPanel('rules');
    }
  };

  const onChange = (raw: string) => {
    // Spec 2 section 5: newlines are stripped (a pasted line break becomes a space).
    const value = raw.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, INPUT_HARD_MAX);
    setText(value);
    if (value.startsWith('/') && matchingCommands(value, moderator).length > 0) setPanel('commands');
    else if (panel === 'commands') setPanel(null);
  };

  const showError = (error: unknown) => {
    const info = describeChatError(error, t, i18n.language);
    if (info.kind === 'muted' && info.mutedUntil) updateChatUser({ mute: info.mutedUntil });
    if (info.kind === 'slow') {
      // The server counts from our last message; without a local countdown, start a full one.
      toast.error(t('chatUi.slowError', { seconds: slowSeconds || 5 }), { id: 'chat-error-slow' });
      if (slowLeft === 0) slow.start();
      return;
    }
    toast.error(info.text, { id: `chat-error-${info.kind}` });
  };

  const canSend = () => {
    if (!accepted) {
      setPanel('rules');
      toast.info(t('chatUi.rules.mustAccept'), { id: 'chat-error-rules' });
      return false;
    }
    if (slowLeft > 0) {
      toast.error(t('chatUi.slowError', { seconds: slowSeconds }), { id: 'chat-error-slow' });
      return false;
    }
    return true;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const clean = cleanInput(text);
    if (!clean) return;
    const parsed = parseCommand(clean, moderator);
    if (parsed.kind === 'usage') {
      toast.info(t('chatUi.commands.usage', { usage: parsed.usage }), { id: 'chat-error-usage' });
      return;
    }
    if (parsed.kind === 'command') {
      setPanel(null);
      setSending(true);
      try {
        if (await onCommand(parsed.name, parsed.args)) setText('');
      } finally {
        setSending(false);
      }
      return;
    }
    if (charCount(clean) > CHAT_MESSAGE_MAX) {
      // Spec 2 section 8, chat code 1 (the server says the same).
      toast.error(t('chat.error.length'), { id: 'chat-error-length' });
      return;
    }
    if (!canSend()) return;
    setSending(true);
    try {
      const message = await sendMessage(clean, channel);
      setText('');
      setPanel(null);
      if (!moderator) slow.start();
      onSent(message);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  };

  const sendStickerNow = async (path: string) => {
    if (sending || !canSend()) return;
    setSending(true);
    try {
      const message = await sendSticker(path, channel);
      setPanel(null);
      if (!moderator) slow.start();
      onSent(message);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  const addEmoji = (id: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? start;
    const next = insertToken(text, `:${id}:`, start, end);
    setText(next.text.slice(0, INPUT_HARD_MAX));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const pickCommand = (name: string) => {
    setText(`/${name} `);
    setPanel(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && panel) {
      event.preventDefault();
      setPanel(null);
    }
    // Enter sends (there are no line breaks in a chat message); not while an IME composes.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  // The text box grows with its text, up to four lines.
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, 96)}px`;
  }, [text]);

  if (!signedIn) {
    return (
      <div className="chatx-composer chatx-composer--guest">
        <Button fullWidth onClick={() => requestLogin('auth')} data-testid="chat-login">
          {t('chat.loginToChat')}
        </Button>
        <p className="chatx-hint">{t('chat.slowMode')}</p>
      </div>
    );
  }

  if (muteUntil) {
    return (
      <div className="chatx-composer">
        <div className="chatx-muted" role="status" data-testid="chat-muted">
          <Lock size={16} aria-hidden="true" />
          <span>{t('chat.muted', { time: formatMuteTime(muteUntil, i18n.language) })}</span>
        </div>
      </div>
    );
  }

  const count = charCount(text);
  const over = count > CHAT_MESSAGE_MAX;

  return (
    <div className="chatx-composer" ref={rootRef}>
      {panel === 'rules' && (
        <RulesBox accepted={accepted} onAccept={acceptRules} onClose={() => setPanel(null)} />
      )}
      {panel === 'commands' && <CommandsList moderator={moderator} input={text} onPick={pickCommand} />}
      {panel === 'emoji' && (
        <EmojiPicker
          packs={packs}
          failed={packsFailed}
          onEmoji={addEmoji}
          onSticker={(path) => void sendStickerNow(path)}
        />
      )}
      <form className={clsx('chatx-form-row', over && 'is-over')} onSubmit={(event) => void submit(event)}>
        <textarea
          ref={inputRef}
          rows={1}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onPointerDown={onInputPointer}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          aria-describedby={counterId}
          maxLength={INPUT_HARD_MAX}
          autoComplete="off"
          enterKeyHint="send"
          data-testid="chat-input"
        />
        <span
          id={counterId}
          className={clsx('chatx-counter', over && 'is-over', count === 0 && 'is-empty')}
          aria-live="off"
        >
          {t('chatUi.counter', { count, max: CHAT_MESSAGE_MAX })}
        </span>
        <IconButton
          size="sm"
          aria-label={t('chat.commands')}
          active={panel === 'commands'}
          onClick={() => setPanel((open) => (open === 'commands' ? null : 'commands'))}
        >
          <Slash size={16} />
        </IconButton>
        <IconButton
          size="sm"
          aria-label={t('chat.emoji')}
          active={panel === 'emoji'}
          onClick={() => setPanel((open) => (open === 'emoji' ? null : 'emoji'))}
          data-testid="chat-emoji"
        >
          <Smile size={17} />
        </IconButton>
        <button
          type="submit"
          className={clsx('chatx-send', slowLeft > 0 && 'is-waiting')}
          aria-label={slowLeft > 0 ? t('chatUi.slowWait', { seconds: slowSeconds }) : t('chat.send')}
          disabled={sending}
          data-testid="chat-send"
        >
          {slowLeft > 0 ? (
            <span className="chatx-send__count">{slowSeconds}</span>
          ) : (
            <Send size={16} aria-hidden="true" />
          )}
          {slowLeft > 0 && (
            <svg className="chatx-send__ring" viewBox="0 0 36 36" aria-hidden="true">
              <circle
                cx="18"
                cy="18"
                r="16"
                pathLength="100"
                style={{ strokeDashoffset: 100 - (slowLeft / CHAT_SLOW_MODE_MS) * 100 }}
              />
            </svg>
          )}
        </button>
      </form>
      <div className="chatx-under">
        {accepted ? (
          <p className="chatx-hint">
            {slowLeft > 0 ? t('chatUi.slowWait', { seconds: slowSeconds }) : t('chat.slowMode')}
          </p>
        ) : (
          <button
            type="button"
            className="chatx-read-rules"
            onClick={() => setPanel((open) => (open === 'rules' ? null : 'rules'))}
            data-testid="chat-read-rules"
          >
            <BookOpen size={14} aria-hidden="true" />
            {t('chat.readRules')}
          </button>
        )}
      </div>
    </div>
  );
}
