/**
 * Audit module: the staff audit log. Every staff action (withdrawal decisions, chat moderation,
 * settings changes, back-office actions) appends one row through {@link recordStaffAction}, inside
 * the action's own transaction; administrators read it at POST /api/admin/audit. Other modules read
 * it through {@link listStaffActions} (the chat's moderation view does), never through its table.
 *
 * Live back office (decision 0046): once the action's transaction committed, its row is published as
 * `StaffChange` on the `Staff` channel (through the realtime bus, so every node's staff hear it);
 * only staff members (a role with any active permission, or `*`) may subscribe to that channel.
 */
import { Channels, staffChangeEvent, type StaffChange } from '@nebula/contracts';
import type { AuthUser } from '../../platform/context.js';
import { defineModule } from '../../platform/module.js';
import { registerAuditRoutes } from './audit.routes.js';
import { STAFF_CHANGE_TOPIC } from './audit.repository.js';
export {
  listStaffActions,
  recordStaffAction,
  STAFF_CHANGE_TOPIC,
  type StaffAction,
  type StaffActor,
  type StaffAuditFilter,
} from './audit.repository.js';

/** A staff member: the administrator role, or a role granting any active permission (players hold none). */
export function isStaff(user: AuthUser): boolean {
  return (
    user.roles.includes('*') || Object.values(user.permissions).some((types) => types.includes('active'))
  );
}

export const auditModule = defineModule({
  name: 'audit',
  channels: [
    {
      name: 'staff changes (Staff)',
      matches: (channel) => channel === Channels.staff,
      canHear: (_channel, who) => who.user !== null && isStaff(who.user),
    },
  ],
  register: (app, ctx) => {
    ctx.database.onCommitted(STAFF_CHANGE_TOPIC, (data) =>
      ctx.realtime.hub.publish(Channels.staff, staffChangeEvent, data as StaffChange),
    );
    registerAuditRoutes(app, ctx);
  },
});
