/** The players' figures the back-office dashboard reads (modules/dashboard). Demo accounts are left out. */
import type { Session } from '../../db/client.js';

/** Players registered per UTC day since `since`. */
export async function newPlayersByDay(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ day: string; count: number }[]> {
  return q.query(
    `select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as count
       from users where not is_demo_account and created_at >= $1 group by 1`,
    [since],
    'users.figures_new',
  );
}

/** Every registered player. */
export async function playerCount(q: Pick<Session, 'query'>): Promise<number> {
  const rows = await q.query<{ count: number }>(
    'select count(*)::int as count from users where not is_demo_account',
    [],
    'users.figures_count',
  );
  return rows[0]?.count ?? 0;
}
