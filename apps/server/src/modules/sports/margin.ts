/**
 * The house edge of settled sports bets, from the margins of their legs' markets (for rakeback,
 * decision 0040: the wager record of a sports bet carries no edge of its own). A market's odds are the
 * fair odds over (1 + margin), so a leg returns 1 / (1 + m) of the stake on average and a bet of legs
 * returns the product of those: the edge is 1 minus it, in basis points, rounded down.
 */
import type { Session } from '../../db/client.js';

/** The edge in basis points of a bet whose legs' markets have the margins `marginsBps`. */
export function edgeOfMargins(marginsBps: readonly number[]): number {
  if (marginsBps.length === 0) return 0;
  let num = 1n;
  let den = 1n;
  for (const m of marginsBps) {
    num *= 10_000n;
    den *= 10_000n + BigInt(Math.max(0, m));
  }
  // 10_000 x (1 - num / den), rounded down.
  return Number((10_000n * (den - num)) / den);
}

/** The edge (basis points) of each sports bet of `betIds` (the wager records' `reference`). */
export async function sportsEdgeBps(
  tx: Pick<Session, 'query'>,
  betIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(betIds)].filter((id) => /^\d{1,18}$/.test(id));
  if (ids.length === 0) return new Map();
  const rows = await tx.query<{ bet_id: string; margins: number[] }>(
    `select l.bet_id::text as bet_id, array_agg(m.margin_bps order by l.leg) as margins
       from sport_bet_legs l join sport_markets m on m.id = l.market_id
      where l.bet_id = any($1::bigint[])
      group by l.bet_id`,
    [ids],
    'sports.edge_of_bets',
  );
  return new Map(rows.map((r) => [r.bet_id, edgeOfMargins(r.margins.map(Number))]));
}
