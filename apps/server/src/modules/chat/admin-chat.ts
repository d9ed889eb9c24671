/**
 * The back office's chat moderation (issue 21 item 6, decision 0045): reads for the screen (messages
 * with search and paging, active mutes, each room's slow mode and open quiz) and the two actions the
 * in-chat commands do not have (slow mode per room, stopping a quiz). Removing, muting, unmuting and
 * starting a quiz are moderation.ts's and quiz.ts's own functions, so a staff member's action from the
 * back office is the in-chat moderator's action: same checks, same audit row, same realtime events.
 */
import {
  CHAT_CHANNELS,
  type AdminChatMessage,
  type AdminChatMessagesRequest,
  type AdminChatMute,
  type AdminChatRoom,
  type ChatChannel,
} from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { listStaffActions } from '../audit/index.js';
import { PLAYERS } from '../users/index.js';
import { writeChatAudit } from './chat-audit.js';
import { chatRoomSlowMode } from './chat-settings.js';
import { postServiceMessage } from './chat.service.js';

type MessagesQuery = Omit<Required<AdminChatMessagesRequest>, 'channel' | 'search' | 'player' | 'before'> &
  Pick<AdminChatMessagesRequest, 'channel' | 'search' | 'player' | 'before'>;

interface Row {
  id: string;
  channel: string;
  type: AdminChatMessage['type'];
  user_id: string | null;
  access: 'admin' | 'moderator' | 'user';
  data: unknown;
  likes: number;
  created_at: Date | string;
  removed_at: Date | string | null;
  name: string | null;
  muted_until: Date | string | null;
  removed_by: string | null;
}

/** `text` as a LIKE pattern matching it anywhere (its own % _ \ taken literally). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString());

/** What a message says, whatever its type. */
function textOf(type: AdminChatMessage['type'], data: Record<string, unknown>): string {
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  if (type === 'quiz') return str('question');
  if (type === 'quiz_answered') {
    const user = data.user as { name?: unknown } | undefined;
    return `${typeof user?.name === 'string' ? user.name : ''}: ${str('correct')}`;
  }
  if (type === 'game_link') return `${str('name')} #${str('id')} · ×${str('multiplier')}`;
  return str('message') || str('text');
}

/** Messages newest first with the filters of the request; `next` is the following page's `before`. */
export async function listAdminMessages(
  database: Database,
  q: MessagesQuery,
): Promise<{ messages: AdminChatMessage[]; next: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.channel) add((p) => `m.channel = ${p}`, q.channel);
  if (q.search)
    add(
      (p) =>
        `coalesce(m.data->>'message', m.data->>'question', m.data->>'text', m.data->>'name', '') ilike ${p} escape '\\'`,
      contains(q.search),
    );
  if (q.player) add((p) => `u.name ilike ${p} escape '\\'`, contains(q.player));
  if (q.state === 'live') where.push('m.removed_at is null');
  if (q.state === 'removed') where.push('m.removed_at is not null');
  if (q.before) add((p) => `m.id < ${p}::bigint`, q.before);
  params.push(q.limit + 1);
  const rows = await database.query<Row>(
    `select m.id::text as id, m.channel, m.type, m.user_id::text as user_id, m.access, m.data, m.likes,
            m.created_at, m.removed_at, u.name, case when u.chat_muted then u.chat_muted_until end as muted_until,
            r.name as removed_by
       from chat_messages m
       left join ${PLAYERS} u on u.id = m.user_id
       left join ${PLAYERS} r on r.id = m.removed_by
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by m.id desc limit $${params.length}`,
    params,
    // One prepared statement per filter combination: its text changes with the filters given.
    `chat.admin_messages:${[q.channel, q.search, q.player, q.before].map((v) => (v ? 1 : 0)).join('')}:${q.state ?? ''}`,
  );
  const page = rows.slice(0, q.limit);
  return {
    messages: page.map((r) => {
      const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>;
      return {
        id: r.id,
        channel: r.channel,
        type: r.type,
        user: r.user_id === null ? null : { id: r.user_id, name: r.name ?? '', access: r.access },
        text: textOf(r.type, data),
        sticker: typeof data.sticker === 'string' ? data.sticker : null,
        likes: r.likes,
        createdAt: new Date(r.created_at).toISOString(),
        removedAt: iso(r.removed_at),
        removedBy: r.removed_by,
        senderMutedUntil: iso(r.muted_until),
      };
    }),
    next: rows.length > q.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The mutes in force, ending soonest first, each with its last mute's author and reason. */
export async function listMutes(
  database: Database,
  q: { search?: string | undefined; limit: number },
): Promise<AdminChatMute[]> {
  const rows = await database.query<{ id: string; name: string; until: Date | string }>(
    `select u.id::text as id, u.name, u.chat_muted_until as until from ${PLAYERS} u
      where u.chat_muted ${q.search ? `and u.name ilike $2 escape '\\'` : ''}
      order by u.chat_muted_until, u.id limit $1`,
    q.search ? [q.limit, contains(q.search)] : [q.limit],
  );
  const mutes: AdminChatMute[] = [];
  for (const r of rows) {
    const { entries } = await listStaffActions(database, {
      action: 'chat.mute',
      targetType: 'user',
      targetId: r.id,
      limit: 1,
    });
    const last = entries[0];
    const reason = last?.details.reason;
    mutes.push({
      userId: r.id,
      name: r.name,
      until: new Date(r.until).toISOString(),
      mutedBy: last?.actor.name ?? null,
      reason: typeof reason === 'string' ? reason : null,
      mutedAt: last?.created_at ?? null,
    });
  }
  return mutes;
}

/** Every room's slow mode, open quiz and messages of the last hour. */
export async function listRooms(ctx: AppContext): Promise<AdminChatRoom[]> {
  const slow = await ctx.settings.get(chatRoomSlowMode);
  const quizzes = await ctx.database.query<{
    id: string;
    channel: string;
    question: string;
    answer: string;
    reward: string;
    currency: string;
    decimals: number;
    created_at: Date | string;
    started_by: string | null;
  }>(
    `select distinct on (q.channel) q.id::text as id, q.channel, q.question, q.answer, q.reward::text as reward,
            q.currency, c.decimals, q.created_at, u.name as started_by
       from chat_quizzes q join currencies c on c.id = q.currency left join ${PLAYERS} u on u.id = q.created_by
      where q.answered_at is null
      order by q.channel, q.id desc`,
  );
  const counts = await ctx.database.query<{ channel: string; n: number }>(
    `select channel, count(*)::int as n from chat_messages
      where created_at > now() - interval '1 hour' and removed_at is null group by channel`,
  );
  return CHAT_CHANNELS.map((channel) => {
    const quiz = quizzes.find((x) => x.channel === channel);
    return {
      channel,
      slowModeSeconds: slow[channel] ?? 0,
      quiz: quiz
        ? {
            id: quiz.id,
            question: quiz.question,
            answer: quiz.answer,
            reward: toDecimalString(BigInt(quiz.reward), quiz.decimals),
            currency: quiz.currency,
            startedAt: new Date(quiz.created_at).toISOString(),
            startedBy: quiz.started_by,
          }
        : null,
      lastHour: Number(counts.find((c) => c.channel === channel)?.n ?? 0),
    };
  });
}

async function roomOf(ctx: AppContext, channel: ChatChannel): Promise<AdminChatRoom> {
  const room = (await listRooms(ctx)).find((r) => r.channel === channel);
  if (!room) throw new Error(`no room ${channel}`);
  return room;
}

/**
 * Sets room `channel`'s slow mode (0: off), audited in the setting's transaction, and tells the room
 * with a service message. Setting the value it already has changes nothing and says nothing.
 */
export async function setRoomSlowMode(
  ctx: AppContext,
  actor: AuthUser,
  channel: ChatChannel,
  seconds: number,
): Promise<AdminChatRoom> {
  let before = 0;
  const [change] = await ctx.settings.modify(
    [chatRoomSlowMode],
    ([current]) => {
      const rooms = { ...(current as Partial<Record<ChatChannel, number>>) };
      before = rooms[channel] ?? 0;
      if (seconds === 0) delete rooms[channel];
      else rooms[channel] = seconds;
      return [rooms];
    },
    async (tx) => {
      if (before === seconds) return;
      await writeChatAudit(tx, actor, 'slow_mode', {
        target: { type: 'chat_channel', id: channel },
        before: { seconds: before },
        after: { seconds },
        details: { channel, seconds, was: before },
      });
    },
  );
  if (change && before !== seconds)
    await postServiceMessage(ctx, {
      channel,
      data: {
        kind: 'slow_mode',
        text: seconds === 0 ? 'Slow mode is off.' : `Slow mode: 1 message per ${seconds} seconds.`,
      },
    });
  return roomOf(ctx, channel);
}

/** Closes room `channel`'s open quiz without a winner; tells the room. False when none was open. */
export async function stopQuiz(
  ctx: AppContext,
  actor: AuthUser,
  channel: ChatChannel,
): Promise<{ stopped: boolean }> {
  const stopped = await ctx.database.transaction(async (tx) => {
    const closed = await tx.query<{ id: string; question: string; answer: string }>(
      `update chat_quizzes set answered_at = now() where channel = $1 and answered_at is null
       returning id::text as id, question, answer`,
      [channel],
    );
    for (const quiz of closed)
      await writeChatAudit(tx, actor, 'quiz_stop', {
        target: { type: 'chat_quiz', id: quiz.id },
        before: { open: true },
        after: { open: false },
        details: { quizId: quiz.id, channel, question: quiz.question, answer: quiz.answer },
      });
    return closed;
  });
  const last = stopped[0];
  if (last)
    await postServiceMessage(ctx, {
      channel,
      data: { kind: 'quiz', text: `The quiz is over without a winner. The answer was: ${last.answer}` },
    });
  return { stopped: stopped.length > 0 };
}
