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

const MAX_ID = 9_223_372_036_854_775_807n;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The newest mails first, `limit` of them: those whose recipient or subject contains `search` (any
 * case), only failed ones with `failed`, older than mail `before` (paging). `next` is the `before` of
 * the following page, null on the last one.
 */
export async function listOutboxMails(
  database: Pick<Database, 'query'>,
  query: {
    search?: string | undefined;
    failed?: boolean | undefined;
    before?: string | undefined;
    limit: number;
  },
): Promise<{ rows: OutboxRow[]; next: string | null }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (query.search)
    add((p) => `(to_address ilike ${p} or subject ilike ${p})`, `%${likeLiteral(query.search)}%`);
  if (query.failed) where.push('error is not null');
  // Every id is below bigint's maximum, so a larger cursor means "from the newest".
  if (query.before && BigInt(query.before) <= MAX_ID) add((p) => `id < ${p}::bigint`, query.before);
  params.push(query.limit + 1);
  const rows = await database.query<OutboxRow>(
    `select id::text as id, to_address, subject, text, html, sent_via, error, created_at
       from mail_outbox ${where.length ? `where ${where.join(' and ')}` : ''}
      order by mail_outbox.id desc limit $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  return { rows: page, next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
