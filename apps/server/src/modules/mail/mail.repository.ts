import type { Database } from '../../db/client.js';

export type SentVia = 'smtp' | 'outbox';

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  sent_via: SentVia;
  error: string | null;
  created_at: Date | string;
}

export interface NewOutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentVia: SentVia;
  error?: string | null;
}

export async function insertOutboxMail(database: Database, row: NewOutboxRow): Promise<string> {
  const rows = await database.query<{ id: string }>(
    `insert into mail_outbox (to_address, subject, text, html, sent_via, error)
     values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
    [row.to, row.subject, row.text, row.html, row.sentVia, row.error ?? null],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('mail_outbox insert returned nothing');
  return id;
}

/** The latest mails, newest first. */
export async function listOutboxMails(database: Database, limit: number): Promise<OutboxRow[]> {
  return database.query<OutboxRow>(
    `select id::text as id, to_address, subject, text, html, sent_via, error, created_at
       from mail_outbox order by mail_outbox.id desc limit $1`,
    [limit],
  );
}
