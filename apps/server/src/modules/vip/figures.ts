/** VIP figures for the back office's promotions hub (modules/dashboard). */
import type { Session } from '../../db/client.js';

/** How many players stand at each level the programme has folded (levels nobody holds are left out). */
export async function vipPlayersByLevel(
  q: Pick<Session, 'query'>,
): Promise<{ level: number; players: number }[]> {
  return q.query(
    'select level, count(*)::int as players from vip_progress group by level order by level',
    [],
    'vip.figures_levels',
  );
}
