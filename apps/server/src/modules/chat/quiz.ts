/**
 * Chat quizzes (spec 2 sections 3 and 6). A moderator asks a question with its answer in a channel;
 * the FIRST player whose chat message in that channel equals the answer (case and spaces aside) wins
 * the configured prize (the `chat.quiz_prize` setting).
 *
 * Exactly once:
 *  1. The winner is chosen by ONE guarded update (`answered_at is null`): of two right answers at the
 *     same moment, on one node or two, exactly one update finds the quiz open.
 *  2. The prize moves through the ledger from {system: 'promotions'} to the winner's real balance with
 *     the key `chat-quiz:{id}`: a retry (or the repair job after a crash in between) replays the key
 *     and moves nothing more.
 *  3. The `quiz_answered` announcement is posted once (`answer_message_id`), by the winner's request or
 *     by the repair job.
 * A newer quiz in a channel closes the open one there (no winner, nothing paid). The quiz's author
 * cannot win it.
 */
import { ChatErrorCode, chatQuizAnsweredEvent, chatQuizEvent, type ChatMessage } from '@nebula/contracts';
import { toDecimalString, tryParseAmount } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { writeChatAudit } from './chat-audit.js';
import { accessOf } from './chat-channels.js';
import { insertMessage } from './chat.repository.js';
import { normaliseAnswer } from './chat-text.js';
import { PLAYERS } from '../users/index.js';
import { blockOf } from '../protection/index.js';
import { chatQuizPrize } from './chat-settings.js';

interface QuizRow {
  id: string;
  channel: string;
  question: string;
  answer: string;
  currency: string;
  reward: string;
  decimals: number;
  created_by: string | null;
  winner_id: string | null;
  winner_name: string | null;
  transfer_id: string | null;
  answer_message_id: string | null;
}

const QUIZ_SELECT = `select q.id::text as id, q.channel, q.question, q.answer, q.currency, q.reward::text as reward,
       c.decimals, q.created_by::text as created_by, q.winner_id::text as winner_id, u.name as winner_name,
       q.transfer_id::text as transfer_id, q.answer_message_id::text as answer_message_id
  from chat_quizzes q join currencies c on c.id = q.currency left join ${PLAYERS} u on u.id = q.winner_id`;

function publish(ctx: AppContext, event: typeof chatQuizEvent, message: ChatMessage): void {
  try {
    ctx.realtime.hub.publish(message.channel, event, { message, channel: message.channel });
  } catch (err) {
    ctx.log.warn({ err }, 'quiz event not published');
  }
}

/** Starts a quiz in `channel` (closing the open one there) and publishes `ChatQuiz`. */
export async function startQuiz(
  ctx: AppContext,
  actor: AuthUser,
  input: { question: string; answer: string; channel: string },
): Promise<ChatMessage> {
  const { reward: quizReward, currency: quizCurrency } = await ctx.settings.get(chatQuizPrize);
  const currencies = await ctx.database.query<{ decimals: number }>(
    'select decimals from currencies where id = $1',
    [quizCurrency],
  );
  const decimals = currencies[0]?.decimals;
  const parsed = decimals === undefined ? null : tryParseAmount(quizReward, decimals);
  if (decimals === undefined || !parsed?.ok || parsed.value <= 0n)
    throw new AppError(
      422,
      ChatErrorCode.QuizCurrency,
      'The quiz prize is not configured for a known currency.',
    );
  const reward = parsed.value;
  const message = await ctx.database.transaction(async (tx) => {
    await tx.query('update chat_quizzes set answered_at = now() where channel = $1 and answered_at is null', [
      input.channel,
    ]);
    const quiz = await tx.query<{ id: string }>(
      `insert into chat_quizzes (channel, question, answer, currency, reward, created_by)
       values ($1, $2, $3, $4, $5::numeric, $6::uuid) returning id::text as id`,
      [input.channel, input.question, input.answer, quizCurrency, reward.toString(), actor.id],
    );
    const quizId = quiz[0]?.id as string;
    const posted = await insertMessage(tx, {
      channel: input.channel,
      type: 'quiz',
      userId: null,
      access: accessOf(actor),
      data: { question: input.question, reward: toDecimalString(reward, decimals), currency: quizCurrency },
    });
    await tx.query('update chat_quizzes set message_id = $2::bigint where id = $1::bigint', [
      quizId,
      posted._id,
    ]);
    const quizState = {
      channel: input.channel,
      question: input.question,
      answer: input.answer,
      reward: toDecimalString(reward, decimals),
      currency: quizCurrency,
    };
    await writeChatAudit(tx, actor, 'quiz', {
      target: { type: 'chat_quiz', id: quizId },
      before: null,
      after: quizState,
      details: { quizId, ...quizState },
    });
    return posted;
  });
  publish(ctx, chatQuizEvent, message);
  return message;
}

/**
 * Settles the channel's open quiz when `text` is its answer and `user` is the first to give it.
 * Returns the `quiz_answered` message when this call won.
 */
export async function tryAnswerQuiz(
  ctx: AppContext,
  user: AuthUser,
  channel: string,
  text: string,
): Promise<ChatMessage | null> {
  const open = await ctx.database.query<{ id: string; answer: string; created_by: string | null }>(
    `select id::text as id, answer, created_by::text as created_by from chat_quizzes
      where channel = $1 and answered_at is null order by id desc limit 1`,
    [channel],
    'chat.open_quiz',
  );
  const quiz = open[0];
  if (!quiz || quiz.created_by === user.id || normaliseAnswer(text) !== normaliseAnswer(quiz.answer))
    return null;
  // Player protection: a player on a time-out or self-excluded gets no promotions (the quiz stays open).
  if (await blockOf(ctx, ctx.database, user.id)) return null;
  const won = await ctx.database.query(
    `update chat_quizzes set winner_id = $2::uuid, answered_at = now()
      where id = $1::bigint and answered_at is null returning id`,
    [quiz.id, user.id],
  );
  if (won.length === 0) return null;
  return settleQuiz(ctx, quiz.id);
}

/** Pays a won quiz and posts its announcement, each once (see the module comment). */
export async function settleQuiz(ctx: AppContext, quizId: string): Promise<ChatMessage | null> {
  const rows = await ctx.database.query<QuizRow>(`${QUIZ_SELECT} where q.id = $1::bigint`, [quizId]);
  const q = rows[0];
  if (!q?.winner_id) return null;
  if (q.transfer_id === null) {
    const result = await ctx.ledger.transfer({
      key: `chat-quiz:${q.id}`,
      kind: 'chat_quiz',
      currency: q.currency,
      amount: BigInt(q.reward),
      from: { system: 'promotions' },
      to: { user: q.winner_id, kind: 'real' },
      metadata: { quizId: q.id, channel: q.channel },
    });
    await ctx.database.query(
      `update chat_quizzes set transfer_id = $2::bigint, paid_at = now() where id = $1::bigint and paid_at is null`,
      [q.id, result.transferId],
    );
  }
  if (q.answer_message_id !== null) return null;
  const message = await ctx.database.transaction(async (tx) => {
    // Locks the quiz row: of two settlers (the winner's request and the repair job) one posts.
    const claim = await tx.query(
      'select 1 from chat_quizzes where id = $1::bigint and answer_message_id is null for update',
      [q.id],
    );
    if (claim.length === 0) return null;
    const posted = await insertMessage(tx, {
      channel: q.channel,
      type: 'quiz_answered',
      userId: null,
      data: {
        user: { _id: q.winner_id, name: q.winner_name ?? '' },
        question: q.question,
        correct: q.answer,
        reward: toDecimalString(BigInt(q.reward), q.decimals),
        currency: q.currency,
      },
    });
    await tx.query('update chat_quizzes set answer_message_id = $2::bigint where id = $1::bigint', [
      q.id,
      posted._id,
    ]);
    return posted;
  });
  if (message) publish(ctx, chatQuizAnsweredEvent, message);
  return message;
}

/** The repair job: pays and announces quizzes whose winner's request stopped half-way. */
export async function settleWonQuizzes(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const rows = await ctx.database.query<{ id: string }>(
    `select id::text as id from chat_quizzes
      where winner_id is not null and (paid_at is null or answer_message_id is null)
        and answered_at < now() - interval '30 seconds'
      order by id limit 100`,
  );
  let settled = 0;
  for (const r of rows) {
    if (signal?.aborted) break;
    await settleQuiz(ctx, r.id);
    settled += 1;
  }
  return settled;
}
