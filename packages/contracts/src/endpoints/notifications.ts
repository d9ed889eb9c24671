import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { defineEvent } from '../realtime.js';
import {
  ADMIN_NOTIFICATIONS_PAGE,
  NOTIFICATION_ICONS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT_MAX,
  NOTIFICATIONS_PERMISSION,
} from '../constants/notifications.js';
import { emptyRequest } from './platform.js';

export * from '../constants/notifications.js';

/**
 * Server notifications (spec 2 sections 2-3 "Notification: _id, icon, text"; spec 3 section 7
 * `POST /api/data/notifications`; decision 0040): the global notification strip lists them, each with an
 * icon and an HTML text (sanitised by the server when written and again when served). Staff write them
 * for everyone or one player (`/admin/notifications`, permission `notifications`, audited); the system
 * writes them for a VIP level-up, a bonus credited and a withdrawal decided. A player dismisses one (or
 * all); a new one reaches the strip live (`Notification` on the player's channel, or on Everyone).
 */
export const notificationSchema = z.object({
  _id: z.string(),
  icon: z.enum(NOTIFICATION_ICONS),
  /** Sanitised HTML. */
  text: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/notifications',
  request: emptyRequest,
  response: z.array(notificationSchema),
  // A guest sees the notifications for everyone.
  policy: policy.public,
  summary: "The caller's notifications not dismissed yet, newest first (everyone's for a guest).",
});

export const dismissNotificationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/notifications/dismiss',
  request: z
    .object({ id: z.union([z.literal('all'), z.string().regex(/^\d{1,18}$/, 'A notification id.')]) })
    .strict(),
  response: z.object({ success: z.literal(true) }),
  policy: policy.user,
  summary: 'Marks one notification (or all) as dismissed: the strip no longer shows it.',
});

export const adminNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  icon: z.enum(NOTIFICATION_ICONS),
  text: z.string(),
  /** The player it is for (their name), or null: everyone. */
  player: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** How many players dismissed it. */
  dismissed: z.number().int(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationsRequestSchema = z
  .object({
    kind: z.enum(['all', ...NOTIFICATION_KINDS]).default('staff'),
    limit: z.number().int().min(1).max(ADMIN_NOTIFICATIONS_PAGE).default(ADMIN_NOTIFICATIONS_PAGE),
    /** Notifications older than this id (the `next` of the previous page). */
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'A notification id.')
      .optional(),
  })
  .strict();

export const adminNotificationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/notifications',
  request: adminNotificationsRequestSchema,
  response: z.object({ notifications: z.array(adminNotificationSchema), next: z.string().nullable() }),
  policy: policy.permission(NOTIFICATIONS_PERMISSION),
  summary: 'The notifications, newest first (staff-written by default).',
});

export const adminNotificationCreateSchema = z
  .object({
    /** HTML: bold, italics, links and line breaks are kept, anything else is removed. */
    text: z.string().trim().min(1).max(NOTIFICATION_TEXT_MAX),
    icon: z.enum(NOTIFICATION_ICONS).default('megaphone'),
    /** A player's name, or null for everyone. */
    player: z.string().trim().min(1).max(64).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict();
export type AdminNotificationCreate = z.input<typeof adminNotificationCreateSchema>;

export const adminNotificationCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/notifications/create',
  request: adminNotificationCreateSchema,
  response: adminNotificationSchema,
  policy: policy.permission(NOTIFICATIONS_PERMISSION),
  summary: 'Writes a notification for everyone or one player (audited); it reaches their strip live.',
});

export const adminNotificationWithdrawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/notifications/withdraw',
  request: z.object({ id: z.string().regex(/^\d{1,18}$/, 'A notification id.') }).strict(),
  response: adminNotificationSchema,
  policy: policy.permission(NOTIFICATIONS_PERMISSION),
  summary: 'Withdraws a notification: no strip shows it any more (audited).',
});

/** A new notification for the channel's player (their `User.{id}` channel, or Everyone). */
export const notificationEvent = defineEvent('Notification', notificationSchema);

/**
 * The banner modal (spec 3 sections 3 and 7: `POST /api/banner` → enabled, image, title, content): one
 * operator announcement shown in a dialog when enabled (setting `notifications.banner`); `content` is
 * sanitised HTML like a notification's. The web shows each version of it once per browser.
 */
export const bannerSchema = z.object({
  enabled: z.boolean(),
  /** An image URL (https or a site path), or ''. */
  image: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/banner',
  request: emptyRequest,
  response: bannerSchema,
  policy: policy.public,
  summary: 'The banner modal: whether it is on, its image, title and HTML content.',
});
