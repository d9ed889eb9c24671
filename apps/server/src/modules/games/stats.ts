/**
 * Bet statistics per player, game, currency and mode (`game_stats`, read by the profile), kept by a
 * consumer of the wager stream (modules/wagers/stream.ts): each settled wager of every product is added
 * once, after its commit, in the delivery transaction that moves the consumer's position.
 */
import type { Session } from '../../db/client.js';
import type { WagerConsumer } from '../wagers/index.js';

const ADD_SQL = `insert into game_stats as s (user_id, game, currency, demo, bets, wins, wagered, payout, profit,
    wagered_usd, updated_at)
  select user_id, game, currency, demo, count(*), count(*) filter (where payout > wager), sum(wager), sum(payout),
    sum(profit), coalesce(sum(wager_usd), 0), now()
    from bets where id = any($1::bigint[])
   group by user_id, game, currency, demo
  on conflict (user_id, game, currency, demo) do update set
    bets = s.bets + excluded.bets, wins = s.wins + excluded.wins, wagered = s.wagered + excluded.wagered,
    payout = s.payout + excluded.payout, profit = s.profit + excluded.profit,
    wagered_usd = s.wagered_usd + excluded.wagered_usd, updated_at = excluded.updated_at`;

/**
 * A player's totals over their settled real-money bets of every game: wagered in USD (rounded to the
 * cent, as a decimal string) and the number of bets. One row per game and currency is summed, so this
 * stays cheap however many bets the player has.
 */
export async function playerTotals(
  q: Pick<Session, 'query'>,
  userId: string,
): Promise<{ wageredUsd: string; bets: number }> {
  const rows = await q.query<{ wagered: string; bets: number }>(
    `select coalesce(round(sum(wagered_usd), 2), 0)::text as wagered, coalesce(sum(bets), 0)::int as bets
       from game_stats where user_id = $1 and not demo`,
    [userId],
  );
  return { wageredUsd: rows[0]?.wagered ?? '0', bets: rows[0]?.bets ?? 0 };
}

export const gameStatsConsumer: WagerConsumer = {
  name: 'games.stats',
  async apply(tx, wagers) {
    await tx.query(ADD_SQL, [wagers.map((w) => w.id)], 'games.stats_add');
  },
};
