/**
 * Race standings: USD wagered in real bets per player and week, without touching the bet's own path.
 *
 * `race_wagers` holds the sums of the bets with ids up to `race_progress.last_bet_id` (the mark); the
 * leader's `race.aggregate` job folds the next bets into it in id order ({@link foldRaceWagers}), in
 * one transaction with the mark, so a bet is folded at most once. The standings add the bets above
 * the mark straight from `bets` (a short range of the primary key), so they are always current and
 * cheap: the top of `race_wagers` comes from its (week, wager_usd) index.
 *
 * The fold only moves the mark up to bets older than {@link FOLD_MARGIN_SECONDS}, so that a bet whose
 * id was taken earlier but whose row commits later is still above the mark. The payout never relies
 * on this: a closed week's prizes are computed from `bets` directly (payout.ts).
 */
import type { Database, Session } from '../../db/client.js';
import { RACE_PAID_PLACES } from '@nebula/contracts';
import { raceWeekBounds } from './week.js';

/** Bets younger than this (seconds) are not folded yet. */
export const FOLD_MARGIN_SECONDS = 120;
/** Bets folded per run at most (the next run goes on). */
export const FOLD_BATCH = 50_000;

/** Real bets that count for the race: not demo, with a USD value above zero. */
export const RACE_BET_FILTER = 'not demo and wager_usd > 0';

export interface FoldResult {
  /** The mark before and after this run (bet ids). */
  from: string;
  to: string;
}

/** Folds the next bets above the mark into `race_wagers` and moves the mark, atomically. */
export async function foldRaceWagers(
  database: Database,
  opts: { marginSeconds?: number; batch?: number } = {},
): Promise<FoldResult> {
  return database.transaction(async (tx) => {
    // The row lock serialises two overlapping runs (an old and a new leader): the second waits and
    // then reads the mark the first one moved.
    const mark = (
      await tx.query<{ id: string }>(
        'select last_bet_id::text as id from race_progress where id = 1 for update',
      )
    )[0]?.id;
    if (mark === undefined) throw new Error('race_progress has no row');
    const upper = (
      await tx.query<{ id: string | null }>(
        `select max(id)::text as id from (
           select id, created_at from bets where id > $1::bigint order by id limit $2
         ) next where created_at < now() - make_interval(secs => $3::int)`,
        [mark, opts.batch ?? FOLD_BATCH, opts.marginSeconds ?? FOLD_MARGIN_SECONDS],
      )
    )[0]?.id;
    if (!upper) return { from: mark, to: mark };
    await tx.query(
      `insert into race_wagers as r (week, user_id, wager_usd, last_bet_id)
       select (date_trunc('week', created_at at time zone 'UTC'))::date, user_id, sum(wager_usd), max(id)
         from bets
        where id > $1::bigint and id <= $2::bigint and ${RACE_BET_FILTER}
        group by 1, 2
       on conflict (week, user_id) do update set
         wager_usd = r.wager_usd + excluded.wager_usd,
         last_bet_id = greatest(r.last_bet_id, excluded.last_bet_id)`,
      [mark, upper],
    );
    await tx.query('update race_progress set last_bet_id = $1::bigint, updated_at = now() where id = 1', [
      upper,
    ]);
    return { from: mark, to: upper };
  });
}

/** One player's standing. */
export interface StandingRow {
  user_id: string;
  wager_usd: string;
  name: string;
  avatar: string | null;
  private_bets: boolean;
}

/**
 * Runs `fn` with the fold mark, in one snapshot (REPEATABLE READ) with `race_wagers`, so a fold
 * committing meanwhile can never count a bet twice or not at all. The mark is passed to the queries as
 * a value: the planner then scans only the few bets above it.
 */
function withMark<T>(database: Database, fn: (tx: Session, mark: string) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const mark = (
      await tx.query<{ id: string }>('select last_bet_id::text as id from race_progress where id = 1')
    )[0]?.id;
    return fn(tx, mark ?? '0');
  });
}

/**
 * The top `limit` players of `week` by USD wagered (ties: whoever reached the total first), current
 * to the last committed bet. Only the top of `race_wagers` (with ties at the cut) and the players with
 * bets above the mark are candidates: everyone else keeps a folded total at or below the cut.
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
          where id > $5::bigint and ${RACE_BET_FILTER}
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
         from totals t join users u on u.id = t.user_id
        where t.wager_usd > 0
        order by t.wager_usd desc, t.last_bet_id asc, t.user_id
        limit $4::int`,
      [week, start.toISOString(), end.toISOString(), limit, mark],
    ),
  );
}

/** The USD `userId` wagered in real bets during `week` (folded total plus the bets above the mark). */
export async function raceWagerOf(database: Database, week: string, userId: string): Promise<string> {
  const { start, end } = raceWeekBounds(week);
  const rows = await withMark(database, (tx, mark) =>
    tx.query<{ total: string }>(
      `select (coalesce((select wager_usd from race_wagers where week = $1::date and user_id = $2), 0)
             + coalesce((select sum(wager_usd) from bets
                          where user_id = $2 and id > $5::bigint and ${RACE_BET_FILTER}
                            and created_at >= $3::timestamptz and created_at < $4::timestamptz), 0))::text as total`,
      [week, userId, start.toISOString(), end.toISOString(), mark],
    ),
  );
  return rows[0]?.total ?? '0';
}

/**
 * The final top `limit` of a closed week, computed from `bets` alone (the authoritative source the
 * prizes are paid from; `race_wagers` is only the live view).
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
      order by sum(wager_usd) desc, max(id) asc, user_id
      limit $3`,
    [start.toISOString(), end.toISOString(), limit],
  );
}
