/** Rakeback figures for the back office's promotions hub (modules/dashboard). */
import type { Session } from '../../db/client.js';
import { ACCRUAL_SCALE } from './accrual.js';

/**
 * Per currency, atomic units: the rakeback accrued on the UTC days from `sinceDay` (YYYY-MM-DD; the
 * exact accrual floored to whole units) and what was paid out (claims and settlements) since `since`.
 */
export async function rakebackFigures(
  q: Pick<Session, 'query'>,
  since: Date,
  sinceDay: string,
): Promise<{ currency: string; accrued: string; paid: string }[]> {
  return q.query(
    `select currency, sum(accrued)::text as accrued, sum(paid)::text as paid from (
        select currency, div(coalesce(sum(accrued), 0), $3::numeric) as accrued, 0::numeric as paid
          from rakeback_accruals where day >= $2::date group by currency
        union all
        select currency, 0, coalesce(sum(amount), 0)
          from rakeback_payments where created_at >= $1 group by currency
      ) f group by currency order by currency`,
    [since, sinceDay, ACCRUAL_SCALE.toString()],
    'rakeback.figures',
  );
}
