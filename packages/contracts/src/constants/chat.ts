/** The chat's limits, channels and error codes (spec 2 sections 2-9, spec 3 sections 5 and 9). */

export const CHAT_MODES = ['casino', 'sport', 'esport'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
export const CHAT_LOCALES = ['en', 'de'] as const;
export type ChatLocale = (typeof CHAT_LOCALES)[number];
/** Every chat channel: `casino_en`, `casino_de`, `sport_en`, ... */
export const CHAT_CHANNELS = CHAT_MODES.flatMap((m) => CHAT_LOCALES.map((l) => `${m}_${l}` as const));
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const DEFAULT_CHAT_CHANNEL: ChatChannel = 'casino_en';

/** The chat channel of a mode and locale (an unknown locale falls back to English). */
export function chatChannelOf(mode: ChatMode, locale: string): ChatChannel {
  const l = (CHAT_LOCALES as readonly string[]).includes(locale) ? locale : 'en';
  return `${mode}_${l}` as ChatChannel;
}

/** True for a chat channel name. */
export function isChatChannelName(channel: string): channel is ChatChannel {
  return (CHAT_CHANNELS as readonly string[]).includes(channel);
}

/** Messages one history call returns (newest first; the client shows them reversed). */
export const CHAT_HISTORY_LIMIT = 50;
/** Message length after newlines are stripped and the text trimmed (spec 3 section 5). */
export const CHAT_MESSAGE_MIN = 1;
export const CHAT_MESSAGE_MAX = 160;
/** Slow mode: one message per user per 5 s (spec 3 sections 5 and 9). */
export const CHAT_SLOW_MODE_MS = 5_000;
/** Slow mode per room (the back office, decision 0045): off (0) or one message per this many seconds. */
export const CHAT_ROOM_SLOW_MODE_MIN_SECONDS = 5;
export const CHAT_ROOM_SLOW_MODE_MAX_SECONDS = 3_600;
/** Mute durations in minutes (spec 2 sections 6 and 9); the last is "forever". */
export const CHAT_MUTE_MINUTES = [5, 15, 60, 1440, 10080, 43200, 259200, 52560000] as const;
export const CHAT_MUTE_FOREVER_MINUTES = 52_560_000;

/**
 * Chat error codes. Numbers are the spec's (code 1 length, code 2 muted); the others are strings.
 * The client shows: 1 -> 'chat.error.length'; 2 -> 'general.error.muted' with the time
 * ({@link parseChatMutedUntil} of the message, or `me.mute`); unknown_user ->
 * 'general.error.unknown_user'; unknown_game -> 'general.error.unknown_game'.
 */
export const ChatErrorCode = {
  Length: 1,
  Muted: 2,
  SlowMode: 'chat_slow_mode',
  LinkNotAllowed: 'chat_link_not_allowed',
  UnknownUser: 'general.error.unknown_user',
  UnknownGame: 'general.error.unknown_game',
  UnknownUsername: 'unknown_username',
  UnknownMessage: 'chat_unknown_message',
  QuizCurrency: 'chat_quiz_unavailable',
  RateLimited: 'rate_limited',
} as const;

export const ChatMessages = {
  length: 'Message is too short or long.',
  slowMode: 'Slow mode: 1 message per 5 seconds.',
  link: 'Links are not allowed in chat.',
  unknownUser: 'Unknown user.',
  unknownGame: 'Unknown game.',
  unknownUsername: 'Unknown username',
  unknownMessage: 'Unknown message.',
  muted: 'Muted successfully',
  unmuted: 'Success',
  rateLimited: 'Too many requests. Try again in a few seconds.',
} as const;

/** The message of error code 2: 'Chat is muted until {ISO time}' (spec 3 "Other messages"). */
export function chatMutedMessage(until: string): string {
  return `Chat is muted until ${until}`;
}

/** The ISO time of a code 2 message made by {@link chatMutedMessage}, or null. */
export function parseChatMutedUntil(message: string): string | null {
  const m = /^Chat is muted until (\S+)$/.exec(message);
  return m?.[1] ?? null;
}
