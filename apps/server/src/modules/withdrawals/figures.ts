/** The withdrawals' figures the back-office dashboard reads (modules/dashboard). */
import type { Session } from '../../db/client.js';

/** Paid (accepted) withdrawals per UTC day (of the decision) and currency since `since`. */
export async function paidWithdrawalsByDay(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ day: string; currency: string; amount: string; count: number }[]> {
  return q.query(
    `select to_char((coalesce(decided_at, updated_at) at time zone 'UTC')::date, 'YYYY-MM-DD') as day, currency,
            sum(amount)::text as amount, count(*)::int as count
       from withdrawals where status = 1 and coalesce(decided_at, updated_at) >= $1
      group by 1, currency`,
    [since],
    'withdrawals.figures_daily',
  );
}

/** The withdrawals waiting in the moderation queue, per currency (atomic amount the players asked for). */
export async function pendingWithdrawalsByCurrency(
  q: Pick<Session, 'query'>,
): Promise<{ currency: string; amount: string; count: number }[]> {
  return q.query(
    `select currency, sum(amount)::text as amount, count(*)::int as count
       from withdrawals where status in (0, 3) group by currency`,
    [],
    'withdrawals.figures_pending',
  );
}
