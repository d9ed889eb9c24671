/** The bonus figures the back-office dashboard reads (modules/dashboard). */
import type { Session } from '../../db/client.js';

/**
 * Bonus money per currency since `since`: what was credited (bonuses created) and what was converted
 * to the real balance (bonuses whose wagering was met, closed since then), atomic units.
 */
export async function bonusMoneySince(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ currency: string; credited: string; converted: string }[]> {
  return q.query(
    `select currency,
            coalesce(sum(amount) filter (where created_at >= $1), 0)::text as credited,
            coalesce(sum(closed_amount) filter (where status = 'converted' and closed_at >= $1), 0)::text as converted
       from bonuses where created_at >= $1 or closed_at >= $1 group by currency`,
    [since],
    'bonus.figures_money',
  );
}
