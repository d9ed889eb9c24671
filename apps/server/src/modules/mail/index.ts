/** Mail module: outgoing e-mail (SMTP or the development outbox), templates, the staff outbox view. */
export { registerMailRoutes as registerMailModule } from './mail.routes.js';
export { createMailer, mailerFor, firstLink, type Mailer, type MailMessage } from './mailer.js';
export { renderActionEmail, escapeHtml, SITE_NAME, type ActionEmail } from './mail-template.js';
export { outboxEndpoint, outboxMailSchema, OUTBOX_LIMIT, type OutboxMail } from './mail.endpoints.js';
export { listOutboxMails, type OutboxRow, type SentVia } from './mail.repository.js';
