/**
 * The protection record's rows (migration 0027): reading and locking a player's row, the pending
 * changes, the append-only history. Every write runs in the caller's transaction after
 * {@link lockRecord}, which serialises one player's changes (and their guarded stakes and deposits).
 */
import type { Session } from '../../db/client.js';

type Querier = Pick<Session, 'query'>;

/** A limit in force as stored: the amount as entered, its unit, its value in the counters' scale. */
export interface StoredLimit {
  amount: string;
  currency: string;
  /** USD (decimal) for `usd`, atomic units of the currency otherwise. */
  value: string;
  since: string;
}

export interface ProtectionRow {
  user_id: string;
  limits: Record<string, StoredLimit>;
  session_limit_minutes: number | null;
  reality_check_seconds: number | null;
  block_type: 'time_out' | 'self_exclusion' | null;
  block_duration: string | null;
  block_since: Date | null;
  block_until: Date | null;
  block_lifted_at: Date | null;
  guarded: boolean;
  deposit_guarded: boolean;
  session_started_at: Date | null;
  session_seen_at: Date | null;
}

const COLUMNS = `user_id::text as user_id, limits, session_limit_minutes, reality_check_seconds, block_type,
  block_duration, block_since, block_until, block_lifted_at, guarded, deposit_guarded, session_started_at,
  session_seen_at`;

/** The row of a player who never changed anything. */
export const emptyRow = (userId: string): ProtectionRow => ({
  user_id: userId,
  limits: {},
  session_limit_minutes: null,
  reality_check_seconds: null,
  block_type: null,
  block_duration: null,
  block_since: null,
  block_until: null,
  block_lifted_at: null,
  guarded: false,
  deposit_guarded: false,
  session_started_at: null,
  session_seen_at: null,
});

/** The player's row, or the empty one (no lock). */
export async function readRecord(q: Querier, userId: string): Promise<ProtectionRow> {
  const rows = await q.query<ProtectionRow>(
    `select ${COLUMNS} from player_protection where user_id = $1::uuid`,
    [userId],
  );
  return rows[0] ?? emptyRow(userId);
}

/** The rows of those of `userIds` who have one (no lock). */
export async function readRecords(q: Querier, userIds: readonly string[]): Promise<ProtectionRow[]> {
  if (userIds.length === 0) return [];
  return q.query<ProtectionRow>(`select ${COLUMNS} from player_protection where user_id = any($1::uuid[])`, [
    [...userIds],
  ]);
}

/** Creates the row when missing and locks it until the transaction ends. */
export async function lockRecord(tx: Querier, userId: string): Promise<ProtectionRow> {
  await tx.query(
    'insert into player_protection (user_id) values ($1::uuid) on conflict (user_id) do nothing',
    [userId],
  );
  const rows = await tx.query<ProtectionRow>(
    `select ${COLUMNS} from player_protection where user_id = $1::uuid for update`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`protection row of ${userId} vanished`);
  return row;
}

/** Locks the existing rows of `userIds` (ascending id order, so two batches never deadlock). */
export async function lockRecords(
  tx: Querier,
  userIds: readonly string[],
): Promise<Map<string, ProtectionRow>> {
  const rows = await tx.query<ProtectionRow>(
    `select ${COLUMNS} from player_protection where user_id = any($1::uuid[]) order by user_id for update`,
    [[...new Set(userIds)]],
    'protection.lock_many',
  );
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** Whether a loss or wager limit or a session limit is in force (stakes are then judged in their transaction). */
export function isGuarded(row: Pick<ProtectionRow, 'limits' | 'session_limit_minutes'>): boolean {
  return (
    row.session_limit_minutes !== null ||
    Object.keys(row.limits).some((k) => k.startsWith('loss:') || k.startsWith('wager:'))
  );
}

export function isDepositGuarded(row: Pick<ProtectionRow, 'limits'>): boolean {
  return Object.keys(row.limits).some((k) => k.startsWith('deposit:'));
}

/** Writes what is in force (limits, session limit, reality check, block) and the derived flags. */
export async function saveRecord(tx: Querier, row: ProtectionRow, at: Date): Promise<void> {
  await tx.query(
    `update player_protection set limits = $2::jsonb, session_limit_minutes = $3, reality_check_seconds = $4,
       block_type = $5, block_duration = $6, block_since = $7, block_until = $8, block_lifted_at = $9,
       guarded = $10, deposit_guarded = $11, updated_at = $12
     where user_id = $1::uuid`,
    [
      row.user_id,
      JSON.stringify(row.limits),
      row.session_limit_minutes,
      row.reality_check_seconds,
      row.block_type,
      row.block_duration,
      row.block_since,
      row.block_until,
      row.block_lifted_at,
      isGuarded(row),
      isDepositGuarded(row),
      at,
    ],
  );
}

// --- pending changes ------------------------------------------------------------------------------

export interface PendingRow {
  id: string;
  target: string;
  from_value: unknown;
  to_value: unknown;
  requested_at: Date;
  applies_at: Date;
}

export async function pendingOf(q: Querier, userId: string): Promise<PendingRow[]> {
  return q.query<PendingRow>(
    `select id::text as id, target, from_value, to_value, requested_at, applies_at
       from protection_pending where user_id = $1::uuid order by requested_at, id`,
    [userId],
  );
}

export async function dropPending(tx: Querier, userId: string, target: string): Promise<PendingRow | null> {
  const rows = await tx.query<PendingRow>(
    `delete from protection_pending where user_id = $1::uuid and target = $2
     returning id::text as id, target, from_value, to_value, requested_at, applies_at`,
    [userId, target],
  );
  return rows[0] ?? null;
}

export async function addPending(
  tx: Querier,
  userId: string,
  p: { target: string; from: unknown; to: unknown; requestedAt: Date; appliesAt: Date },
): Promise<string> {
  const rows = await tx.query<{ id: string }>(
    `insert into protection_pending (user_id, target, from_value, to_value, requested_at, applies_at)
     values ($1::uuid, $2, $3::jsonb, $4::jsonb, $5, $6) returning id::text as id`,
    [userId, p.target, JSON.stringify(p.from), JSON.stringify(p.to), p.requestedAt, p.appliesAt],
  );
  return rows[0]!.id;
}

// --- history -------------------------------------------------------------------------------------

export interface HistoryEntry {
  action: string;
  target: string;
  from: string | null;
  to: string | null;
  by: 'player' | 'staff' | 'system';
  actorId?: string | null;
  requestId?: string | null;
  pendingId?: string | null;
}

export async function appendHistory(tx: Querier, userId: string, at: Date, e: HistoryEntry): Promise<void> {
  await tx.query(
    `insert into protection_history (user_id, at, action, target, from_text, to_text, by, actor_id, request_id,
       pending_id)
     values ($1::uuid, $2, $3, $4, $5, $6, $7, $8::uuid, $9, $10::bigint)`,
    [
      userId,
      at,
      e.action,
      e.target,
      e.from,
      e.to,
      e.by,
      e.actorId ?? null,
      e.requestId ?? null,
      e.pendingId ?? null,
    ],
  );
}

export interface HistoryRow {
  id: string;
  at: Date;
  action: string;
  target: string;
  from_text: string | null;
  to_text: string | null;
  by: 'player' | 'staff' | 'system';
}

export async function historyOf(q: Querier, userId: string, limit = 100): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `select id::text as id, at, action, target, from_text, to_text, by from protection_history
      where user_id = $1::uuid order by id desc limit $2`,
    [userId, limit],
  );
}

/** Whether the history already has the request `requestId` of this player (a retry). */
export async function hasRequest(q: Querier, userId: string, requestId: string): Promise<boolean> {
  const rows = await q.query(
    'select 1 from protection_history where user_id = $1::uuid and request_id = $2',
    [userId, requestId],
  );
  return rows.length > 0;
}

/** The history action that ended pending change `pendingId` (confirmed or cancelled), if any. */
export async function pendingOutcome(q: Querier, userId: string, pendingId: string): Promise<string | null> {
  const rows = await q.query<{ action: string }>(
    `select action from protection_history where user_id = $1::uuid and pending_id = $2::bigint
      and action in ('change_confirmed', 'change_cancelled', 'change_replaced') order by id desc limit 1`,
    [userId, pendingId],
  );
  return rows[0]?.action ?? null;
}
