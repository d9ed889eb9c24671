import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent, defineWhisper } from '../realtime.js';
import { decimalStringSchema, emptyRequest } from './platform.js';
import {
  CHAT_CHANNELS,
  CHAT_HISTORY_LIMIT,
  CHAT_MUTE_MINUTES,
  ChatMessages,
  DEFAULT_CHAT_CHANNEL,
  type ChatChannel,
} from '../constants/chat.js';

/**
 * The live chat (spec 2 sections 2-9 "Chat panel", "Chat", moderation; spec 3 section 5 length and
 * slow mode). Channels are `{mode}_{locale}`; every channel is public (guests hear it). Sending is the
 * `ChatMessage` whisper (socket or POST /api/whisper) or POST /api/chat/send: one service, the same
 * rules. Text is stored and returned raw: the client escapes it on render (the server never sends HTML).
 */

export * from '../constants/chat.js';

export const chatChannelSchema = z.enum(CHAT_CHANNELS as [ChatChannel, ...ChatChannel[]]);

/** How the sender is highlighted: admin (role `*`), moderator (chat_moderator), or a player. */
export const chatAccessSchema = z.enum(['admin', 'moderator', 'user']);
export type ChatAccess = z.infer<typeof chatAccessSchema>;

export const chatUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  access: chatAccessSchema,
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatMessageTypes = ['message', 'service', 'quiz', 'quiz_answered', 'game_link'] as const;
export type ChatMessageType = (typeof chatMessageTypes)[number];

const base = {
  _id: z.string(),
  created_at: z.string(),
  /** The sender's VIP level (0 for service messages). */
  vipLevel: z.number().int(),
  channel: z.string(),
  /** How many players liked it. */
  likes: z.number().int().min(0),
};

/** A player's text (raw, to be escaped), or a sticker (an image URL; `message` is then ''). */
export const chatTextDataSchema = z.object({ message: z.string(), sticker: z.string().optional() });
/** Spec 2 section 3 "Quiz": the question, and the prize the first right answer wins. */
export const chatQuizDataSchema = z.object({
  question: z.string(),
  reward: decimalStringSchema,
  currency: z.string(),
});
/** Spec 2 section 3 "Quiz answered". */
export const chatQuizAnsweredDataSchema = z.object({
  user: z.object({ _id: z.string(), name: z.string() }),
  question: z.string(),
  correct: z.string(),
  reward: decimalStringSchema,
  currency: z.string(),
});
/** Spec 2 section 3 "Game link data": `_id` and `id` are the bet id, `game` the game id. */
export const chatGameLinkDataSchema = z.object({
  _id: z.string(),
  game: z.string(),
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  splitTotal: decimalStringSchema,
  multiplier: z.string(),
});

/** Spec 2 section 3 "Chat message". `user` is null for service, quiz and quiz_answered messages. */
export const chatMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('message'), user: chatUserSchema, data: chatTextDataSchema }),
  z.object({
    ...base,
    type: z.literal('service'),
    user: chatUserSchema.nullable(),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ ...base, type: z.literal('quiz'), user: chatUserSchema.nullable(), data: chatQuizDataSchema }),
  z.object({
    ...base,
    type: z.literal('quiz_answered'),
    user: chatUserSchema.nullable(),
    data: chatQuizAnsweredDataSchema,
  }),
  z.object({ ...base, type: z.literal('game_link'), user: chatUserSchema, data: chatGameLinkDataSchema }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/* ---------------------------------------------------------------- realtime events (on the channel) */

/** A new message of any type on a chat channel. */
export const chatMessageEvent = defineEvent(
  'ChatMessage',
  z.object({ message: chatMessageSchema, channel: z.string() }),
);
/** Messages removed by a moderator: delete these ids from the list. */
export const chatRemoveMessagesEvent = defineEvent(
  'ChatRemoveMessages',
  z.object({ ids: z.array(z.string()), channel: z.string() }),
);
/** A message's like count changed. */
export const chatLikeEvent = defineEvent(
  'ChatLike',
  z.object({ id: z.string(), likes: z.number().int().min(0), channel: z.string() }),
);
/** A moderator started a quiz (the message has type `quiz`). */
export const chatQuizEvent = defineEvent(
  'ChatQuiz',
  z.object({ message: chatMessageSchema, channel: z.string() }),
);
/** A quiz was won (the message has type `quiz_answered`). */
export const chatQuizAnsweredEvent = defineEvent(
  'ChatQuizAnswered',
  z.object({ message: chatMessageSchema, channel: z.string() }),
);
/** On the player's private channel (User.{id}): they were muted (`mute` ISO time) or unmuted (null). */
export const chatMuteEvent = defineEvent('ChatMute', z.object({ mute: z.string().nullable() }));

/* ---------------------------------------------------------------- sending */

/** Raw text: newlines are stripped and the length checked by the server (code 1), not by the schema. */
const rawText = z.string().max(2_000);
export const chatSendRequestSchema = z.object({ message: rawText, channel: chatChannelSchema }).strict();

/** Spec 2 section 7 "Realtime ChatMessage {message, channel}": sends a message; answers it as stored. */
export const chatMessageWhisper = defineWhisper({
  event: 'ChatMessage',
  request: chatSendRequestSchema,
  response: chatMessageSchema,
  policy: policy.user,
  summary: 'Sends a chat message (length, mute, slow mode, link and rate rules); answers the stored message.',
});

/** Spec 2 section 7 "Realtime ChatStickerMessage {url, channel}": a sticker from the packs or the GIF host. */
export const chatStickerWhisper = defineWhisper({
  event: 'ChatStickerMessage',
  request: z.object({ url: z.string().min(1).max(512), channel: chatChannelSchema }).strict(),
  response: chatMessageSchema,
  policy: policy.user,
  summary: 'Sends a sticker (a local emoji pack file or an image of the configured GIF hosts).',
});

export const chatSendEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/send',
  request: chatSendRequestSchema,
  response: chatMessageSchema,
  policy: policy.user,
  summary: 'The ChatMessage whisper over plain HTTP (same rules; per-IP limit on the request address).',
});

/* ---------------------------------------------------------------- reading */

export const chatHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/history',
  request: z.object({ channel: chatChannelSchema }).strict(),
  response: z.array(chatMessageSchema),
  policy: policy.public,
  summary: `The latest ${CHAT_HISTORY_LIMIT} messages of a channel, newest first (removed ones excluded).`,
});

/** Spec 2 section 3 "Emoji pack": `:id:` tokens are replaced by `path` images on the client. */
export const emojiPackSchema = z.object({
  metadata: z.object({ name: z.string() }),
  files: z.array(z.object({ id: z.string(), path: z.string() })),
});
export type EmojiPack = z.infer<typeof emojiPackSchema>;

export const chatEmojiPacksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/emoji/packs',
  request: emptyRequest,
  response: z.array(emojiPackSchema),
  policy: policy.public,
  summary: 'The emoji packs (served locally under /api/chat/emoji/{pack}/{id}.svg).',
});

export const chatEmojiFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/chat/emoji/:pack/:file',
  request: z.object({}).strict(),
  /** The SVG document (image/svg+xml). */
  response: z.string(),
  policy: policy.public,
  summary: 'One emoji image of a pack (`/api/chat/emoji/twemoji/joy.svg`).',
});

/* ---------------------------------------------------------------- player actions */

const userName = z.string().min(1).max(64);
const ignoreResponse = z.object({ ignore: z.array(z.string()) });

export const ignoreUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/ignore',
  request: z.object({ name: userName }).strict(),
  response: ignoreResponse,
  policy: policy.user,
  summary: "Hides a player's messages for the caller; answers the ignore list (user ids).",
});

export const unignoreUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/unignore',
  request: z.object({ name: userName }).strict(),
  response: ignoreResponse,
  policy: policy.user,
  summary: 'Shows a player again; answers the ignore list (user ids).',
});

export const findUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/find',
  request: z.object({ name: userName }).strict(),
  response: z.object({ id: z.string() }),
  policy: policy.public,
  summary: "A player's id by name (case-insensitive); 'general.error.unknown_user' when none.",
});

export const chatLinkGameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/link_game',
  request: z.object({ id: z.string().min(1).max(64), channel: chatChannelSchema }).strict(),
  response: chatMessageSchema,
  policy: policy.user,
  summary: "Shares one of the caller's finished real bets into a channel as a game_link message.",
});

export const chatLikeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/like',
  request: z.object({ id: z.string().min(1).max(64) }).strict(),
  response: z.object({ id: z.string(), likes: z.number().int().min(0), liked: z.boolean() }),
  policy: policy.user,
  summary: 'Likes a message (once per player; `liked` false when it was already liked).',
});

/* ---------------------------------------------------------------- moderation (chat_moderator) */

const moderate = policy.permission('moderateChat');
const removedResponse = z.object({ ids: z.array(z.string()) });

export const chatRemoveMessageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/moderate/removeMessage',
  request: z.object({ id: z.string().min(1).max(64) }).strict(),
  response: removedResponse,
  policy: moderate,
  summary: 'Removes one message (ChatRemoveMessages on its channel).',
});

export const chatRemoveAllFromEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/moderate/removeAllFrom',
  request: z.object({ id: z.string().min(1).max(64) }).strict(),
  response: removedResponse,
  policy: moderate,
  summary: 'Removes every message of a player (by user id) in every channel.',
});

export const chatMuteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/moderate/mute',
  request: z
    .object({
      id: z.string().min(1).max(64),
      minutes: z
        .number()
        .int()
        .refine((m) => (CHAT_MUTE_MINUTES as readonly number[]).includes(m), {
          message: `One of ${CHAT_MUTE_MINUTES.join(', ')}.`,
        }),
    })
    .strict(),
  response: z.object({ message: z.literal(ChatMessages.muted), until: z.string() }),
  policy: moderate,
  summary: "Mutes a player (by user id) for one of the spec's durations: 'Muted successfully'.",
});

export const chatUnmuteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/moderate/unmute',
  request: z.object({ name: userName }).strict(),
  response: z.object({ message: z.literal(ChatMessages.unmuted) }),
  policy: moderate,
  summary: "Unmutes a player by name: 'Success', or 'Unknown username'.",
});

export const chatQuizEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/chat/moderate/quiz',
  request: z
    .object({
      question: z.string().trim().min(1).max(300),
      answer: z.string().trim().min(1).max(100),
      channel: chatChannelSchema.default(DEFAULT_CHAT_CHANNEL),
    })
    .strict(),
  response: chatMessageSchema,
  policy: moderate,
  summary: 'Starts a quiz in a channel; the first right chat answer wins the configured reward.',
});

/* ---------------------------------------------------------------- audit log (staff) */

export const CHAT_AUDIT_ACTIONS = [
  'remove_message',
  'remove_all_from',
  'mute',
  'unmute',
  'quiz',
  'quiz_stop',
  'slow_mode',
] as const;

export const chatAuditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }),
  action: z.enum(CHAT_AUDIT_ACTIONS),
  /** What was acted on: a user id, a message id or a quiz id. */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ChatAuditEntry = z.infer<typeof chatAuditEntrySchema>;

export const chatAuditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/audit',
  request: z
    .object({
      limit: z.number().int().min(1).max(200).default(50),
      /** Entries older than this entry id (paging). */
      before: z
        .string()
        .regex(/^\d{1,19}$/)
        .optional(),
    })
    .strict(),
  response: z.object({ entries: z.array(chatAuditEntrySchema) }),
  policy: policy.permission('chatAudit'),
  summary: 'The chat moderation audit log, newest first (admins: role * or the chatAudit permission).',
});
