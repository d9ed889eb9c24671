/**
 * The chat's calls (spec 2 section 7), typed by the contracts without loading zod (endpointRef), and
 * the mapping of chat errors to the spec's texts (spec 2 section 8, spec 3 section 5).
 *
 * Sending goes over HTTP (`POST /api/chat/send`, the same service as the `ChatMessage` whisper): its
 * errors carry the spec's codes as they are (1 length, 2 muted, string codes for the others).
 */
import type {
  ChatChannel,
  chatEmojiPacksEndpoint,
  chatHistoryEndpoint,
  chatLikeEndpoint,
  chatLinkGameEndpoint,
  ChatMessage,
  chatMuteEndpoint,
  chatQuizEndpoint,
  chatRemoveAllFromEndpoint,
  chatRemoveMessageEndpoint,
  chatSendEndpoint,
  chatUnmuteEndpoint,
  findUserEndpoint,
  ignoreUserEndpoint,
  unignoreUserEndpoint,
} from '@nebula/contracts';
import {
  ChatErrorCode,
  chatStickerWhisperRef,
  onlineUsersWhisperRef,
  parseChatMutedUntil,
  type RefResponse,
} from '@nebula/contracts/constants';
import { api, endpointRef, isApiError } from '../../lib/api';
import { whisperOverHttp } from '../../lib/realtime-call';
import { formatMuteTime } from './chat-rules';
import type { TFunction } from '../../lib/i18n';

export const chatApi = {
  history: endpointRef<typeof chatHistoryEndpoint>('POST', '/api/chat/history'),
  packs: endpointRef<typeof chatEmojiPacksEndpoint>('POST', '/api/chat/emoji/packs'),
  send: endpointRef<typeof chatSendEndpoint>('POST', '/api/chat/send'),
  like: endpointRef<typeof chatLikeEndpoint>('POST', '/api/chat/like'),
  linkGame: endpointRef<typeof chatLinkGameEndpoint>('POST', '/api/chat/link_game'),
  ignore: endpointRef<typeof ignoreUserEndpoint>('POST', '/api/user/ignore'),
  unignore: endpointRef<typeof unignoreUserEndpoint>('POST', '/api/user/unignore'),
  findUser: endpointRef<typeof findUserEndpoint>('POST', '/api/user/find'),
  removeMessage: endpointRef<typeof chatRemoveMessageEndpoint>('POST', '/api/chat/moderate/removeMessage'),
  removeAllFrom: endpointRef<typeof chatRemoveAllFromEndpoint>('POST', '/api/chat/moderate/removeAllFrom'),
  mute: endpointRef<typeof chatMuteEndpoint>('POST', '/api/chat/moderate/mute'),
  unmute: endpointRef<typeof chatUnmuteEndpoint>('POST', '/api/chat/moderate/unmute'),
  quiz: endpointRef<typeof chatQuizEndpoint>('POST', '/api/chat/moderate/quiz'),
} as const;

/** Characters as the server counts them (code points, so an emoji counts once). */
export function charCount(text: string): number {
  return [...text].length;
}

export function sendMessage(message: string, channel: ChatChannel): Promise<ChatMessage> {
  return api(chatApi.send, { message, channel });
}

/** A sticker, over HTTP like a text message (errors carry the spec's codes as they are). */
export function sendSticker(url: string, channel: ChatChannel): Promise<ChatMessage> {
  return whisperOverHttp(chatStickerWhisperRef, { url, channel });
}

export type OnlineUsers = RefResponse<typeof onlineUsersWhisperRef>;

export function fetchOnlineUsers(channel?: string): Promise<OnlineUsers> {
  return whisperOverHttp(onlineUsersWhisperRef, channel ? { channel } : {});
}

export type ChatErrorKind = 'length' | 'muted' | 'slow' | 'unknownUser' | 'unknownGame' | 'other';

export interface ChatErrorInfo {
  kind: ChatErrorKind;
  /** The text to show. */
  text: string;
  /** For `muted`: the end of the mute (ISO) when the server told it. */
  mutedUntil?: string;
}

/**
 * The text of a chat failure (spec 2 section 8): code 1 'chat.error.length', code 2
 * 'general.error.muted' with the time, slow mode, unknown user or game; other server messages
 * as they are, and a generic text for anything else.
 */
export function describeChatError(error: unknown, t: TFunction, locale: string): ChatErrorInfo {
  if (!isApiError(error)) return { kind: 'other', text: t('chatUi.sendFailed') };
  switch (error.code) {
    case ChatErrorCode.Length:
      return { kind: 'length', text: t('chat.error.length') };
    case ChatErrorCode.Muted: {
      const until = parseChatMutedUntil(error.message);
      const date = until ? new Date(until) : null;
      if (date && Number.isFinite(date.getTime())) {
        return {
          kind: 'muted',
          text: t('general.error.muted', { time: formatMuteTime(date, locale) }),
          mutedUntil: until!,
        };
      }
      return { kind: 'muted', text: t('chat.error.muted') };
    }
    case ChatErrorCode.SlowMode:
      return { kind: 'slow', text: t('chatUi.slowError', { seconds: 5 }) };
    case ChatErrorCode.UnknownUser:
      return { kind: 'unknownUser', text: t('general.error.unknown_user') };
    case ChatErrorCode.UnknownGame:
      return { kind: 'unknownGame', text: t('general.error.unknown_game') };
    default:
      if (error.status === 403) return { kind: 'other', text: t('chatUi.notAllowed') };
      return { kind: 'other', text: error.message || t('chatUi.sendFailed') };
  }
}
