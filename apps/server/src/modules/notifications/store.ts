/**
 * The notifications themselves (decision 0040): the list a player (or a guest) is shown, dismissing, and
 * the system's notifications, written in the transaction of the event they tell of (a VIP level-up, a
 * bonus credited, a withdrawal decided) with a key that makes each once. Their texts are built here
 * from escaped values, and sanitised like everything else.
 */
import {
  NOTIFICATIONS_SHOWN,
  type Notification,
  type NotificationIcon,
  type NotificationKind,
} from '@nebula/contracts';
import { amount as toAmount, toDecimalString } from '@nebula/money';
import type { Database, Session } from '../../db/client.js';
import { currencyDecimals } from '../currencies/index.js';
import { escapeHtml, sanitizeNotificationHtml } from './sanitize.js';

type Querier = Pick<Session, 'query'>;

export interface NotificationRow {
  id: string;
  user_id: string | null;
  kind: NotificationKind;
  icon: NotificationIcon;
  text: string;
  created_at: Date | string;
}

export const ROW_COLUMNS = `n.id::text as id, n.user_id::text as user_id, n.kind, n.icon, n.text, n.created_at`;

export const toNotification = (r: NotificationRow): Notification => ({
  _id: r.id,
  icon: r.icon,
  text: sanitizeNotificationHtml(r.text),
  kind: r.kind,
  createdAt: new Date(r.created_at).toISOString(),
});

/** What a player's strip shows (everyone's for a guest): in force, not dismissed, newest first. */
export async function notificationsFor(q: Querier, userId: string | null): Promise<Notification[]> {
  const rows = userId
    ? await q.query<NotificationRow>(
        `select ${ROW_COLUMNS} from notifications n
          where (n.user_id = $1 or n.user_id is null) and n.withdrawn_at is null
            and (n.expires_at is null or n.expires_at > now())
            and not exists (select 1 from notification_dismissals d
                             where d.user_id = $1 and d.notification_id = n.id)
          order by n.id desc limit $2`,
        [userId, NOTIFICATIONS_SHOWN],
        'notifications.for_user',
      )
    : await q.query<NotificationRow>(
        `select ${ROW_COLUMNS} from notifications n
          where n.user_id is null and n.withdrawn_at is null and (n.expires_at is null or n.expires_at > now())
          order by n.id desc limit $1`,
        [NOTIFICATIONS_SHOWN],
        'notifications.for_guest',
      );
  return rows.map(toNotification);
}

/** Dismisses notification `id` (one the player can see) or all they can see now. Idempotent. */
export async function dismiss(database: Pick<Database, 'query'>, userId: string, id: string): Promise<void> {
  await database.query(
    `insert into notification_dismissals (user_id, notification_id)
     select $1, n.id from notifications n
      where (n.user_id = $1 or n.user_id is null) and ($2::bigint is null or n.id = $2::bigint)
     on conflict do nothing`,
    [userId, id === 'all' ? null : id],
  );
}

export interface NewNotification {
  userId: string | null;
  kind: NotificationKind;
  icon: NotificationIcon;
  /** HTML; sanitised here. */
  text: string;
  /** Makes a system notification once (e.g. `vip:{user}:{level}`). */
  key?: string;
  createdBy?: string | null;
  expiresAt?: string | null;
}

/** Writes a notification in the caller's transaction; its id, or null when its key was written before. */
export async function writeNotification(tx: Querier, n: NewNotification): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `insert into notifications (user_id, kind, icon, text, key, created_by, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7::timestamptz)
     on conflict (key) where key is not null do nothing
     returning id::text as id`,
    [
      n.userId,
      n.kind,
      n.icon,
      sanitizeNotificationHtml(n.text),
      n.key ?? null,
      n.createdBy ?? null,
      n.expiresAt ?? null,
    ],
    'notifications.write',
  );
  return rows[0]?.id ?? null;
}

const amountText = (atomic: bigint | string, decimals: number, currency: string) =>
  `<b>${escapeHtml(toDecimalString(toAmount(BigInt(atomic)), decimals))} ${escapeHtml(currency.toUpperCase())}</b>`;

/** The VIP module's level-up (in its delivery transaction). */
export async function notifyLevelUp(
  tx: Querier,
  e: { userId: string; level: number; name: string; bonus: { currency: string; amount: string } | null },
): Promise<void> {
  const bonus = e.bonus
    ? ` Your level-up bonus of <b>${escapeHtml(e.bonus.amount)} ${escapeHtml(e.bonus.currency.toUpperCase())}</b> was added to your balance.`
    : '';
  await writeNotification(tx, {
    userId: e.userId,
    kind: 'vip_level_up',
    icon: 'crown',
    text: `Congratulations! You reached VIP level ${e.level}: <b>${escapeHtml(e.name)}</b>.${bonus}`,
    key: `vip:${e.userId}:${e.level}`,
  });
}

/** A bonus credited (in the transaction that credits it). */
export async function notifyBonusCredited(
  tx: Querier,
  e: { userId: string; bonusId: string; currency: string; amount: bigint },
): Promise<void> {
  const decimals = (await currencyDecimals(tx, [e.currency])).get(e.currency) ?? 8;
  await writeNotification(tx, {
    userId: e.userId,
    kind: 'bonus_credited',
    icon: 'gift',
    text: `A bonus of ${amountText(e.amount, decimals, e.currency)} was credited to your bonus balance. <a href="/promotions">See its wagering</a>`,
    key: `bonus:${e.bonusId}`,
  });
}

/** A withdrawal accepted or declined by staff (in the decision's transaction). */
export async function notifyWithdrawalDecided(
  tx: Querier,
  e: {
    userId: string;
    withdrawalId: string;
    currency: string;
    amount: string;
    decimals: number;
    accepted: boolean;
    reason?: string;
  },
): Promise<void> {
  const sum = amountText(e.amount, e.decimals, e.currency);
  await writeNotification(tx, {
    userId: e.userId,
    kind: 'withdrawal_decided',
    icon: e.accepted ? 'wallet' : 'alert',
    text: e.accepted
      ? `Your withdrawal of ${sum} was approved and sent.`
      : `Your withdrawal of ${sum} was declined${e.reason ? `: ${escapeHtml(e.reason)}` : ''}. The amount is back in your balance.`,
    key: `withdrawal:${e.withdrawalId}`,
  });
}
