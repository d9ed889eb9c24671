import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { OUTBOX_LIMIT, outboxEndpoint } from './mail.endpoints.js';
import { listOutboxMails } from './mail.repository.js';

export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, outboxEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const rows = await listOutboxMails(ctx.database, OUTBOX_LIMIT);
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
    };
  });
}
