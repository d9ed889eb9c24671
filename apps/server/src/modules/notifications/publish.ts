/**
 * Live delivery (decision 0040): the leader's job `notifications.publish` sends each new notification,
 * once committed, as `Notification` to its player's channel (`User.{id}`) or to Everyone. It reads rows
 * in (tx, id) order below the oldest running transaction, like the wager stream, so a row written by a
 * transaction that began early and committed late is not skipped. The position is kept in memory: a new
 * leader starts at the head (what was written before is in the list the strip loads anyway).
 */
import { Channels, notificationEvent } from '@nebula/contracts';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { type NotificationRow, ROW_COLUMNS, toNotification } from './store.js';

export const NOTIFICATIONS_PUBLISH_JOB = 'notifications.publish';
export const PUBLISH_INTERVAL_MS = 1_000;
const BATCH = 500;

type PublishContext = Pick<AppContext, 'database' | 'realtime'>;
export interface Position {
  tx: string;
  id: string;
}

/** The head of the notifications (where a new leader starts). */
export async function headPosition(ctx: Pick<AppContext, 'database'>): Promise<Position> {
  const rows = await ctx.database.query<Position>(
    'select tx::text as tx, id::text as id from notifications order by tx desc, id desc limit 1',
  );
  return rows[0] ?? { tx: '0', id: '0' };
}

/** Publishes the notifications committed after `at`; the new position. */
export async function publishAfter(ctx: PublishContext, at: Position): Promise<Position> {
  let position = at;
  for (;;) {
    const rows = await ctx.database.query<NotificationRow & { tx: string; withdrawn: boolean }>(
      `select ${ROW_COLUMNS}, n.tx::text as tx, (n.withdrawn_at is not null) as withdrawn from notifications n
        where (n.tx, n.id) > ($1::xid8, $2::bigint) and n.tx < pg_snapshot_xmin(pg_current_snapshot())
        order by n.tx, n.id limit $3`,
      [position.tx, position.id, BATCH],
      'notifications.after',
    );
    for (const row of rows) {
      if (row.withdrawn) continue;
      ctx.realtime.hub.publish(
        row.user_id ? Channels.user(row.user_id) : Channels.everyone,
        notificationEvent,
        toNotification(row),
      );
    }
    const last = rows.at(-1);
    if (last) position = { tx: last.tx, id: last.id };
    if (rows.length < BATCH) return position;
  }
}

export function notificationsPublishJob(ctx: PublishContext): JobDefinition {
  let at: Position | undefined;
  return {
    name: NOTIFICATIONS_PUBLISH_JOB,
    intervalMs: PUBLISH_INTERVAL_MS,
    runOnElect: true,
    run: async () => {
      at ??= await headPosition(ctx);
      at = await publishAfter(ctx, at);
    },
  };
}
