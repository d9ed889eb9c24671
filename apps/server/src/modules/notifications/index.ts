/**
 * Notifications module (issue G7 item 5, decision 0040): server notifications for the global strip
 * (spec 2 sections 2-3): the list a player or guest is shown and dismissing (store.ts), the system's
 * notifications written in the transaction of their event (`notifyLevelUp`, `notifyBonusCredited`,
 * `notifyWithdrawalDecided`), sanitised HTML (sanitize.ts), live delivery by the leader (publish.ts) and
 * the back office's list, write and withdraw (admin.ts, permission `notifications`, audited). Calls:
 * `POST /api/data/notifications`, `/api/data/notifications/dismiss`, `/api/admin/notifications[/create|
 * /withdraw]`, and the banner modal (banner.ts: `POST /api/banner`, setting `notifications.banner`).
 */
import {
  bannerEndpoint,
  adminNotificationCreateEndpoint,
  adminNotificationWithdrawEndpoint,
  adminNotificationsEndpoint,
  dismissNotificationEndpoint,
  notificationsEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { createNotification, listAdmin, withdrawNotification } from './admin.js';
import { bannerOf, bannerSetting } from './banner.js';
import { notificationsPublishJob } from './publish.js';
import { dismiss, notificationsFor } from './store.js';

export {
  type NewNotification,
  dismiss,
  notificationsFor,
  notifyBonusCredited,
  notifyLevelUp,
  notifyWithdrawalDecided,
  writeNotification,
} from './store.js';
export { escapeHtml, sanitizeNotificationHtml } from './sanitize.js';
export { bannerOf, bannerSetting } from './banner.js';
export {
  NOTIFICATIONS_PUBLISH_JOB,
  type Position,
  headPosition,
  notificationsPublishJob,
  publishAfter,
} from './publish.js';

const signedIn = (user: AuthUser | null): AuthUser => {
  if (!user) throw AppError.unauthenticated();
  return user;
};

export const notificationsModule = defineModule({
  name: 'notifications',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, notificationsEndpoint, async ({ user, reply }) => {
      reply.header('cache-control', 'no-store');
      return notificationsFor(ctx.database, user?.id ?? null);
    });
    registerEndpoint(app, bannerEndpoint, () => bannerOf(ctx));
    registerEndpoint(app, dismissNotificationEndpoint, async ({ input, user }) => {
      await dismiss(ctx.database, signedIn(user).id, input.id);
      return { success: true as const };
    });
    registerEndpoint(app, adminNotificationsEndpoint, async ({ input, reply }) => {
      reply.header('cache-control', 'no-store');
      return listAdmin(ctx, input);
    });
    registerEndpoint(app, adminNotificationCreateEndpoint, ({ input, user }) =>
      createNotification(ctx, signedIn(user), input),
    );
    registerEndpoint(app, adminNotificationWithdrawEndpoint, ({ input, user }) =>
      withdrawNotification(ctx, signedIn(user), input.id),
    );
  },
  settings: [bannerSetting],
  jobs: (ctx) => [notificationsPublishJob(ctx)],
});
