/** The moderation audit log (table chat_audit_log): who did what to whom, and when. */
import type { ChatAuditEntry } from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';
import type { AuthUser } from '../../platform/context.js';

export type ChatAuditAction = ChatAuditEntry['action'];

/** Records one moderation action (in the caller's transaction when `db` is one). */
export async function writeChatAudit(
  db: Pick<Session, 'query'>,
  actor: AuthUser,
  action: ChatAuditAction,
  target: string | null,
  details: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `insert into chat_audit_log (actor_id, actor_name, action, target, details) values ($1::uuid, $2, $3, $4, $5::jsonb)`,
    [actor.id, actor.name, action, target, JSON.stringify(details)],
  );
}

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: ChatAuditAction;
  target: string | null;
  details: unknown;
  created_at: Date | string;
}

/** The newest entries first, `limit` of them, older than entry `before` when given. */
export async function listChatAudit(
  database: Database,
  opts: { limit: number; before?: string | undefined },
): Promise<ChatAuditEntry[]> {
  const rows = await database.query<AuditRow>(
    `select id::text as id, actor_id::text as actor_id, actor_name, action, target, details, created_at
       from chat_audit_log
      where ($2::bigint is null or id < $2::bigint)
      order by id desc limit $1`,
    [opts.limit, opts.before ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    actor: { _id: r.actor_id ?? '', name: r.actor_name },
    action: r.action,
    target: r.target,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
