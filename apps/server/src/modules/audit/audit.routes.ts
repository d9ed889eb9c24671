import { staffAuditEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { listStaffActions } from './audit.repository.js';

/** The staff view of the audit log (administrators: the `*` role). */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, staffAuditEndpoint, ({ input }) => listStaffActions(ctx.database, input));
}
