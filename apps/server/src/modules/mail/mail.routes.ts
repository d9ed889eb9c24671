import { outboxEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { listOutboxMails } from './mail.repository.js';

export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, outboxEndpoint, async ({ input, reply }) => {
    reply.header('cache-control', 'no-store');
    const { rows, next } = await listOutboxMails(ctx.database, input);
    return {
      mails: rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text,
        html: r.html,
        sentVia: r.sent_via,
        error: r.error,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      next,
    };
  });
}
