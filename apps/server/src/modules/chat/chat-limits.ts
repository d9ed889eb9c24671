/**
 * Chat rate limits, shared by every node through the database (the clock is the database's, so nodes
 * with skewed clocks agree):
 * - slow mode (spec 3 section 5): one accepted message per player per {@link CHAT_SLOW_MODE_MS}, decided
 *   by one guarded upsert, so two nodes can never both accept a second message within the interval;
 * - fixed one-minute windows per key for the other limits (messages per IP, likes and ignores per player).
 */
import { CHAT_SLOW_MODE_MS, ChatErrorCode, ChatMessages } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';

/** Likes, ignores, finds and shares per player per minute. */
export const CHAT_ACTIONS_PER_MINUTE = 30;
/** How long an idle rate-limit row is kept before the prune job deletes it. */
const PRUNE_AFTER_SECONDS = 3_600;

export const slowModeError = () => new AppError(429, ChatErrorCode.SlowMode, ChatMessages.slowMode);
export const rateLimitedError = () => new AppError(429, ChatErrorCode.RateLimited, ChatMessages.rateLimited);

/** Takes the player's slow-mode slot; throws the slow mode error when their last message is too recent. */
export async function takeSlowModeSlot(
  database: Database,
  userId: string,
  intervalMs = CHAT_SLOW_MODE_MS,
): Promise<void> {
  const rows = await database.query(
    `insert into chat_slow_mode as s (user_id, last_sent_at) values ($1::uuid, clock_timestamp())
     on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
       where s.last_sent_at <= excluded.last_sent_at - make_interval(secs => $2::double precision)
     returning 1`,
    [userId, intervalMs / 1000],
    'chat.slow_mode',
  );
  if (rows.length === 0) throw slowModeError();
}

/** The slow mode refusal of a room with its own interval (the chat-wide one says 5 seconds). */
export const roomSlowModeError = (seconds: number) =>
  new AppError(429, ChatErrorCode.SlowMode, `Slow mode: 1 message per ${seconds} seconds.`);

/**
 * Slow mode of one room (decision 0045): at most one accepted message per player in `channel` per
 * `seconds`. A one-message window per player and room: the message that opens the window is
 * accepted, every other one before it closes is refused.
 */
export async function takeRoomSlowModeSlot(
  database: Database,
  channel: string,
  userId: string,
  seconds: number,
): Promise<void> {
  try {
    await hitRateLimit(database, `slow:${channel}:${userId}`, 1, seconds);
  } catch (err) {
    if (err instanceof AppError && err.code === ChatErrorCode.RateLimited) throw roomSlowModeError(seconds);
    throw err;
  }
}

/** Counts one hit of `key` in its current window; throws 429 when the window already had `limit`. */
export async function hitRateLimit(
  database: Database,
  key: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  const rows = await database.query<{ hits: number }>(
    `insert into chat_rate_limits as r (key, window_started_at, hits) values ($1, clock_timestamp(), 1)
     on conflict (key) do update set
       hits = case when r.window_started_at <= clock_timestamp() - make_interval(secs => $2::double precision)
                   then 1 else r.hits + 1 end,
       window_started_at = case when r.window_started_at <= clock_timestamp() - make_interval(secs => $2::double precision)
                   then clock_timestamp() else r.window_started_at end
     returning hits`,
    [key.slice(0, 200), windowSeconds],
    'chat.rate_limit',
  );
  if ((rows[0]?.hits ?? 0) > limit) throw rateLimitedError();
}

/** Deletes rate-limit and slow-mode rows nobody has touched for an hour (a leader job). */
export async function pruneChatLimits(database: Database): Promise<void> {
  await database.query(
    `delete from chat_rate_limits where window_started_at < now() - make_interval(secs => $1::double precision)`,
    [PRUNE_AFTER_SECONDS],
  );
  await database.query(
    `delete from chat_slow_mode where last_sent_at < now() - make_interval(secs => $1::double precision)`,
    [PRUNE_AFTER_SECONDS],
  );
}

/**
 * The address a socket caller signed in from (its session's IP), for the per-IP limit of whispers
 * (the socket's own address does not reach whisper handlers). Cached per session: it never changes.
 */
export class SessionIps {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly database: Database) {}

  async of(sessionId: string | undefined): Promise<string | null> {
    if (!sessionId) return null;
    if (this.cache.has(sessionId)) return this.cache.get(sessionId) ?? null;
    const rows = await this.database.query<{ ip: string | null }>(
      'select ip from sessions where id = $1::uuid',
      [sessionId],
    );
    const ip = rows[0]?.ip ?? null;
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(sessionId, ip);
    return ip;
  }
}
