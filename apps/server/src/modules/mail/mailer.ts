import nodemailer from 'nodemailer';
import type { AppContext } from '../../platform/context.js';
import { defineService } from '../../platform/services.js';
import { insertOutboxMail, type SentVia } from './mail.repository.js';
import { mailEnv } from './mail.env.js';

/**
 * Outgoing e-mail. With SMTP_URL mail leaves through nodemailer; without it (development) every
 * mail lands in the `mail_outbox` table, viewable by staff, and its first link is logged.
 * SMTP mail is recorded in the same table for audit, but with its `secrets` (single-use tokens)
 * blanked: staff reading the audit trail must not be able to use a player's reset link.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Values (link tokens) blanked in the audit copy of mail sent over SMTP. */
  secrets?: readonly string[];
}

export interface Mailer {
  readonly via: SentVia;
  /** Sends now; rejects when the SMTP server refuses (the failure is recorded too). */
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait (failures are logged); `close()` waits for these. */
  sendLater(message: MailMessage): void;
  /** Waits for background sends and closes the SMTP connection. Idempotent. */
  close(): Promise<void>;
}

type MailerDeps = Pick<AppContext, 'config' | 'database' | 'log'>;

const REDACTED = '[redacted]';
const LINK = /https?:\/\/[^\s<>"')]+/;

export function firstLink(text: string): string | null {
  return LINK.exec(text)?.[0] ?? null;
}

function redact(value: string, secrets: readonly string[] | undefined): string {
  let out = value;
  for (const secret of secrets ?? []) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

export function createMailer(ctx: MailerDeps): Mailer {
  const { database, log } = ctx;
  const config = { ...mailEnv.of(ctx.config), isProduction: ctx.config.isProduction };
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      })
    : null;
  if (!transport && config.isProduction) {
    log.warn('SMTP_URL is not set: e-mail goes to the database outbox only and never reaches players');
  }
  const pending = new Set<Promise<void>>();
  let closing: Promise<void> | undefined;

  async function sendViaSmtp(t: NonNullable<typeof transport>, message: MailMessage): Promise<void> {
    const audit = {
      to: message.to,
      subject: message.subject,
      text: redact(message.text, message.secrets),
      html: redact(message.html, message.secrets),
      sentVia: 'smtp' as const,
    };
    try {
      await t.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (err) {
      await insertOutboxMail(database, { ...audit, error: String((err as Error).message ?? err) }).catch(
        (e: unknown) => log.error({ err: e }, 'could not record a failed mail'),
      );
      throw err;
    }
    // The mail is out: a failure to record it must not turn the send into an error.
    await insertOutboxMail(database, audit).catch((e: unknown) =>
      log.error({ err: e }, 'could not record a sent mail'),
    );
  }

  async function storeInOutbox(message: MailMessage): Promise<void> {
    const id = await insertOutboxMail(database, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sentVia: 'outbox',
    });
    log.info(
      { mailId: id, to: message.to, subject: message.subject, link: firstLink(message.text) },
      'mail stored in the development outbox (SMTP_URL is not set)',
    );
  }

  const send = (message: MailMessage) =>
    transport ? sendViaSmtp(transport, message) : storeInOutbox(message);

  return {
    via: transport ? 'smtp' : 'outbox',
    send,
    sendLater(message) {
      const job = send(message)
        .catch((err: unknown) =>
          log.error({ err, to: message.to, subject: message.subject }, 'mail not sent'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    close() {
      closing ??= (async () => {
        while (pending.size) await Promise.allSettled([...pending]);
        transport?.close();
      })();
      return closing;
    },
  };
}

/**
 * The one mailer of a server, created at start; the server closes it (waiting for background sends)
 * after the routes stopped and before the database closes.
 */
export const mailerService = defineService('mail.mailer', createMailer, {
  close: (mailer) => mailer.close(),
});
