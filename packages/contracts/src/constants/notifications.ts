/** Server notifications (spec 2 sections 2-3; decision 0040): icons, limits, the staff permission. */

/** The icons a notification may carry (the web draws each; anything else shows the bell). */
export const NOTIFICATION_ICONS = [
  'bell',
  'info',
  'gift',
  'crown',
  'wallet',
  'megaphone',
  'alert',
  'trophy',
] as const;
export type NotificationIcon = (typeof NOTIFICATION_ICONS)[number];

/** What a notification came from: staff, or one of the system's events. */
export const NOTIFICATION_KINDS = ['staff', 'vip_level_up', 'bonus_credited', 'withdrawal_decided'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The longest notification HTML staff may write. */
export const NOTIFICATION_TEXT_MAX = 2000;
/** How many notifications the strip is given at most (newest first). */
export const NOTIFICATIONS_SHOWN = 20;
/** Rows per page of the back office's list. */
export const ADMIN_NOTIFICATIONS_PAGE = 50;
/** The staff permission of `/admin/notifications`. */
export const NOTIFICATIONS_PERMISSION = 'notifications';
