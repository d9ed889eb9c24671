/**
 * One chat row (spec 2 sections 3 to 6): text and sticker messages with avatar, name (shortened,
 * opens the profile popup), staff badge and colour, VIP badge, time and likes; shared bets as a bet
 * card that opens the bet overview; quiz and quiz-answered cards; service messages as a centred
 * notice. Everything the players wrote is rendered as text.
 */
import { memo, useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { CloudRain, Gift, Heart, HelpCircle, Info, MoreHorizontal, Shield, Star, Trophy } from 'lucide-react';
import type { ChatMessage } from '@nebula/contracts';
import { useAppStore } from '../../lib/store';
import { formatMultiplier, isSafeImagePath, shortName } from './message-text';
import { MessageText } from './message-text-view';
import { messageTime } from './chat-rules';
import { useTranslation } from '../../lib/i18n';

/** Long press on touch screens opens the message menu after this many ms. */
const LONG_PRESS_MS = 450;

export interface MessageRowProps {
  message: ChatMessage;
  emojis: ReadonlyMap<string, string>;
  /** The reader's user id (own messages are marked; null for guests). */
  meId: string | null;
  /** Whether the menu button shows (signed-in readers, on other players' messages or for moderators). */
  hasMenu: boolean;
  menuOpen: boolean;
  onMenu: (message: ChatMessage, anchor: HTMLElement) => void;
  onLike: (message: ChatMessage) => void;
  onOpenProfile: (userId: string) => void;
  onOpenBet: (betId: string) => void;
  /** Reference time for the time labels ("today" shows only the time). */
  now: Date;
}

export function Avatar({ name, src, size = 32 }: { name: string; src: string | null; size?: number }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  if (src && isSafeImagePath(src)) {
    return (
      <img
        className="chatx-avatar__img"
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  // A stable hue per name, so players are easy to tell apart at a glance.
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return (
    <span
      className="chatx-avatar__initial"
      style={{ ['--hue' as string]: String(hash % 360) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

function CurrencyMark({ currency }: { currency: string }) {
  const entry = useAppStore((state) => state.currencies[currency]);
  const icon = entry?.icon ?? '';
  if (/^(https?:|\/)/.test(icon)) {
    return <img className="chatx-cur" src={icon} alt="" width={14} height={14} />;
  }
  return (
    <span
      className="chatx-cur chatx-cur--mono"
      style={{ background: entry?.style || undefined }}
      aria-hidden="true"
    >
      {currency
        .replace(/^local_/, '')
        .charAt(0)
        .toUpperCase()}
    </span>
  );
}

function Amount({ value, currency }: { value: string; currency: string }) {
  return (
    <span className="chatx-amount">
      <CurrencyMark currency={currency} />
      <span>{value}</span>
      <span className="chatx-amount__unit">{currency.replace(/^local_/, '').toUpperCase()}</span>
    </span>
  );
}

function StaffBadge({ access }: { access: 'admin' | 'moderator' | 'user' }) {
  const { t } = useTranslation();
  if (access === 'user') return null;
  return (
    <span className={clsx('chatx-badge', `chatx-badge--${access}`)}>
      <Shield size={10} aria-hidden="true" />
      {access === 'admin' ? t('chatUi.message.admin') : t('chatUi.message.moderator')}
    </span>
  );
}

function VipBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  if (!(level > 0)) return null;
  return (
    <span className="chatx-vip" data-level={Math.min(level, 10)} title={t('chatUi.message.vip', { level })}>
      <Star size={9} aria-hidden="true" />
      {level}
    </span>
  );
}

function serviceText(data: Record<string, unknown>): string {
  if (typeof data.text === 'string') return data.text;
  if (typeof data.message === 'string') return data.message;
  return '';
}

function ServiceIcon({ kind }: { kind: unknown }) {
  if (kind === 'tip') return <Gift size={14} aria-hidden="true" />;
  if (kind === 'rain' || kind === 'bot_rain') return <CloudRain size={14} aria-hidden="true" />;
  return <Info size={14} aria-hidden="true" />;
}

function ServiceRow({ message, emojis }: { message: ChatMessage; emojis: ReadonlyMap<string, string> }) {
  const data = message.data as Record<string, unknown>;
  return (
    <div className={clsx('chatx-service', typeof data.kind === 'string' && `chatx-service--${data.kind}`)}>
      <ServiceIcon kind={data.kind} />
      <MessageText text={serviceText(data)} emojis={emojis} />
    </div>
  );
}

function QuizCard({ message }: { message: Extract<ChatMessage, { type: 'quiz' }> }) {
  const { t } = useTranslation();
  return (
    <div className="chatx-card chatx-card--quiz" data-testid="chat-quiz">
      <div className="chatx-card__head">
        <HelpCircle size={16} aria-hidden="true" />
        <strong>{t('chatUi.quiz.title')}</strong>
        <span className="chatx-card__reward">
          <Amount value={message.data.reward} currency={message.data.currency} />
        </span>
      </div>
      <p className="chatx-card__question">{message.data.question}</p>
      <p className="chatx-card__hint">{t('chatUi.quiz.hint')}</p>
    </div>
  );
}

function QuizAnsweredCard({
  message,
  onOpenProfile,
}: {
  message: Extract<ChatMessage, { type: 'quiz_answered' }>;
  onOpenProfile: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { user, question, correct, reward, currency } = message.data;
  return (
    <div className="chatx-card chatx-card--answered" data-testid="chat-quiz-answered">
      <div className="chatx-card__head">
        <Trophy size={16} aria-hidden="true" />
        <strong>{t('chatUi.quiz.answered')}</strong>
        <span className="chatx-card__reward">
          <Amount value={reward} currency={currency} />
        </span>
      </div>
      <p className="chatx-card__question">{question}</p>
      <p className="chatx-card__winner">
        <button type="button" className="chatx-link" onClick={() => onOpenProfile(user._id)}>
          {t('chatUi.quiz.winner', { name: shortName(user.name) })}
        </button>
        <span className="chatx-card__answer">{t('chatUi.quiz.answer', { answer: correct })}</span>
      </p>
    </div>
  );
}

function BetCard({
  data,
  onOpenBet,
}: {
  data: Extract<ChatMessage, { type: 'game_link' }>['data'];
  onOpenBet: (id: string) => void;
}) {
  const { t } = useTranslation();
  const multiplier = Number(data.multiplier);
  const won = Number.isFinite(multiplier) && multiplier >= 1;
  return (
    <button
      type="button"
      className={clsx('chatx-bet', won ? 'is-win' : 'is-loss')}
      onClick={() => onOpenBet(data.id)}
      aria-label={t('chatUi.bet.open', { id: data.id })}
      data-testid="chat-bet-card"
    >
      <span className="chatx-bet__game">
        <span className="chatx-bet__name">{data.name}</span>
        <span className="chatx-bet__id">#{data.id}</span>
      </span>
      <span className="chatx-bet__stats">
        <span className="chatx-bet__stat">
          <span className="chatx-bet__label">{t('chatUi.bet.bet')}</span>
          <Amount value={data.splitTotal} currency={data.currency} />
        </span>
        <span className="chatx-bet__stat">
          <span className="chatx-bet__label">{t('chatUi.bet.multiplier')}</span>
          <span className="chatx-bet__multi">{formatMultiplier(data.multiplier)}×</span>
        </span>
      </span>
    </button>
  );
}

function LikeButton({ message, onLike }: { message: ChatMessage; onLike: (m: ChatMessage) => void }) {
  const { t } = useTranslation();
  const likes = message.likes ?? 0;
  return (
    <button
      type="button"
      className="chatx-tool"
      onClick={() => onLike(message)}
      aria-label={t('chatUi.message.like')}
      title={t('chatUi.message.like')}
      data-testid="chat-like"
    >
      <Heart size={14} aria-hidden="true" />
      {likes > 0 && <span className="chatx-sr">{t('chatUi.message.likes', { count: likes })}</span>}
    </button>
  );
}

/** The heart with its count under a liked message (a click likes it too). */
function Likes({ message, onLike }: { message: ChatMessage; onLike: (m: ChatMessage) => void }) {
  const { t } = useTranslation();
  const likes = message.likes ?? 0;
  if (likes <= 0) return null;
  return (
    <button
      type="button"
      className="chatx-likes"
      onClick={() => onLike(message)}
      aria-label={t('chatUi.message.likes', { count: likes })}
      data-testid="chat-likes"
    >
      <Heart size={11} aria-hidden="true" />
      <span>{likes}</span>
    </button>
  );
}

function useLongPress(onLongPress: (anchor: HTMLElement) => void, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || event.pointerType !== 'touch') return;
      const target = event.currentTarget;
      clear();
      timer.current = setTimeout(() => onLongPress(target), LONG_PRESS_MS);
    },
    onPointerUp: clear,
    onPointerCancel: clear,
    onPointerMove: clear,
  };
}

/** A player row (message or game_link). */
function PlayerRow(props: MessageRowProps & { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, meId, hasMenu, menuOpen, onMenu, onLike, onOpenProfile, now, children } = props;
  const user = message.user!;
  const display = shortName(user.name);
  const longPress = useLongPress((anchor) => onMenu(message, anchor), hasMenu);
  return (
    <div
      className={clsx(
        'chatx-msg',
        user.access !== 'user' && `chatx-msg--${user.access}`,
        meId === user._id && 'chatx-msg--own',
        menuOpen && 'is-menu-open',
      )}
      data-testid="chat-message"
      data-message-id={message._id}
      data-user={user.name}
      {...longPress}
    >
      <button
        type="button"
        className="chatx-avatar"
        onClick={() => onOpenProfile(user._id)}
        aria-label={t('chatUi.message.openProfile', { name: user.name })}
        tabIndex={-1}
      >
        <Avatar name={user.name} src={user.avatar} />
      </button>
      <div className="chatx-main">
        <div className="chatx-meta">
          <button
            type="button"
            className="chatx-name"
            onClick={() => onOpenProfile(user._id)}
            title={user.name}
            data-testid="chat-name"
          >
            {display}
          </button>
          <StaffBadge access={user.access} />
          <VipBadge level={message.vipLevel} />
          <time className="chatx-time" dateTime={message.created_at}>
            {messageTime(message.created_at, now, i18n.language)}
          </time>
        </div>
        <div className="chatx-content">{children}</div>
        <Likes message={message} onLike={onLike} />
      </div>
      <div className="chatx-tools">
        <LikeButton message={message} onLike={onLike} />
        {hasMenu && (
          <button
            type="button"
            className="chatx-tool"
            aria-label={t('chatUi.message.actions')}
            title={t('chatUi.message.actions')}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={(event) => onMenu(message, event.currentTarget)}
            data-testid="chat-message-menu"
          >
            <MoreHorizontal size={14} aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}

export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { t } = useTranslation();
  const { message, emojis, onOpenProfile, onOpenBet } = props;
  switch (message.type) {
    case 'service':
      return <ServiceRow message={message} emojis={emojis} />;
    case 'quiz':
      return <QuizCard message={message} />;
    case 'quiz_answered':
      return <QuizAnsweredCard message={message} onOpenProfile={onOpenProfile} />;
    case 'game_link':
      return (
        <PlayerRow {...props}>
          <span className="chatx-shared">{t('chatUi.bet.shared')}</span>
          <BetCard data={message.data} onOpenBet={onOpenBet} />
        </PlayerRow>
      );
    case 'message': {
      const sticker = message.data.sticker;
      return (
        <PlayerRow {...props}>
          {sticker && isSafeImagePath(sticker) ? (
            <img
              className="chatx-sticker"
              src={sticker}
              alt={t('chatUi.message.sticker')}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <MessageText text={message.data.message} emojis={emojis} />
          )}
        </PlayerRow>
      );
    }
    default:
      return null;
  }
});
