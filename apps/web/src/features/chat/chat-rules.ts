/**
 * Small pure rules of the chat: channels by mode and language (spec 2 section 4, spec 3 section 3),
 * the slow mode (spec 3 section 9), mutes (spec 2 sections 4 and 6) and staff highlighting
 * (spec 2 section 6).
 */
import {
  CHAT_MUTE_MINUTES,
  CHAT_SLOW_MODE_MS,
  chatChannelOf,
  isChatChannelName,
  type ChatChannel,
  type ChatLocale,
  type ChatMode,
} from '@nebula/contracts/constants';

/** Text keys of the mute lengths the contract offers moderators (spec 2 sections 6 and 9). */
const MUTE_KEYS: Record<(typeof CHAT_MUTE_MINUTES)[number], string> = {
  5: 'm5',
  15: 'm15',
  60: 'h1',
  1_440: 'd1',
  10_080: 'w1',
  43_200: 'd30',
  259_200: 'd180',
  52_560_000: 'forever',
};

/** Mute lengths offered to moderators, in minutes, with their text keys. */
export const MUTE_DURATIONS: readonly { minutes: number; key: string }[] = CHAT_MUTE_MINUTES.map(
  (minutes) => ({ minutes, key: MUTE_KEYS[minutes] }),
);

/** The mode of a channel name (`sport_en` -> sport); unknown prefixes count as casino. */
export function modeOf(channel: string): ChatMode {
  const prefix = channel.split('_')[0];
  return prefix === 'sport' || prefix === 'esport' ? prefix : 'casino';
}

/** The language of a channel name (`sport_de` -> de); unknown ones read English. */
export function localeOf(channel: string): ChatLocale {
  const lang = channel.split('_')[1];
  return lang === 'de' ? 'de' : 'en';
}

/**
 * The channel to show: the stored choice when it is a chat channel, else the casino channel of the
 * player's language.
 */
export function effectiveChannel(stored: string, locale: string): ChatChannel {
  return isChatChannelName(stored) ? stored : chatChannelOf('casino', locale);
}

/**
 * The mode a page asks for: /sportsbook selects the sport channel (spec 2 section 4); other pages
 * keep the player's choice (null).
 */
export function modeForPath(pathname: string): ChatMode | null {
  if (pathname === '/sportsbook' || pathname.startsWith('/sportsbook/')) return 'sport';
  return null;
}

/** Milliseconds left before the next message may be sent. */
export function slowModeLeft(lastSentAt: number | null, now: number, windowMs = CHAT_SLOW_MODE_MS): number {
  if (lastSentAt === null) return 0;
  return Math.max(0, lastSentAt + windowMs - now);
}

/** The end of a mute when it lies in the future, else null (a past date means not muted). */
export function activeMute(mute: string | null | undefined, now: number): Date | null {
  if (!mute) return null;
  const until = new Date(mute);
  const time = until.getTime();
  return Number.isFinite(time) && time > now ? until : null;
}

/** Formats the end of a mute: date and time in the reader's language. */
export function formatMuteTime(until: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(until);
}

export type StaffRank = 'admin' | 'moderator' | null;

/**
 * Staff highlighting (spec 2 section 6): the wildcard role shows as admin, chat_moderator as
 * moderator. `access` is the message author's role list or access label.
 */
export function staffRank(access: string | readonly string[] | null | undefined): StaffRank {
  const list = typeof access === 'string' ? [access] : (access ?? []);
  if (list.includes('*') || list.includes('admin')) return 'admin';
  if (list.includes('chat_moderator') || list.includes('moderator')) return 'moderator';
  return null;
}

/** Time label of a message: HH:MM today, else a short date with the time. */
export function messageTime(createdAt: string, now: Date, locale: string): string {
  const date = new Date(createdAt);
  if (!Number.isFinite(date.getTime())) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return new Intl.DateTimeFormat(
    locale,
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(date);
}
