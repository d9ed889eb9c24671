/**
 * The back office's notifications (permission `notifications`): the list (by kind, paged), writing one
 * for everyone or a player, withdrawing one. Each change and its staff audit row are one transaction.
 */
import {
  type AdminNotification,
  type adminNotificationCreateSchema,
  type adminNotificationsRequestSchema,
  ErrorCode,
} from '@nebula/contracts';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { findUserByName, PLAYERS } from '../users/index.js';
import { sanitizeNotificationHtml } from './sanitize.js';
import { writeNotification } from './store.js';

type Ctx = Pick<AppContext, 'database'>;
const MAX_ID = 2n ** 63n - 1n;

interface AdminRow {
  id: string;
  kind: AdminNotification['kind'];
  icon: AdminNotification['icon'];
  text: string;
  player: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
  withdrawn_at: Date | string | null;
  created_by: string | null;
  dismissed: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toAdmin = (r: AdminRow): AdminNotification => ({
  id: r.id,
  kind: r.kind,
  icon: r.icon,
  text: sanitizeNotificationHtml(r.text),
  player: r.player,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at),
  withdrawnAt: iso(r.withdrawn_at),
  createdBy: r.created_by,
  dismissed: Number(r.dismissed),
});

const ADMIN_SELECT = `select n.id::text as id, n.kind, n.icon, n.text, p.name as player, n.created_at, n.expires_at,
    n.withdrawn_at, s.name as created_by,
    (select count(*) from notification_dismissals d where d.notification_id = n.id)::int as dismissed
  from notifications n
  left join ${PLAYERS} p on p.id = n.user_id
  left join ${PLAYERS} s on s.id = n.created_by`;

async function adminRow(q: Pick<AppContext['database'], 'query'>, id: string): Promise<AdminNotification> {
  const row = (await q.query<AdminRow>(`${ADMIN_SELECT} where n.id = $1::bigint`, [id]))[0];
  if (!row) throw AppError.notFound('Notification not found.');
  return toAdmin(row);
}

export async function listAdmin(
  ctx: Ctx,
  query: z.output<typeof adminNotificationsRequestSchema>,
): Promise<{ notifications: AdminNotification[]; next: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.kind !== 'all') {
    params.push(query.kind);
    where.push(`n.kind = $${params.length}`);
  }
  if (query.before && BigInt(query.before) <= MAX_ID) {
    params.push(query.before);
    where.push(`n.id < $${params.length}::bigint`);
  }
  params.push(query.limit + 1);
  const rows = await ctx.database.query<AdminRow>(
    `${ADMIN_SELECT} ${where.length ? `where ${where.join(' and ')}` : ''} order by n.id desc limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(toAdmin),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

const fieldError = (path: string, message: string) =>
  new AppError(422, ErrorCode.ValidationFailed, `${path}: ${message}`, [{ path, message }]);

export async function createNotification(
  ctx: Ctx,
  staff: AuthUser,
  input: z.output<typeof adminNotificationCreateSchema>,
): Promise<AdminNotification> {
  const text = sanitizeNotificationHtml(input.text);
  if (text.replace(/<[^>]*>/g, '').trim() === '') throw fieldError('text', 'The text is empty once cleaned.');
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now())
    throw fieldError('expiresAt', 'The expiry must be in the future.');
  let userId: string | null = null;
  if (input.player) {
    const user = await findUserByName(ctx.database, input.player);
    if (!user) throw fieldError('player', `Unknown player ${input.player}.`);
    userId = user.id;
  }
  const id = await ctx.database.transaction(async (tx) => {
    const written = await writeNotification(tx, {
      userId,
      kind: 'staff',
      icon: input.icon,
      text,
      createdBy: staff.id,
      expiresAt: input.expiresAt,
    });
    if (!written) throw new Error('the notification was not written');
    await recordStaffAction(tx, {
      actor: staff,
      action: 'notifications.create',
      target: { type: 'notification', id: written },
      after: { text, icon: input.icon, player: input.player, expiresAt: input.expiresAt },
    });
    return written;
  });
  return adminRow(ctx.database, id);
}

export async function withdrawNotification(
  ctx: Ctx,
  staff: AuthUser,
  id: string,
): Promise<AdminNotification> {
  if (BigInt(id) > MAX_ID) throw AppError.notFound('Notification not found.');
  await ctx.database.transaction(async (tx) => {
    const rows = await tx.query<{ withdrawn_at: Date | null }>(
      'select withdrawn_at from notifications where id = $1::bigint for update',
      [id],
    );
    const row = rows[0];
    if (!row) throw AppError.notFound('Notification not found.');
    if (row.withdrawn_at) throw AppError.conflict('This notification is already withdrawn.', 'withdrawn');
    await tx.query('update notifications set withdrawn_at = now() where id = $1::bigint', [id]);
    await recordStaffAction(tx, {
      actor: staff,
      action: 'notifications.withdraw',
      target: { type: 'notification', id },
      before: { withdrawnAt: null },
      after: { withdrawn: true },
    });
  });
  return adminRow(ctx.database, id);
}
