/**
 * Race standings: USD wagered in real bets per player and week, without touching the bet's own path.
 *
 * `race_wagers` holds the sums of the bets the race's consumer of the wager stream has applied
 * ({@link raceConsumer}, modules/wagers/stream.ts): each settled wager of every product is folded once,
 * in the delivery transaction that moves the consumer's position. The standings add the wagers past
 * that position straight from `bets` (the short (tx, id) range at the head of the stream), in the same
 * snapshot as `race_wagers`, so they are always current, count nothing twice and miss nothing. The
 * payout never relies on this: a closed week's prizes are computed from `bets` directly (payout.ts).
 */
import type { Database, Session } from '../../db/client.js';
import { RACE_PAID_PLACES } from '@nebula/contracts';
import { type WagerConsumer, consumerPosition } from '../wagers/index.js';
import { raceWeekBounds } from './week.js';
import { PLAYERS } from '../users/index.js';
import { notBlocked } from '../protection/index.js';

/** Real bets that count for the race: not demo, with a USD value above zero. */
export const RACE_BET_FILTER = 'not demo and wager_usd > 0';

/** The race's consumer of the wager stream (its position names the wagers already folded). */
export const RACE_CONSUMER = 'race.standings';

/** Folds a batch of settled wagers into `race_wagers` (in the stream's delivery transaction). */
export const raceConsumer: WagerConsumer = {
  name: RACE_CONSUMER,
  async apply(tx, wagers) {
    await tx.query(
      `insert into race_wagers as r (week, user_id, wager_usd, last_bet_id)
       select (date_trunc('week', created_at at time zone 'UTC'))::date, user_id, sum(wager_usd), max(id)
         from bets
        where id = any($1::bigint[]) and ${RACE_BET_FILTER}
        group by 1, 2
       on conflict (week, user_id) do update set
         wager_usd = r.wager_usd + excluded.wager_usd,
         last_bet_id = greatest(r.last_bet_id, excluded.last_bet_id)`,
      [wagers.map((w) => w.id)],
      'race.fold',
    );
  },
};

/** One player's standing. */
export interface StandingRow {
  user_id: string;
  wager_usd: string;
  name: string;
  avatar: string | null;
  private_bets: boolean;
}

/** The consumer's position: the last wager folded into `race_wagers`, in stream order. */
interface Mark {
  tx: string;
  id: string;
}

/**
 * Runs `fn` with the race consumer's position, in one snapshot (REPEATABLE READ) with `race_wagers`, so
 * a fold committing meanwhile can never count a wager twice or not at all.
 */
function withMark<T>(database: Database, fn: (tx: Session, mark: Mark) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    return fn(tx, await consumerPosition(tx, RACE_CONSUMER));
  });
}

/** The wagers past the consumer's position (`$5` its tx, `$6` its id): not folded yet. */
const UNFOLDED = 'tx is not null and (tx, id) > ($5::xid8, $6::bigint)';

/**
 * The top `limit` players of `week` by USD wagered (ties: whoever reached the total first), current
 * to the last committed bet. Only the top of `race_wagers` (with ties at the cut) and the players with
 * wagers past the consumer's position are candidates: everyone else keeps a folded total at or below
 * the cut.
 */
export async function raceStandings(
  database: Database,
  week: string,
  limit: number = RACE_PAID_PLACES,
): Promise<StandingRow[]> {
  const { start, end } = raceWeekBounds(week);
  return withMark(database, (tx, mark) =>
    tx.query<StandingRow>(
      `with tail as (
         select user_id, sum(wager_usd) as wager_usd, max(id) as last_bet_id from bets
          where ${UNFOLDED} and ${RACE_BET_FILTER}
            and created_at >= $2::timestamptz and created_at < $3::timestamptz
          group by user_id),
       cut as (
         select wager_usd from race_wagers where week = $1::date
          order by wager_usd desc offset $4::int - 1 limit 1),
       candidates as (
         select user_id from race_wagers
          where week = $1::date and wager_usd >= coalesce((select wager_usd from cut), 0)
         union
         select user_id from tail),
       totals as (
         select c.user_id, coalesce(r.wager_usd, 0) + coalesce(t.wager_usd, 0) as wager_usd,
                greatest(r.last_bet_id, t.last_bet_id) as last_bet_id
           from candidates c
           left join race_wagers r on r.week = $1::date and r.user_id = c.user_id
           left join tail t on t.user_id = c.user_id)
       select t.user_id::text as user_id, t.wager_usd::text as wager_usd, u.name, u.avatar, u.private_bets
         from totals t join ${PLAYERS} u on u.id = t.user_id
        where t.wager_usd > 0
        order by t.wager_usd desc, t.last_bet_id asc, t.user_id
        limit $4::int`,
      [week, start.toISOString(), end.toISOString(), limit, mark.tx, mark.id],
    ),
  );
}

/** The USD `userId` wagered in real bets during `week` (folded total plus the wagers not folded yet). */
export async function raceWagerOf(database: Database, week: string, userId: string): Promise<string> {
  const { start, end } = raceWeekBounds(week);
  const rows = await withMark(database, (tx, mark) =>
    tx.query<{ total: string }>(
      `select (coalesce((select wager_usd from race_wagers where week = $1::date and user_id = $2), 0)
             + coalesce((select sum(wager_usd) from bets
                          where user_id = $2 and ${UNFOLDED} and ${RACE_BET_FILTER}
                            and created_at >= $3::timestamptz and created_at < $4::timestamptz), 0))::text as total`,
      [week, userId, start.toISOString(), end.toISOString(), mark.tx, mark.id],
    ),
  );
  return rows[0]?.total ?? '0';
}

/**
 * The final top `limit` of a closed week, computed from `bets` alone (the authoritative source the
 * prizes are paid from; `race_wagers` is only the live view). A player on a time-out or self-excluded
 * when the week is settled takes no place (player protection: promotions skip a blocked player), so
 * the prize goes to the next.
 */
export async function finalRaceStandings(
  database: Pick<Database, 'query'>,
  week: string,
  limit: number = RACE_PAID_PLACES,
): Promise<{ user_id: string; wager_usd: string }[]> {
  const { start, end } = raceWeekBounds(week);
  return database.query(
    `select user_id::text as user_id, sum(wager_usd)::text as wager_usd from bets
      where ${RACE_BET_FILTER} and created_at >= $1::timestamptz and created_at < $2::timestamptz
      group by user_id
      having ${notBlocked('bets.user_id')}
      order by sum(wager_usd) desc, max(id) asc, user_id
      limit $3`,
    [start.toISOString(), end.toISOString(), limit],
  );
}
