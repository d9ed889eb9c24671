/** The mailer's environment keys (decision 0013): SMTP_URL (unset: the database outbox only) and MAIL_FROM. */
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export const mailEnv = defineEnv(
  {
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Nebula Casino <no-reply@localhost>'),
  },
  (e) => ({ smtpUrl: e.SMTP_URL, mailFrom: e.MAIL_FROM }),
);
