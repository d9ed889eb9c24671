import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';

/**
 * The mail outbox (back office `/admin/outbox`): every e-mail the platform sent, newest first. Without
 * SMTP (development, the embedded start) it is where the mails go, verification links included; with
 * SMTP it is the audit trail of what was sent and whether it failed.
 */

/** Mails per page at most (and by default). */
export const OUTBOX_PAGE = 50;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentVia: z.enum(['smtp', 'outbox']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxRequestSchema = z
  .object({
    /** Part of the recipient's address or of the subject, any case. */
    search: z.string().trim().max(120).optional(),
    /** Only mails that failed to send (SMTP errors). */
    failed: z.boolean().optional(),
    limit: z.number().int().min(1).max(OUTBOX_PAGE).default(OUTBOX_PAGE),
    /** Mails older than this mail id (the `next` of the previous page). */
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'A mail id.')
      .optional(),
  })
  .strict();
export type OutboxQuery = z.output<typeof outboxRequestSchema>;

export const outboxEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/outbox',
  request: outboxRequestSchema,
  response: z.object({
    mails: z.array(outboxMailSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next: z.string().nullable(),
  }),
  policy: policy.permission('dashboard'),
  summary:
    'The e-mails the platform sent, newest first, searchable by recipient or subject (the development outbox and the SMTP audit trail).',
});
