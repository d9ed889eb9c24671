import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import {
  CHAT_CHANNELS,
  CHAT_MUTE_MINUTES,
  CHAT_ROOM_SLOW_MODE_MAX_SECONDS,
  CHAT_ROOM_SLOW_MODE_MIN_SECONDS,
  type ChatChannel,
} from '../constants/chat.js';
import { chatAccessSchema, chatMessageSchema } from './chat.js';

/**
 * The back office's chat moderation (issue 21 item 6, decision 0045): the recent messages of every
 * room with search and paging, removing a message, muting and unmuting a player with a reason, the
 * active mutes, slow mode per room and the rooms' quizzes. The permission is the chat moderator's
 * (`moderateChat`, held by the `chat_moderator` role and by `*`). Each action is the in-chat
 * moderator's action (same service, same realtime events on the room) and is audited.
 */

export const CHAT_MODERATOR_PERMISSION = 'moderateChat';
/** Messages per page of the moderation list. */
export const ADMIN_CHAT_PAGE = 50;

const moderate = policy.permission(CHAT_MODERATOR_PERMISSION);
const channel = z.enum(CHAT_CHANNELS as [ChatChannel, ...ChatChannel[]]);
const userId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'A user id.');
const messageId = z.string().regex(/^\d{1,18}$/, 'A message id.');
const reason = z.string().trim().min(1, 'Give a reason.').max(300);
const muteMinutes = z
  .number()
  .int()
  .refine((m) => (CHAT_MUTE_MINUTES as readonly number[]).includes(m), {
    message: `One of ${CHAT_MUTE_MINUTES.join(', ')}.`,
  });

export const adminChatMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  type: z.enum(['message', 'service', 'quiz', 'quiz_answered', 'game_link']),
  /** The sender; null for service, quiz and quiz-answered messages. */
  user: z.object({ id: z.string(), name: z.string(), access: chatAccessSchema }).nullable(),
  /** What the message says (a quiz's question, a shared bet's game, a service text). */
  text: z.string(),
  /** A sticker's image URL, or null. */
  sticker: z.string().nullable(),
  likes: z.number().int().min(0),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
  /** The name of the staff member who removed it. */
  removedBy: z.string().nullable(),
  /** The sender's mute in force now (ISO), or null. */
  senderMutedUntil: z.string().nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

export const adminChatMessagesRequestSchema = z
  .object({
    /** One room; every room when left out. */
    channel: channel.optional(),
    /** Part of the text, any case. */
    search: z.string().trim().max(100).optional(),
    /** Part of the sender's name, any case. */
    player: z.string().trim().max(64).optional(),
    state: z.enum(['all', 'live', 'removed']).default('all'),
    limit: z.number().int().min(1).max(ADMIN_CHAT_PAGE).default(ADMIN_CHAT_PAGE),
    /** Messages older than this id (the `next` of the previous page). */
    before: messageId.optional(),
  })
  .strict();
export type AdminChatMessagesRequest = z.input<typeof adminChatMessagesRequestSchema>;

export const adminChatMessagesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/messages',
  request: adminChatMessagesRequestSchema,
  response: z.object({ messages: z.array(adminChatMessageSchema), next: z.string().nullable() }),
  policy: moderate,
  summary: 'Chat messages newest first, by room, text and sender, removed ones included on demand.',
});

export const adminChatRemoveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/remove',
  request: z.object({ id: messageId }).strict(),
  response: z.object({ ids: z.array(z.string()) }),
  policy: moderate,
  summary: 'Removes one message (ChatRemoveMessages on its room; audited). Empty ids: already removed.',
});

export const adminChatMuteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/mute',
  request: z.object({ userId, minutes: muteMinutes, reason }).strict(),
  response: z.object({ until: z.string() }),
  policy: moderate,
  summary: "Mutes a player for one of the spec's durations with a reason (ChatMute to the player; audited).",
});

export const adminChatUnmuteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/unmute',
  request: z.object({ userId, reason: z.string().trim().max(300).default('') }).strict(),
  response: z.object({ was: z.string().nullable() }),
  policy: moderate,
  summary: "Lifts a player's mute (ChatMute null to the player; audited); `was` the previous end.",
});

export const adminChatMuteSchema = z.object({
  userId: z.string(),
  name: z.string(),
  until: z.string(),
  /** The last mute's author, reason and time (from the audit log); null when not recorded. */
  mutedBy: z.string().nullable(),
  reason: z.string().nullable(),
  mutedAt: z.string().nullable(),
});
export type AdminChatMute = z.infer<typeof adminChatMuteSchema>;

export const adminChatMutesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/mutes',
  request: z
    .object({
      /** Part of the player's name, any case. */
      search: z.string().trim().max(64).optional(),
      limit: z.number().int().min(1).max(200).default(100),
    })
    .strict(),
  response: z.object({ mutes: z.array(adminChatMuteSchema) }),
  policy: moderate,
  summary: 'The mutes in force, ending soonest first.',
});

export const adminChatRoomSchema = z.object({
  channel: z.string(),
  /** Seconds between two messages of one player in this room; 0: the chat's default (5 s). */
  slowModeSeconds: z.number().int().min(0),
  /** The room's open quiz, or null. */
  quiz: z
    .object({
      id: z.string(),
      question: z.string(),
      answer: z.string(),
      reward: z.string(),
      currency: z.string(),
      startedAt: z.string(),
      startedBy: z.string().nullable(),
    })
    .nullable(),
  /** Messages in the last hour (removed ones left out). */
  lastHour: z.number().int().min(0),
});
export type AdminChatRoom = z.infer<typeof adminChatRoomSchema>;

export const adminChatRoomsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/rooms',
  request: z.object({}).strict(),
  response: z.object({ rooms: z.array(adminChatRoomSchema) }),
  policy: moderate,
  summary: "Every room's slow mode, open quiz and activity.",
});

export const adminChatSlowModeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/slowMode',
  request: z
    .object({
      channel,
      seconds: z
        .number()
        .int()
        .refine(
          (s) => s === 0 || (s >= CHAT_ROOM_SLOW_MODE_MIN_SECONDS && s <= CHAT_ROOM_SLOW_MODE_MAX_SECONDS),
          {
            message: `0 (off) or ${CHAT_ROOM_SLOW_MODE_MIN_SECONDS} to ${CHAT_ROOM_SLOW_MODE_MAX_SECONDS} seconds.`,
          },
        ),
    })
    .strict(),
  response: adminChatRoomSchema,
  policy: moderate,
  summary: "Sets a room's slow mode (a service message tells the room; audited).",
});

export const adminChatQuizStartEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/quiz/start',
  request: z
    .object({
      channel,
      question: z.string().trim().min(1).max(300),
      answer: z.string().trim().min(1).max(100),
    })
    .strict(),
  response: chatMessageSchema,
  policy: moderate,
  summary: 'Starts a quiz in a room (closing its open one), as the in-chat quiz command does.',
});

export const adminChatQuizStopEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/quiz/stop',
  request: z.object({ channel }).strict(),
  response: z.object({ stopped: z.boolean() }),
  policy: moderate,
  summary: "Closes a room's open quiz without a winner (a service message tells the room; audited).",
});

export const adminBotRainSlotSchema = z.object({
  day: z.string(),
  slot: z.number().int(),
  dueAt: z.string(),
  currency: z.string(),
  /** The rain's total, a decimal in the currency's unit. */
  amount: z.string(),
  recipients: z.number().int(),
  status: z.enum(['scheduled', 'running', 'done', 'skipped']),
  note: z.string().nullable(),
});
export type AdminBotRainSlot = z.infer<typeof adminBotRainSlotSchema>;

export const adminChatRainEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/chat/rain',
  request: z.object({}).strict(),
  response: z.object({
    /** The bot rain settings in force (the `tips` setting's `bot`, edited on the Settings screen). */
    bot: z.object({
      enabled: z.boolean(),
      perDayMin: z.number().int(),
      perDayMax: z.number().int(),
      recipientsMin: z.number().int(),
      recipientsMax: z.number().int(),
      depositHours: z.number().int(),
      amounts: z.record(z.string(), z.string()),
      channels: z.array(z.string()),
    }),
    /** The bot rains of the last 24 hours and the ones planned, by due time. */
    slots: z.array(adminBotRainSlotSchema),
  }),
  policy: moderate,
  summary: 'The bot rain schedule: its settings and the rains of the last day and the ones planned.',
});
