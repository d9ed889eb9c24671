/** The deposits' figures the back-office dashboard reads (modules/dashboard). */
import type { Session } from '../../db/client.js';

/** Credited deposits per UTC day (of crediting) and currency since `since`: atomic amount and count. */
export async function creditedDepositsByDay(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ day: string; currency: string; amount: string; count: number }[]> {
  return q.query(
    `select to_char((credited_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, currency,
            sum(amount)::text as amount, count(*)::int as count
       from deposits where status = 1 and credited_at >= $1
      group by 1, currency`,
    [since],
    'deposits.figures_daily',
  );
}
