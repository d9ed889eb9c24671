/**
 * What players do around the chat (spec 2 sections 5-7): ignore and unignore by name (the list is
 * returned on the user object as `ignore`, so the client hides their messages), find a player by
 * name, share one of their own finished real bets (`game_link`), like a message once.
 */
import { ChatErrorCode, ChatMessages, chatLikeEvent, type ChatMessage } from '@nebula/contracts';
import { ratio, ratioToDecimal } from '@nebula/games';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { CHAT_ACTIONS_PER_MINUTE, hitRateLimit } from './chat-limits.js';
import { likeMessage } from './chat.repository.js';
import type { ChatService } from './chat.service.js';
import { unknownUserError } from './moderation.js';
import { findUserByName as findAccountByName, PLAYERS } from '../users/index.js';

/** The player named `name` (case-insensitive), or null. */
export async function findUserByName(
  database: Database,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const user = await findAccountByName(database, name.trim());
  return user && { id: user.id, name: user.name };
}

/** The ids of the players `userId` ignores, oldest first. */
export async function ignoreListOf(database: Database, userId: string): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    'select ignored_id::text as id from chat_ignores where user_id = $1::uuid order by created_at, ignored_id',
    [userId],
  );
  return rows.map((r) => r.id);
}

/** The chat fields of the user object (spec 2 section 3): `mute` (ISO, null when not muted) and `ignore`. */
export async function chatStateOf(
  database: Database,
  userId: string,
): Promise<{ mute: string | null; ignore: string[] }> {
  const rows = await database.query<{ until: Date | string | null }>(
    `select case when u.chat_muted then u.chat_muted_until end as until from ${PLAYERS} u where u.id = $1::uuid`,
    [userId],
  );
  const until = rows[0]?.until ?? null;
  return {
    mute: until === null ? null : new Date(until).toISOString(),
    ignore: await ignoreListOf(database, userId),
  };
}

export async function ignorePlayer(
  ctx: AppContext,
  user: AuthUser,
  name: string,
): Promise<{ ignore: string[] }> {
  await hitRateLimit(ctx.database, `action:user:${user.id}`, CHAT_ACTIONS_PER_MINUTE);
  const target = await findUserByName(ctx.database, name);
  if (!target) throw unknownUserError();
  if (target.id === user.id) throw AppError.badRequest('You cannot ignore yourself.', 'chat_ignore_self');
  await ctx.database.query(
    'insert into chat_ignores (user_id, ignored_id) values ($1::uuid, $2::uuid) on conflict do nothing',
    [user.id, target.id],
  );
  return { ignore: await ignoreListOf(ctx.database, user.id) };
}

export async function unignorePlayer(
  ctx: AppContext,
  user: AuthUser,
  name: string,
): Promise<{ ignore: string[] }> {
  await hitRateLimit(ctx.database, `action:user:${user.id}`, CHAT_ACTIONS_PER_MINUTE);
  const target = await findUserByName(ctx.database, name);
  if (!target) throw unknownUserError();
  await ctx.database.query('delete from chat_ignores where user_id = $1::uuid and ignored_id = $2::uuid', [
    user.id,
    target.id,
  ]);
  return { ignore: await ignoreListOf(ctx.database, user.id) };
}

interface BetRow {
  id: string;
  user_id: string;
  game: string;
  name: string;
  currency: string;
  demo: boolean;
  wager: string;
  multiplier_num: string;
  multiplier_den: string;
  decimals: number;
}

/**
 * Shares one of the caller's settled real bets as a `game_link` message. A bet of someone else, a
 * demo bet or an unknown id all answer 'general.error.unknown_game'. Posting rules (mute, slow mode,
 * per-IP limit) are those of any message.
 */
export async function linkGame(
  ctx: AppContext,
  chat: ChatService,
  user: AuthUser,
  input: { id: string; channel: string },
  requestIp?: string,
): Promise<ChatMessage> {
  const unknownGame = () => new AppError(404, ChatErrorCode.UnknownGame, ChatMessages.unknownGame);
  if (!/^\d{1,18}$/.test(input.id)) throw unknownGame();
  const rows = await ctx.database.query<BetRow>(
    `select b.id::text as id, b.user_id::text as user_id, b.game, coalesce(g.name, b.game) as name, b.currency,
            b.demo, b.wager::text as wager, b.multiplier_num::text as multiplier_num,
            b.multiplier_den::text as multiplier_den, c.decimals
       from bets b join currencies c on c.id = b.currency left join games g on g.id = b.game
      where b.id = $1::bigint`,
    [input.id],
  );
  const bet = rows[0];
  if (!bet || bet.user_id !== user.id || bet.demo) throw unknownGame();
  return chat.post(
    user,
    input.channel,
    'game_link',
    {
      _id: bet.id,
      game: bet.game,
      id: bet.id,
      name: bet.name,
      currency: bet.currency,
      splitTotal: toDecimalString(BigInt(bet.wager), bet.decimals),
      multiplier: ratioToDecimal(ratio(BigInt(bet.multiplier_num), BigInt(bet.multiplier_den)), 8),
    },
    await chat.ipOf(user, requestIp),
  );
}

/** Likes a message once per player and publishes the new count (`ChatLike`) on its channel. */
export async function likeChatMessage(
  ctx: AppContext,
  user: AuthUser,
  id: string,
): Promise<{ id: string; likes: number; liked: boolean }> {
  await hitRateLimit(ctx.database, `like:user:${user.id}`, CHAT_ACTIONS_PER_MINUTE);
  const result = await likeMessage(ctx.database, id, user.id);
  if (!result) throw new AppError(404, ChatErrorCode.UnknownMessage, ChatMessages.unknownMessage);
  if (result.liked) {
    try {
      ctx.realtime.hub.publish(result.channel, chatLikeEvent, {
        id,
        likes: result.likes,
        channel: result.channel,
      });
    } catch (err) {
      ctx.log.warn({ err }, 'chat like not published');
    }
  }
  return { id, likes: result.likes, liked: result.liked };
}
