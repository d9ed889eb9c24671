/** The back office's chat moderation calls (decision 0045) and small helpers its panels share. Zod-free. */
import type {
  adminChatMessagesEndpoint,
  adminChatMuteEndpoint,
  adminChatMutesEndpoint,
  adminChatQuizStartEndpoint,
  adminChatRainEndpoint,
  adminChatQuizStopEndpoint,
  adminChatRemoveEndpoint,
  adminChatRoomsEndpoint,
  adminChatSlowModeEndpoint,
  adminChatUnmuteEndpoint,
  chatAuditEndpoint,
  chatEmojiPacksEndpoint,
} from '@nebula/contracts';
import { endpointRef } from '../../lib/api';
import { formatAdminDate } from './format';

export const adminChatApi = {
  messages: endpointRef<typeof adminChatMessagesEndpoint>('POST', '/api/admin/chat/messages'),
  remove: endpointRef<typeof adminChatRemoveEndpoint>('POST', '/api/admin/chat/remove'),
  mute: endpointRef<typeof adminChatMuteEndpoint>('POST', '/api/admin/chat/mute'),
  unmute: endpointRef<typeof adminChatUnmuteEndpoint>('POST', '/api/admin/chat/unmute'),
  mutes: endpointRef<typeof adminChatMutesEndpoint>('POST', '/api/admin/chat/mutes'),
  rooms: endpointRef<typeof adminChatRoomsEndpoint>('POST', '/api/admin/chat/rooms'),
  slowMode: endpointRef<typeof adminChatSlowModeEndpoint>('POST', '/api/admin/chat/slowMode'),
  quizStart: endpointRef<typeof adminChatQuizStartEndpoint>('POST', '/api/admin/chat/quiz/start'),
  quizStop: endpointRef<typeof adminChatQuizStopEndpoint>('POST', '/api/admin/chat/quiz/stop'),
  audit: endpointRef<typeof chatAuditEndpoint>('POST', '/api/admin/chat/audit'),
  rain: endpointRef<typeof adminChatRainEndpoint>('POST', '/api/admin/chat/rain'),
  emojiPacks: endpointRef<typeof chatEmojiPacksEndpoint>('POST', '/api/chat/emoji/packs'),
};

/** `casino_en` as staff read it: "Casino · EN". */
export function roomLabel(channel: string): string {
  const [mode = channel, locale = ''] = channel.split('_');
  return `${mode.charAt(0).toUpperCase()}${mode.slice(1)}${locale ? ` · ${locale.toUpperCase()}` : ''}`;
}

/** A mute's end as staff read it: `forever` past the year 2100. */
export function muteEnd(iso: string, forever: string): string {
  return new Date(iso).getUTCFullYear() > 2100 ? forever : formatAdminDate(iso);
}
