/**
 * Audit module: the staff audit log. Every staff action (withdrawal decisions, chat moderation,
 * settings changes, back-office actions) appends one row through {@link recordStaffAction}, inside
 * the action's own transaction; administrators read it at POST /api/admin/audit. Other modules read
 * it through {@link listStaffActions} (the chat's moderation view does), never through its table.
 */
import { defineModule } from '../../platform/module.js';
import { registerAuditRoutes } from './audit.routes.js';
export {
  listStaffActions,
  recordStaffAction,
  type StaffAction,
  type StaffActor,
  type StaffAuditFilter,
} from './audit.repository.js';

export const auditModule = defineModule({
  name: 'audit',
  register: registerAuditRoutes,
});
