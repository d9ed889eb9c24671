import {
  adminChatMessagesEndpoint,
  adminChatMuteEndpoint,
  adminChatMutesEndpoint,
  adminChatQuizStartEndpoint,
  adminChatQuizStopEndpoint,
  adminChatRemoveEndpoint,
  adminChatRoomsEndpoint,
  adminChatSlowModeEndpoint,
  adminChatUnmuteEndpoint,
  chatAuditEndpoint,
  chatEmojiFileEndpoint,
  chatEmojiPacksEndpoint,
  chatHistoryEndpoint,
  chatLikeEndpoint,
  chatLinkGameEndpoint,
  chatMessageWhisper,
  chatMuteEndpoint,
  chatQuizEndpoint,
  chatRemoveAllFromEndpoint,
  chatRemoveMessageEndpoint,
  chatSendEndpoint,
  chatStickerWhisper,
  chatUnmuteEndpoint,
  ChatErrorCode,
  ChatMessages,
  findUserEndpoint,
  ignoreUserEndpoint,
  unignoreUserEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { listChatAudit } from './chat-audit.js';
import { channelHistory } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { emojiPacks, readEmoji } from './emoji.js';
import { listAdminMessages, listMutes, listRooms, setRoomSlowMode, stopQuiz } from './admin-chat.js';
import { mutePlayer, removeAllFrom, removeMessage, unmutePlayer, unmutePlayerById } from './moderation.js';
import { findUserByName, ignorePlayer, likeChatMessage, linkGame, unignorePlayer } from './player-actions.js';
import { startQuiz } from './quiz.js';

/** Policies let only signed-in callers through; this narrows the type for the handlers. */
function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw AppError.unauthenticated();
  return user;
}

/** The chat's routes and whispers (its channels are declared by the module definition). */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database } = ctx;
  const chat = new ChatService(ctx);

  // Sending: the spec's realtime call (socket or POST /api/whisper), and plain HTTP.
  ctx.realtime.whispers.register(chatMessageWhisper, ({ input, caller }) =>
    chat.sendText(signedIn(caller.user), input),
  );
  ctx.realtime.whispers.register(chatStickerWhisper, ({ input, caller }) =>
    chat.sendSticker(signedIn(caller.user), input),
  );
  registerEndpoint(app, chatSendEndpoint, ({ input, user, req }) =>
    chat.sendText(signedIn(user), input, req.ip),
  );

  // Reading.
  registerEndpoint(app, chatHistoryEndpoint, ({ input }) => channelHistory(database, input.channel));
  registerEndpoint(app, chatEmojiPacksEndpoint, () => emojiPacks());
  registerEndpoint(app, chatEmojiFileEndpoint, async ({ params, reply }) => {
    const svg = await readEmoji(params.pack ?? '', params.file ?? '');
    if (svg === null) throw AppError.notFound('No such emoji.');
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return svg;
  });

  // Player actions.
  registerEndpoint(app, ignoreUserEndpoint, ({ input, user }) =>
    ignorePlayer(ctx, signedIn(user), input.name),
  );
  registerEndpoint(app, unignoreUserEndpoint, ({ input, user }) =>
    unignorePlayer(ctx, signedIn(user), input.name),
  );
  registerEndpoint(app, findUserEndpoint, async ({ input }) => {
    const found = await findUserByName(database, input.name);
    if (!found) throw new AppError(404, ChatErrorCode.UnknownUser, ChatMessages.unknownUser);
    return { id: found.id };
  });
  registerEndpoint(app, chatLinkGameEndpoint, ({ input, user, req }) =>
    linkGame(ctx, chat, signedIn(user), input, req.ip),
  );
  registerEndpoint(app, chatLikeEndpoint, ({ input, user }) =>
    likeChatMessage(ctx, signedIn(user), input.id),
  );

  // Moderation (moderateChat) and the audit log (chatAudit).
  registerEndpoint(app, chatRemoveMessageEndpoint, ({ input, user }) =>
    removeMessage(ctx, signedIn(user), input.id),
  );
  registerEndpoint(app, chatRemoveAllFromEndpoint, ({ input, user }) =>
    removeAllFrom(ctx, signedIn(user), input.id),
  );
  registerEndpoint(app, chatMuteEndpoint, ({ input, user }) =>
    mutePlayer(ctx, signedIn(user), input.id, input.minutes),
  );
  registerEndpoint(app, chatUnmuteEndpoint, ({ input, user }) =>
    unmutePlayer(ctx, signedIn(user), input.name),
  );
  registerEndpoint(app, chatQuizEndpoint, ({ input, user }) => startQuiz(ctx, signedIn(user), input));
  registerEndpoint(app, chatAuditEndpoint, async ({ input }) => ({
    entries: await listChatAudit(database, input),
  }));

  // The back office (moderateChat): the moderation screen's reads and the same actions (decision 0045).
  registerEndpoint(app, adminChatMessagesEndpoint, ({ input }) => listAdminMessages(database, input));
  registerEndpoint(app, adminChatRemoveEndpoint, ({ input, user }) =>
    removeMessage(ctx, signedIn(user), input.id),
  );
  registerEndpoint(app, adminChatMuteEndpoint, async ({ input, user }) => {
    const { until } = await mutePlayer(ctx, signedIn(user), input.userId, input.minutes, input.reason);
    return { until };
  });
  registerEndpoint(app, adminChatUnmuteEndpoint, ({ input, user }) =>
    unmutePlayerById(ctx, signedIn(user), input.userId, input.reason),
  );
  registerEndpoint(app, adminChatMutesEndpoint, async ({ input }) => ({
    mutes: await listMutes(database, input),
  }));
  registerEndpoint(app, adminChatRoomsEndpoint, async () => ({ rooms: await listRooms(ctx) }));
  registerEndpoint(app, adminChatSlowModeEndpoint, ({ input, user }) =>
    setRoomSlowMode(ctx, signedIn(user), input.channel, input.seconds),
  );
  registerEndpoint(app, adminChatQuizStartEndpoint, ({ input, user }) =>
    startQuiz(ctx, signedIn(user), input),
  );
  registerEndpoint(app, adminChatQuizStopEndpoint, ({ input, user }) =>
    stopQuiz(ctx, signedIn(user), input.channel),
  );
}
