/** The bonus wheel's figures for the back office's promotions hub (modules/dashboard). */
import type { Session } from '../../db/client.js';

/** Tickets held by all players now, and the spins since `since` with their prizes (USD, 2 places). */
export async function wheelFigures(
  q: Pick<Session, 'query'>,
  since: Date,
): Promise<{ tickets: number; spins: number; paidUsd: string }> {
  const [tickets] = await q.query<{ tickets: string }>(
    'select coalesce(sum(tickets), 0)::text as tickets from wheel_tickets',
    [],
    'wheel.figures_tickets',
  );
  const [spins] = await q.query<{ spins: number; usd: string }>(
    `select count(*)::int as spins, coalesce(sum(usd), 0)::text as usd
       from wheel_spins where created_at >= $1`,
    [since],
    'wheel.figures_spins',
  );
  return { tickets: Number(tickets?.tickets ?? 0), spins: spins?.spins ?? 0, paidUsd: spins?.usd ?? '0' };
}
