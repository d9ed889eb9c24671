import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_BANNED, AuthMessages } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { AUTH_USERS, PLAYERS } from '../users/index.js';

/**
 * Sessions: a random bearer token (32 bytes, base64url) of which only the SHA-256 is stored.
 * A session is valid until it expires or is revoked; lookups never compare secrets in JS
 * except through the hash index, so timing reveals nothing about other tokens.
 */
export const SESSION_TTL_DAYS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface CreatedSession {
  id: string;
  token: string;
  expiresAt: Date;
}

/**
 * Starts a session of `userId`: every sign-in (password, wallet, messenger, e-mail link) comes here.
 * A banned account (decision 0047) gets none: 403 `account_banned`, nothing written.
 */
export async function createSession(
  database: Database,
  userId: string,
  meta: { ip?: string | undefined; userAgent?: string | undefined } = {},
): Promise<CreatedSession> {
  const token = newToken();
  const rows = await database.query<{ id: string; expires_at: Date }>(
    `insert into sessions (user_id, token_hash, ip, user_agent, expires_at)
     select u.id, $2, $3, $4, now() + make_interval(days => $5::int)
       from ${PLAYERS} u where u.id = $1::uuid and not u.banned
     returning id, expires_at`,
    [userId, sha256(token), meta.ip ?? null, meta.userAgent?.slice(0, 512) ?? null, SESSION_TTL_DAYS],
  );
  const row = rows[0];
  if (!row) throw new AppError(403, ACCOUNT_BANNED, AuthMessages.banned);
  return { id: row.id, token, expiresAt: new Date(row.expires_at) };
}

export async function revokeSession(database: Database, sessionId: string): Promise<void> {
  await database.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [
    sessionId,
  ]);
}

interface UserRow {
  id: string;
  name: string;
  banned: boolean;
  roles: string[] | null;
  permissions: { id: string; permissions: Record<string, boolean> }[] | null;
}

/** The caller's columns for policies: id, name, roles and the permissions their roles grant. */
const USER_COLUMNS = 'u.id, u.name, u.roles, u.permissions, u.banned';

function toAuthUser(row: UserRow): AuthUser {
  const permissions: Record<string, string[]> = {};
  for (const group of row.permissions ?? []) {
    for (const [type, on] of Object.entries(group.permissions ?? {})) {
      if (!on) continue;
      const list = (permissions[group.id] ??= []);
      if (!list.includes(type)) list.push(type);
    }
  }
  return { id: row.id, name: row.name, roles: row.roles ?? [], permissions };
}

/** Loads what policies need: the user's roles and the permissions their roles grant. */
export async function loadAuthUser(database: Database, userId: string): Promise<AuthUser | null> {
  const rows = await database.query<UserRow>(`select ${USER_COLUMNS} from ${AUTH_USERS} u where u.id = $1`, [
    userId,
  ]);
  const row = rows[0];
  return row && !row.banned ? toAuthUser(row) : null;
}

export interface ResolvedSession {
  sessionId: string;
  user: AuthUser;
}

/** How often a session's `last_seen_at` is written: at most once per this many seconds. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

/**
 * The bearer lookup of every signed-in request, in ONE read (a named prepared statement) for any
 * number of tokens (`$1`, their hashes): each live session (not revoked, not expired) with its token
 * hash, its user, roles and permissions, and whether its `last_seen_at` is older than
 * {@link LAST_SEEN_RESOLUTION_SECONDS}. A banned account's sessions resolve to nothing (decision 0047:
 * the ban also revokes them; this covers a sign-in that raced the ban). The HTTP resolver coalesces concurrent requests' lookups into
 * one such read (db/coalesce.ts, decision 0020).
 */
export const RESOLVE_TOKENS_SQL = `select s.token_hash, s.id as session_id,
    s.last_seen_at < now() - make_interval(secs => $2::int) as stale, ${USER_COLUMNS}
  from sessions s join ${AUTH_USERS} u on u.id = s.user_id
 where s.token_hash = any($1::text[]) and s.revoked_at is null and s.expires_at > now() and not u.banned`;

/**
 * Writes `last_seen_at` of stale sessions (at most once per {@link LAST_SEEN_RESOLUTION_SECONDS}
 * per session). The age is checked again on the row it updates: of several concurrent requests of one
 * stale session, one writes.
 */
const TOUCH_SESSIONS_SQL = `update sessions set last_seen_at = now()
  where id = any($1::uuid[]) and last_seen_at < now() - make_interval(secs => $2::int)`;

/**
 * The session and user behind each bearer token (in order), or null when unknown, expired or revoked.
 * One statement for all of them; a second one (the `last_seen_at` write of the stale sessions among
 * them) at most once a minute per session.
 */
export async function resolveTokens(
  database: Database,
  tokens: readonly string[],
): Promise<(ResolvedSession | null)[]> {
  const hashes = tokens.map((t) => (!t || t.length > 256 ? null : sha256(t)));
  const wanted = [...new Set(hashes.filter((h): h is string => h !== null))];
  if (wanted.length === 0) return hashes.map(() => null);
  const rows = await database.query<UserRow & { token_hash: string; session_id: string; stale: boolean }>(
    RESOLVE_TOKENS_SQL,
    [wanted, LAST_SEEN_RESOLUTION_SECONDS],
    'auth.resolve_tokens',
  );
  const byHash = new Map(rows.map((r) => [r.token_hash, r]));
  const stale = rows.filter((r) => r.stale).map((r) => r.session_id);
  if (stale.length > 0)
    await database.query(TOUCH_SESSIONS_SQL, [stale, LAST_SEEN_RESOLUTION_SECONDS], 'auth.touch_sessions');
  return hashes.map((h) => {
    const row = h === null ? undefined : byHash.get(h);
    return row
      ? { sessionId: row.session_id, user: { ...toAuthUser(row), sessionId: row.session_id } }
      : null;
  });
}

/** The session and user behind one bearer token ({@link resolveTokens}). */
export async function resolveToken(database: Database, token: string): Promise<ResolvedSession | null> {
  return (await resolveTokens(database, [token]))[0] ?? null;
}

/** Issues (or re-issues) the realtime secret of a session; only its hash is kept. */
export async function issueWsSecret(database: Database, sessionId: string): Promise<string> {
  const secret = newToken();
  await database.query('update sessions set ws_secret_hash = $2 where id = $1', [sessionId, sha256(secret)]);
  return secret;
}

/** Checks a `{userId, userSecret}` socket login against the user's live sessions. */
export async function verifyWsSecret(
  database: Database,
  userId: string,
  secret: string,
): Promise<ResolvedSession | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !secret || secret.length > 256) return null;
  const hash = sha256(secret);
  const rows = await database.query<{ id: string; user_id: string; ws_secret_hash: string }>(
    `select id, user_id, ws_secret_hash from sessions
      where ws_secret_hash = $1 and revoked_at is null and expires_at > now()`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.user_id !== userId.toLowerCase()) return null;
  const user = await loadAuthUser(database, row.user_id);
  return user ? { sessionId: row.id, user: { ...user, sessionId: row.id } } : null;
}

/** Bearer token from an `Authorization: Bearer x` header. */
export function bearerFrom(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1] ?? null;
}

/** Signs the user out everywhere (except, optionally, the current session). */
export async function revokeUserSessions(
  database: Database,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await database.query(
    'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid)',
    [userId, exceptSessionId ?? null],
  );
}

/** A live session as the back office lists it. */
export interface LiveSession {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

/** The user's live sessions (not revoked, not expired), most recently seen first. */
export function liveSessionsOf(database: Pick<Database, 'query'>, userId: string): Promise<LiveSession[]> {
  return database.query<LiveSession>(
    `select id::text as id, ip, user_agent, created_at, last_seen_at, expires_at from sessions
      where user_id = $1 and revoked_at is null and expires_at > now()
      order by last_seen_at desc limit 50`,
    [userId],
  );
}

/**
 * Ends every live session of the user, in the caller's transaction `tx` (a staff sign-out writes its
 * audit row with it); the number of sessions ended.
 */
export async function endUserSessions(tx: Pick<Database, 'query'>, userId: string): Promise<number> {
  const rows = await tx.query(
    'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and expires_at > now() returning id',
    [userId],
  );
  return rows.length;
}
