/**
 * Chat moderation in the staff audit log (modules/audit): every moderation action is one row with
 * the action `chat.{action}`, written in the action's own transaction. The chat's audit view
 * (POST /api/admin/chat/audit) is those rows in the chat's shape; `details` keep the fields it shows.
 */
import type { ChatAuditEntry } from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';
import type { AuthUser } from '../../platform/context.js';
import { listStaffActions, recordStaffAction, type StaffAction } from '../audit/index.js';

export type ChatAuditAction = ChatAuditEntry['action'];

const PREFIX = 'chat.';

/** Records one moderation action in the caller's transaction `tx`. */
export async function writeChatAudit(
  tx: Session,
  actor: AuthUser,
  action: ChatAuditAction,
  entry: Pick<StaffAction, 'target' | 'before' | 'after'> & { details: Record<string, unknown> },
): Promise<void> {
  await recordStaffAction(tx, { actor, action: `${PREFIX}${action}`, ...entry });
}

/** The newest moderation entries first, `limit` of them, older than entry `before` when given. */
export async function listChatAudit(
  database: Database,
  opts: { limit: number; before?: string | undefined },
): Promise<ChatAuditEntry[]> {
  const { entries } = await listStaffActions(database, {
    action: 'chat',
    limit: opts.limit,
    ...(opts.before ? { before: opts.before } : {}),
  });
  return entries.map((e) => ({
    id: e.id,
    actor: e.actor,
    action: e.action.slice(PREFIX.length) as ChatAuditAction,
    target: e.target?.id ?? null,
    details: e.details,
    created_at: e.created_at,
  }));
}
