/**
 * Chat moderation (spec 2 section 6, the moderateChat permission of the chat_moderator role): remove a
 * message, remove every message of a player, mute for one of the spec's durations, unmute by name.
 * Removals publish `ChatRemoveMessages` with the removed ids on each channel concerned; mutes publish
 * `ChatMute` on the player's private channel. Every action writes one staff audit row (chat-audit.ts)
 * in the same transaction as its change, so there is no change without its row and no row without it.
 */
import { ChatErrorCode, ChatMessages, chatRemoveMessagesEvent } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { writeChatAudit } from './chat-audit.js';
import { removeMessages } from './chat.repository.js';
import { publishMute } from './chat.service.js';
import { findUserById, muteChat, unmuteChatById, unmuteChatByName } from '../users/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const unknownUserError = () => new AppError(404, ChatErrorCode.UnknownUser, ChatMessages.unknownUser);

export function publishRemoved(ctx: AppContext, removed: { id: string; channel: string }[]): void {
  const byChannel = new Map<string, string[]>();
  for (const r of removed) byChannel.set(r.channel, [...(byChannel.get(r.channel) ?? []), r.id]);
  for (const [channel, ids] of byChannel) {
    try {
      ctx.realtime.hub.publish(channel, chatRemoveMessagesEvent, { ids, channel });
    } catch (err) {
      ctx.log.warn({ err }, 'chat removal not published');
    }
  }
}

/** Removes one message; answers the removed ids (empty when it was already removed). */
export async function removeMessage(
  ctx: AppContext,
  actor: AuthUser,
  id: string,
): Promise<{ ids: string[] }> {
  if (!/^\d{1,18}$/.test(id))
    throw new AppError(404, ChatErrorCode.UnknownMessage, ChatMessages.unknownMessage);
  const exists = await ctx.database.query<{ user_id: string | null; channel: string }>(
    'select user_id::text as user_id, channel from chat_messages where id = $1::bigint',
    [id],
  );
  const row = exists[0];
  if (!row) throw new AppError(404, ChatErrorCode.UnknownMessage, ChatMessages.unknownMessage);
  const removed = await ctx.database.transaction(async (tx) => {
    const done = await removeMessages(tx, { id }, actor.id);
    if (done.length > 0)
      await writeChatAudit(tx, actor, 'remove_message', {
        target: { type: 'chat_message', id },
        before: { removed: false },
        after: { removed: true },
        details: { channel: row.channel, userId: row.user_id },
      });
    return done;
  });
  if (removed.length > 0) publishRemoved(ctx, removed);
  return { ids: removed.map((r) => r.id) };
}

/** Removes every message of player `userId` in every channel. */
export async function removeAllFrom(
  ctx: AppContext,
  actor: AuthUser,
  userId: string,
): Promise<{ ids: string[] }> {
  const user = await userById(ctx, userId);
  if (!user) throw unknownUserError();
  const removed = await ctx.database.transaction(async (tx) => {
    const done = await removeMessages(tx, { userId: user.id }, actor.id);
    await writeChatAudit(tx, actor, 'remove_all_from', {
      target: { type: 'user', id: user.id },
      before: { visibleMessages: done.length },
      after: { visibleMessages: 0 },
      details: { name: user.name, removed: done.length },
    });
    return done;
  });
  publishRemoved(ctx, removed);
  return { ids: removed.map((r) => r.id) };
}

/**
 * Mutes player `userId` for `minutes` from now (a later mute replaces an earlier one); `reason` (the
 * back office asks for one) goes to the audit row.
 */
export async function mutePlayer(
  ctx: AppContext,
  actor: AuthUser,
  userId: string,
  minutes: number,
  reason?: string,
): Promise<{ message: typeof ChatMessages.muted; until: string }> {
  const user = await userById(ctx, userId);
  if (!user) throw unknownUserError();
  const until = await ctx.database.transaction(async (tx) => {
    const prev = await muteChat(tx, user.id, minutes);
    if (!prev) throw unknownUserError();
    const muted = new Date(prev.until).toISOString();
    await writeChatAudit(tx, actor, 'mute', {
      target: { type: 'user', id: user.id },
      before: { chatMutedUntil: isoOrNull(prev.was) },
      after: { chatMutedUntil: muted },
      details: { name: user.name, minutes, until: muted, ...(reason ? { reason } : {}) },
    });
    return muted;
  });
  publishMute(ctx, user.id, until);
  return { message: ChatMessages.muted, until };
}

/** Unmutes a player by name: 'Success', or 404 'Unknown username'. */
export async function unmutePlayer(
  ctx: AppContext,
  actor: AuthUser,
  name: string,
): Promise<{ message: typeof ChatMessages.unmuted }> {
  await unmute(
    ctx,
    actor,
    (tx) => unmuteChatByName(tx, name),
    () => {
      throw new AppError(404, ChatErrorCode.UnknownUsername, ChatMessages.unknownUsername);
    },
  );
  return { message: ChatMessages.unmuted };
}

/** Unmutes player `userId` (the back office); answers the mute's previous end. */
export async function unmutePlayerById(
  ctx: AppContext,
  actor: AuthUser,
  userId: string,
  reason = '',
): Promise<{ was: string | null }> {
  if (!UUID.test(userId)) throw unknownUserError();
  const was = await unmute(
    ctx,
    actor,
    (tx) => unmuteChatById(tx, userId),
    () => {
      throw unknownUserError();
    },
    reason,
  );
  return { was };
}

type Unmuted = { id: string; name: string; was: Date | string | null } | null;

/** Lifts a mute found by `lift` in one audited transaction and tells the player's sockets. */
async function unmute(
  ctx: AppContext,
  actor: AuthUser,
  lift: (tx: Session) => Promise<Unmuted>,
  notFound: () => never,
  reason = '',
): Promise<string | null> {
  const user = await ctx.database.transaction(async (tx) => {
    const found = await lift(tx);
    if (!found) notFound();
    const was = isoOrNull(found.was);
    await writeChatAudit(tx, actor, 'unmute', {
      target: { type: 'user', id: found.id },
      before: { chatMutedUntil: was },
      after: { chatMutedUntil: null },
      details: { name: found.name, was, ...(reason ? { reason } : {}) },
    });
    return { id: found.id, was };
  });
  publishMute(ctx, user.id, null);
  return user.was;
}

const isoOrNull = (at: Date | string | null | undefined): string | null =>
  at === null || at === undefined ? null : new Date(at).toISOString();

async function userById(ctx: AppContext, id: string): Promise<{ id: string; name: string } | null> {
  if (!UUID.test(id)) return null;
  const user = await findUserById(ctx.database, id);
  return user && { id: user.id, name: user.name };
}
