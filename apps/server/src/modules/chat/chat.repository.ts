/**
 * SQL of the chat messages (table chat_messages, migration 0016_chat.sql). A message's sender is
 * joined live (name and avatar as they are now); its highlight and VIP level are the ones it was sent
 * with. Removed messages keep their row and never leave the database again.
 */
import {
  CHAT_HISTORY_LIMIT,
  chatMessageSchema,
  type ChatMessage,
  type ChatMessageType,
} from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';
import { PLAYERS } from '../users/index.js';

type Query = Pick<Session, 'query'>;

export interface MessageRow {
  id: string;
  channel: string;
  type: ChatMessageType;
  user_id: string | null;
  access: 'admin' | 'moderator' | 'user';
  vip_level: number;
  data: unknown;
  likes: number;
  created_at: Date | string;
  name: string | null;
  avatar: string | null;
}

const SELECT = `select m.id::text as id, m.channel, m.type, m.user_id::text as user_id, m.access, m.vip_level,
       m.data, m.likes, m.created_at, u.name, u.avatar
  from chat_messages m left join ${PLAYERS} u on u.id = m.user_id`;

/** The client's shape of a stored message (checked against the contract). */
export function toChatMessage(row: MessageRow): ChatMessage {
  return chatMessageSchema.parse({
    _id: row.id,
    type: row.type,
    user:
      row.user_id === null
        ? null
        : { _id: row.user_id, name: row.name ?? '', avatar: row.avatar, access: row.access },
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
    created_at: new Date(row.created_at).toISOString(),
    vipLevel: row.vip_level,
    channel: row.channel,
    likes: row.likes,
  });
}

export interface NewMessage {
  channel: string;
  type: ChatMessageType;
  userId: string | null;
  access?: 'admin' | 'moderator' | 'user';
  vipLevel?: number;
  data: Record<string, unknown>;
}

/** Stores a message and returns it in the client's shape. */
export async function insertMessage(db: Query, m: NewMessage): Promise<ChatMessage> {
  const rows = await db.query<MessageRow>(
    `with ins as (
       insert into chat_messages (channel, type, user_id, access, vip_level, data)
       values ($1, $2, $3::uuid, $4, $5, $6::jsonb)
       returning *)
     select ins.id::text as id, ins.channel, ins.type, ins.user_id::text as user_id, ins.access, ins.vip_level,
            ins.data, ins.likes, ins.created_at, u.name, u.avatar
       from ins left join ${PLAYERS} u on u.id = ins.user_id`,
    [m.channel, m.type, m.userId, m.access ?? 'user', m.vipLevel ?? 0, JSON.stringify(m.data)],
    'chat.insert',
  );
  const row = rows[0];
  if (!row) throw new Error('chat message not stored');
  return toChatMessage(row);
}

/** The latest messages of a channel, newest first, removed ones excluded. */
export async function channelHistory(
  database: Database,
  channel: string,
  limit = CHAT_HISTORY_LIMIT,
): Promise<ChatMessage[]> {
  const rows = await database.query<MessageRow>(
    `${SELECT} where m.channel = $1 and m.removed_at is null order by m.id desc limit $2`,
    [channel, limit],
    'chat.history',
  );
  return rows.map(toChatMessage);
}

/** A message that is still shown, or null. */
export async function findLiveMessage(database: Database, id: string): Promise<ChatMessage | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await database.query<MessageRow>(
    `${SELECT} where m.id = $1::bigint and m.removed_at is null`,
    [id],
  );
  return rows[0] ? toChatMessage(rows[0]) : null;
}

/** Marks messages removed; returns the ids that this call removed, with their channels. */
export async function removeMessages(
  db: Query,
  where: { id: string } | { userId: string },
  removedBy: string,
): Promise<{ id: string; channel: string }[]> {
  const byId = 'id' in where;
  return db.query<{ id: string; channel: string }>(
    `update chat_messages set removed_at = now(), removed_by = $2::uuid
      where ${byId ? 'id = $1::bigint' : 'user_id = $1::uuid'} and removed_at is null
      returning id::text as id, channel`,
    [byId ? where.id : where.userId, removedBy],
  );
}

/**
 * Distinct signed-in senders of `channel` since `since` (messages and shared bets that were not
 * removed), leaving out players muted now.
 */
export async function chattersSince(
  database: Database,
  channel: string,
  since: Date,
): Promise<{ id: string; name: string }[]> {
  return database.query<{ id: string; name: string }>(
    `select u.id::text as id, u.name
       from ${PLAYERS} u
      where u.id in (select m.user_id from chat_messages m
                      where m.channel = $1 and m.created_at >= $2::timestamptz and m.removed_at is null
                        and m.type in ('message', 'game_link') and m.user_id is not null)
        and not u.chat_muted
      order by u.name`,
    [channel, since.toISOString()],
  );
}

/** Adds the caller's like once; returns the count and whether this call added it (null: no such message). */
export async function likeMessage(
  database: Database,
  id: string,
  userId: string,
): Promise<{ likes: number; liked: boolean; channel: string } | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const added = await database.query<{ likes: number; channel: string }>(
    `with ins as (
       insert into chat_likes (message_id, user_id)
       select id, $2::uuid from chat_messages where id = $1::bigint and removed_at is null
       on conflict do nothing
       returning message_id)
     update chat_messages m set likes = m.likes + 1 from ins where m.id = ins.message_id
     returning m.likes, m.channel`,
    [id, userId],
  );
  if (added[0]) return { ...added[0], liked: true };
  const current = await database.query<{ likes: number; channel: string }>(
    'select likes, channel from chat_messages where id = $1::bigint and removed_at is null',
    [id],
  );
  return current[0] ? { ...current[0], liked: false } : null;
}
