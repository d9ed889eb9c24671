/**
 * The staff audit log (table staff_audit_log, migration 0020).
 *
 * Invariants:
 *  - One row per staff action, inserted through the action's own transaction (`recordStaffAction`
 *    takes a `Session`, which the pool-wide `Database` is not): the row commits with the action and
 *    disappears with it when the action rolls back. An action that failed has no row.
 *  - Rows are never updated or deleted; a trigger refuses UPDATE, DELETE and TRUNCATE.
 *  - `before` / `after` hold the target's state (only the fields the action changed), `details` the
 *    context (a reason, the player concerned, amounts). Both are JSON objects written by the server.
 *  - Each row is announced once its transaction committed (`tx.afterCommit`, decision 0046): the
 *    module publishes it as `StaffChange` on the `Staff` channel. A rolled-back action announces nothing.
 */

/** The `afterCommit` topic of a recorded staff action (its data: a {@link StaffChange}). */
export const STAFF_CHANGE_TOPIC = 'audit.staff_change';
import {
  STAFF_ACTION_PATTERN,
  type StaffAuditEntry,
  type StaffAuditQuery,
  type StaffChange,
} from '@nebula/contracts';
import type { QueryFn, Session, TxSession } from '../../db/client.js';

export interface StaffActor {
  id: string;
  name: string;
}

export interface StaffAction {
  /** Who acted: the signed-in staff member (an `AuthUser` fits). */
  actor: StaffActor;
  /** `{module}.{verb}`, e.g. `withdrawal.decline`, `chat.mute`, `settings.update`. */
  action: string;
  /** What was acted on; null for an action without one. */
  target: { type: string; id: string } | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown>;
}

const json = (value: Record<string, unknown> | null | undefined): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * Appends one row for `entry` in the caller's transaction `tx` (see the invariants above), announces
 * it for after the commit, and answers its id. Throws on a malformed action name: that is a
 * programming error, not input.
 */
export async function recordStaffAction(tx: Session, entry: StaffAction): Promise<string> {
  if (!STAFF_ACTION_PATTERN.test(entry.action))
    throw new Error(`staff action "${entry.action}" is not {module}.{verb}`);
  // Callers type their transaction's session as a plain Session; it must be a transaction's.
  if (typeof (tx as Partial<TxSession>).afterCommit !== 'function')
    throw new Error('a staff action is recorded inside its own transaction (db.transaction)');
  const rows = await tx.query<{ id: string; created_at: Date | string }>(
    `insert into staff_audit_log (actor_id, actor_name, action, target_type, target_id, before, after, details)
     values ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) returning id::text as id, created_at`,
    [
      entry.actor.id,
      entry.actor.name,
      entry.action,
      entry.target?.type ?? null,
      entry.target?.id ?? null,
      json(entry.before),
      json(entry.after),
      JSON.stringify(entry.details ?? {}),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('the staff audit row was not written');
  const change: StaffChange = {
    id: row.id,
    area: entry.action.slice(0, entry.action.indexOf('.')),
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    by: { _id: entry.actor.id, name: entry.actor.name },
    at: new Date(row.created_at).toISOString(),
  };
  (tx as TxSession).afterCommit(STAFF_CHANGE_TOPIC, change);
  return row.id;
}

interface Row {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  created_at: Date | string;
}

/** jsonb arrives parsed from both drivers; text from a driver that hands it raw is parsed here. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const MAX_ID = 9_223_372_036_854_775_807n;

export type StaffAuditFilter = Omit<StaffAuditQuery, 'limit'> & { limit: number };

/**
 * The newest entries first, `limit` of them, matching every filter given: `actor` (user id),
 * `action` (an action, or a module meaning all its actions), `targetType` / `targetId`, `from`
 * (inclusive) / `to` (exclusive), and `before` (older than that entry id, for paging). `next` is the
 * `before` of the following page, null on the last one.
 */
export async function listStaffActions(
  db: { query: QueryFn },
  filter: StaffAuditFilter,
): Promise<{ entries: StaffAuditEntry[]; next: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.actor) add((p) => `actor_id = ${p}::uuid`, filter.actor);
  if (filter.action) {
    if (STAFF_ACTION_PATTERN.test(filter.action)) add((p) => `action = ${p}`, filter.action);
    else add((p) => `starts_with(action, ${p})`, `${filter.action}.`);
  }
  if (filter.targetType) add((p) => `target_type = ${p}`, filter.targetType);
  if (filter.targetId) add((p) => `target_id = ${p}`, filter.targetId);
  if (filter.from) add((p) => `created_at >= ${p}::timestamptz`, filter.from);
  if (filter.to) add((p) => `created_at < ${p}::timestamptz`, filter.to);
  // Every id is below bigint's maximum, so a larger cursor means "from the newest".
  if (filter.before && BigInt(filter.before) <= MAX_ID) add((p) => `id < ${p}::bigint`, filter.before);
  params.push(filter.limit + 1);
  const rows = await db.query<Row>(
    `select id::text as id, actor_id::text as actor_id, actor_name, action, target_type, target_id,
            before, after, details, created_at
       from staff_audit_log
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by staff_audit_log.id desc limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      actor: { _id: r.actor_id ?? '', name: r.actor_name },
      action: r.action,
      target:
        r.target_type !== null && r.target_id !== null ? { type: r.target_type, id: r.target_id } : null,
      before: parsed(r.before) ?? null,
      after: parsed(r.after) ?? null,
      details: (parsed(r.details) ?? {}) as Record<string, unknown>,
      created_at: new Date(r.created_at).toISOString(),
    })),
    next: rows.length > filter.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
