/**
 * Posting to the chat. Every post by a player goes through {@link ChatService.post}, which enforces,
 * in this order: the length (code 1), the mute read from the database on every post (code 2: a mute
 * holds on every node at once), the link filter for non-staff, the per-IP limit and slow mode (one
 * message per 5 s per player, and the room's own slow mode when it has one; staff exempt). A stored message is then published as `ChatMessage` on
 * its channel. Text is stored raw; clients escape it on render.
 */
import {
  Channels,
  ChatErrorCode,
  ChatMessages,
  chatMessageEvent,
  chatMuteEvent,
  chatMutedMessage,
  type ChatChannel,
  type ChatMessage,
  type ChatMessageType,
} from '@nebula/contracts';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { accessOf, isChatChannel, isChatStaff } from './chat-channels.js';
import { hitRateLimit, SessionIps, takeRoomSlowModeSlot, takeSlowModeSlot } from './chat-limits.js';
import { chattersSince, insertMessage } from './chat.repository.js';
import { firstForbiddenLink, isChatLengthValid, normaliseChatText } from './chat-text.js';
import { isLocalEmojiPath } from './emoji.js';
import { tryAnswerQuiz } from './quiz.js';
import { PLAYERS } from '../users/index.js';
import {
  chatIpMessagesPerMinute,
  chatRoomSlowMode,
  chatStickerHosts,
  linkAllowlist,
} from './chat-settings.js';

interface Sender {
  name: string;
  avatar: string | null;
  vip_level: number;
  muted_until: Date | string | null;
}

export const lengthError = () => AppError.domain(ChatErrorCode.Length, ChatMessages.length);
export const mutedError = (until: Date | string) =>
  AppError.domain(ChatErrorCode.Muted, chatMutedMessage(new Date(until).toISOString()));
const unknownChannel = () => AppError.badRequest('Unknown chat channel.', 'chat_unknown_channel');

/** Publishes a stored message on its channel (best effort: the message is stored either way). */
export function publishChatMessage(ctx: AppContext, message: ChatMessage): void {
  try {
    ctx.realtime.hub.publish(message.channel, chatMessageEvent, { message, channel: message.channel });
  } catch (err) {
    ctx.log.warn({ err }, 'chat message not published');
  }
}

export class ChatService {
  private readonly sessionIps: SessionIps;

  constructor(private readonly ctx: AppContext) {
    this.sessionIps = new SessionIps(ctx.database);
  }

  /** The request address of an HTTP call, or the session's sign-in address for a whisper. */
  async ipOf(user: AuthUser, requestIp?: string): Promise<string | null> {
    return requestIp ?? (await this.sessionIps.of(user.sessionId));
  }

  /** The sender's row; throws code 2 while they are muted. */
  async senderOf(user: AuthUser): Promise<Sender> {
    const rows = await this.ctx.database.query<Sender & { muted: boolean }>(
      `select u.name, u.avatar, u.vip_level, u.chat_muted_until as muted_until, u.chat_muted as muted
         from ${PLAYERS} u where u.id = $1::uuid`,
      [user.id],
      'chat.sender',
    );
    const row = rows[0];
    if (!row) throw AppError.unauthenticated();
    if (row.muted && row.muted_until) throw mutedError(row.muted_until);
    return row;
  }

  /**
   * Stores and publishes a player's post after the mute, per-IP and slow-mode checks (the caller has
   * checked the content). Used for text, stickers and shared bets.
   */
  async post(
    user: AuthUser,
    channel: string,
    type: Extract<ChatMessageType, 'message' | 'game_link'>,
    data: Record<string, unknown>,
    ip: string | null,
  ): Promise<ChatMessage> {
    if (!isChatChannel(channel)) throw unknownChannel();
    const sender = await this.senderOf(user);
    if (ip)
      await hitRateLimit(
        this.ctx.database,
        `send:ip:${ip}`,
        await this.ctx.settings.get(chatIpMessagesPerMinute),
      );
    if (!isChatStaff(user)) {
      const roomSeconds = (await this.ctx.settings.get(chatRoomSlowMode))[channel as ChatChannel];
      if (roomSeconds) await takeRoomSlowModeSlot(this.ctx.database, channel, user.id, roomSeconds);
      await takeSlowModeSlot(this.ctx.database, user.id);
    }
    const message = await insertMessage(this.ctx.database, {
      channel,
      type,
      userId: user.id,
      access: accessOf(user),
      vipLevel: sender.vip_level,
      data,
    });
    publishChatMessage(this.ctx, message);
    return message;
  }

  /** The ChatMessage whisper and POST /api/chat/send. */
  async sendText(
    user: AuthUser,
    input: { message: string; channel: string },
    requestIp?: string,
  ): Promise<ChatMessage> {
    const text = normaliseChatText(input.message);
    if (!isChatLengthValid(text)) throw lengthError();
    if (!isChatStaff(user) && firstForbiddenLink(text, await linkAllowlist(this.ctx)) !== null) {
      // The mute is reported before the link rule: a muted player may not post at all.
      await this.senderOf(user);
      throw new AppError(422, ChatErrorCode.LinkNotAllowed, ChatMessages.link);
    }
    const message = await this.post(
      user,
      input.channel,
      'message',
      { message: text },
      await this.ipOf(user, requestIp),
    );
    try {
      await tryAnswerQuiz(this.ctx, user, input.channel, text);
    } catch (err) {
      // The answer is stored; an unpaid win is paid by the chat.quiz-repair job.
      this.ctx.log.error({ err }, 'quiz answer not settled');
    }
    return message;
  }

  /** The ChatStickerMessage whisper: a local emoji pack file, or an https image of a sticker host. */
  async sendSticker(user: AuthUser, input: { url: string; channel: string }): Promise<ChatMessage> {
    if (!this.isStickerUrl(input.url, await this.ctx.settings.get(chatStickerHosts)))
      throw new AppError(422, ChatErrorCode.LinkNotAllowed, 'This sticker is not allowed.');
    return this.post(
      user,
      input.channel,
      'message',
      { message: '', sticker: input.url },
      await this.ipOf(user),
    );
  }

  private isStickerUrl(url: string, stickerHosts: readonly string[]): boolean {
    if (url.startsWith('/')) return isLocalEmojiPath(url);
    try {
      const u = new URL(url);
      const host = u.hostname.toLowerCase();
      return (
        u.protocol === 'https:' &&
        u.username === '' &&
        u.password === '' &&
        stickerHosts.some((h) => host === h || host.endsWith(`.${h}`))
      );
    } catch {
      return false;
    }
  }
}

/**
 * Stores and publishes a `service` message (no sender) on a chat channel: tips, rain and other
 * announcements of other modules. Not rate limited (the caller's own rules apply).
 */
export async function postServiceMessage(
  ctx: AppContext,
  input: { channel: string; data: Record<string, unknown> },
): Promise<ChatMessage> {
  if (!isChatChannel(input.channel)) throw unknownChannel();
  const message = await insertMessage(ctx.database, {
    channel: input.channel,
    type: 'service',
    userId: null,
    data: input.data,
  });
  publishChatMessage(ctx, message);
  return message;
}

/**
 * Distinct signed-in players who posted in `channel` (text or shared bets, not removed) within the
 * window, leaving out players muted now. `sinceMs` is the window's length in ms (e.g. 15 * 60_000);
 * a value above 1e12 is read as the window's start (epoch ms) instead.
 */
export async function recentChatters(
  ctx: AppContext,
  channel: string,
  sinceMs: number,
): Promise<Array<{ id: string; name: string }>> {
  if (!isChatChannel(channel) || !Number.isFinite(sinceMs) || sinceMs < 0) return [];
  const since = new Date(sinceMs > 1e12 ? sinceMs : Date.now() - sinceMs);
  return chattersSince(ctx.database, channel, since);
}

/** Tells a player's open sockets that their mute changed (`ChatMute` on User.{id}). */
export function publishMute(ctx: AppContext, userId: string, until: Date | string | null): void {
  try {
    ctx.realtime.hub.publish(Channels.user(userId), chatMuteEvent, {
      mute: until === null ? null : new Date(until).toISOString(),
    });
  } catch (err) {
    ctx.log.warn({ err }, 'chat mute not published');
  }
}
