/** Mail module: outgoing e-mail (SMTP or the development outbox), templates, the staff outbox view. */
import { defineModule } from '../../platform/module.js';
import { mailEnv } from './mail.env.js';
import { registerMailRoutes } from './mail.routes.js';
import { mailerService } from './mailer.js';
export { createMailer, mailerService, firstLink, type Mailer, type MailMessage } from './mailer.js';
export { renderActionEmail, escapeHtml, SITE_NAME, type ActionEmail } from './mail-template.js';
export { listOutboxMails, type OutboxRow, type SentVia } from './mail.repository.js';

export { mailEnv } from './mail.env.js';

export const mailModule = defineModule({
  name: 'mail',
  services: [mailerService],
  register: registerMailRoutes,
  env: mailEnv,
});
