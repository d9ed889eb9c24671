import { defineEndpoint, policy } from '@nebula/contracts';
import { z } from 'zod';

/** Kept with the module until the back office takes it into packages/contracts. */
export const OUTBOX_LIMIT = 50;

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

export const outboxEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/outbox',
  request: z.object({}).strict(),
  response: z.object({ mails: z.array(outboxMailSchema) }),
  policy: policy.permission('dashboard'),
  summary: `The latest ${OUTBOX_LIMIT} e-mails (newest first): the development outbox and the SMTP audit trail.`,
});
