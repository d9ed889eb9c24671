/**
 * The live feed's history (POST /api/data/latestGames) and the latest wins (POST /api/data/latestWins):
 * the latest settled REAL bets (demo bets never appear), newest first, in the shape of the realtime
 * `LiveGame` event (games/live-feed.ts) so the web renders both the same way.
 *
 * Channels (spec 3 sections 3, 4, 9):
 * - all: every real bet;
 * - mine: the caller's own real bets (a guest asking for mine gets all, as the web does);
 * - high_rollers: wager worth at least 100 USD when placed (`bets.wager_usd`, the split total);
 * - lucky_wins: won bets paying at least 10x;
 * - race: this week's bets (UTC) of the race's current top 20 (empty when the race plugin is off);
 * - all_wins: every real win (profit above zero).
 *
 * Sports bets are in it too (spec 3 section 7: the live feed's "sport game"; decision 0028): a settled
 * real sports bet that won or lost (a cash-out counts as won; a refund does not appear) shows as its
 * realtime `LiveFeedSportGame` did, with the event as its game (a multi: `Multi (n)`), the bet type
 * `single` or `multi`, and `_id` `sport-{bet}`; among the latest wins its `winType` is `sport`. The
 * external sportsbook's bets the same way (decision 0034), with `_id` `xsport-{bet}`.
 *
 * Every query walks one index newest first and stops after `count` rows: `bets_real_created` (all,
 * all_wins), `bets_user_created` (mine, race: one short scan per leader), and the partial indexes
 * `bets_real_high_rollers` and `bets_real_lucky_wins` of migration 0013 (their predicates below must
 * stay literally the same for the planner to use them).
 *
 * Privacy: a player with private bets shows as 'Hidden' with no id or avatar, unless the viewer is
 * that player or holds `ignore_privacy` (the bet overview's rule). `profit_usd_converted` is the
 * profit at the USD rate of the bet's own wager (profit * wager_usd / wager, rounded toward zero).
 */
import {
  type LatestWin,
  type LiveFeedChannel,
  type LiveGame,
  latestWinFromLiveGame,
  RACE_PAID_PLACES,
} from '@nebula/contracts';
import { crash, getExtendedGame, getGame } from '@nebula/games';
import { toDecimalString } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { providerGameNames } from '../catalogue/index.js';
import { profitUsd } from '../wagers/index.js';
import { playerAsSeenBy, raceEnabled, raceStandings, raceWeekBounds, raceWeekOf } from '../race/index.js';
import { PLAYERS } from '../users/index.js';
import { sportFeedId, sportFeedMetadata, type SportFeedMetadata } from '../sports/index.js';
import { externalSportFeedId, externalSportFeedMetadata } from '../external-sports/index.js';

/** What the feed reads: the database, and the settings (whether the race plugin is on). */
type FeedContext = Pick<AppContext, 'database' | 'settings'>;

export type LatestGamesType = LiveFeedChannel | 'all_wins';

interface FeedRow {
  id: string;
  user_id: string;
  game: string;
  currency: string;
  wager: string;
  multiplier: string;
  payout: string;
  profit: string;
  wager_usd: string | null;
  name: string;
  avatar: string | null;
  private_bets: boolean;
  decimals: number;
  created_at: Date | string;
  placed_at: Date | string | null;
  product: string;
  reference: string | null;
}

const COLUMNS = `b.id::text as id, b.user_id::text as user_id, b.game, b.currency, b.wager::text as wager,
  b.multiplier::text as multiplier, b.payout::text as payout, b.profit::text as profit,
  b.wager_usd::text as wager_usd, u.name, u.avatar, u.private_bets, c.decimals, b.created_at, b.placed_at,
  b.product, b.reference`;
const JOINS = `join ${PLAYERS} u on u.id = b.user_id join currencies c on c.id = b.currency`;
const NEWEST = 'order by b.created_at desc, b.id desc';

/**
 * Sports bets appear once settled as won or lost (a refund, status 1, does not; nor an external
 * sportsbook bet whose result was rolled back, state `open`, or that was refunded after it).
 */
const shown = (b: string) =>
  `(${b}.product <> 'sports' or ${b}.outcome->>'status' in ('2', '3'))
   and (${b}.product <> 'external-sports' or ${b}.outcome->>'state' in ('won', 'lost'))`;
const SHOWN = shown('b');

/** The WHERE clause of each channel over `bets b` ($1 is the row limit, $2 the caller's id for mine). */
const FILTERS: Record<Exclude<LatestGamesType, 'race'>, string> = {
  all: `not b.demo and ${SHOWN}`,
  mine: `b.user_id = $2 and not b.demo and ${SHOWN}`,
  high_rollers: `not b.demo and b.wager_usd >= 100 and ${SHOWN}`,
  lucky_wins: `not b.demo and b.multiplier >= 1000000000 and b.payout > b.wager and ${SHOWN}`,
  all_wins: `not b.demo and b.payout > b.wager and ${SHOWN}`,
};

/** The name of an in-house game, or undefined (a provider game's is the catalogue's). */
const inHouseName = (game: string): string | undefined =>
  getGame(game)?.name ?? getExtendedGame(game)?.name ?? (game === crash.id ? crash.name : undefined);

/** A sports bet's entry (the own sportsbook's or the external one's): its `_id`, type and event. */
type SportEntry = SportFeedMetadata & { id: string };

function toLiveGame(
  viewer: AuthUser | null,
  r: FeedRow,
  names: ReadonlyMap<string, string>,
  sport?: SportEntry,
): LiveGame {
  const wager = BigInt(r.wager);
  const payout = BigInt(r.payout);
  const profit = BigInt(r.profit);
  const user = playerAsSeenBy(viewer, r);
  return {
    user,
    game: {
      _id: sport?.id ?? r.id,
      currency: r.currency,
      wager: toDecimalString(wager, r.decimals),
      splitTotal: toDecimalString(wager, r.decimals),
      multiplier: toDecimalString(BigInt(r.multiplier), 8, { fixed: true }),
      status: payout > wager ? 'win' : 'lose',
      profit: toDecimalString(profit, r.decimals),
      type: sport?.type ?? 'single',
      user: user._id,
      profit_usd_converted: profitUsd(profit, wager, r.wager_usd),
      created_at: new Date(sport && r.placed_at ? r.placed_at : r.created_at).toISOString(),
    },
    metadata: sport?.metadata ?? {
      id: r.game,
      name: inHouseName(r.game) ?? names.get(r.game) ?? r.game,
      image: `/api/img/games/${r.game}.svg`,
    },
    delay: 0,
  };
}

/** This week's latest real bets of the race's current leaders. */
async function raceRows({ database, settings }: FeedContext, count: number, now: Date): Promise<FeedRow[]> {
  if (!(await raceEnabled(settings))) return [];
  const week = raceWeekOf(now);
  const leaders = (await raceStandings(database, week, RACE_PAID_PLACES)).map((r) => r.user_id);
  if (leaders.length === 0) return [];
  return database.query<FeedRow>(
    `select ${COLUMNS}
       from unnest($2::uuid[]) as l (user_id)
       cross join lateral (
         select * from bets x
          where x.user_id = l.user_id and not x.demo and ${shown('x')} and x.created_at >= $3::timestamptz
          order by x.created_at desc, x.id desc limit $1
       ) b
       ${JOINS}
      ${NEWEST} limit $1`,
    [count, leaders, raceWeekBounds(week).start.toISOString()],
  );
}

/** The latest `count` real bets of a channel as `viewer` may see them, newest first. */
export async function latestGames(
  ctx: FeedContext,
  viewer: AuthUser | null,
  input: { type: LatestGamesType; count: number },
  now: Date = new Date(),
): Promise<LiveGame[]> {
  return (await latestEntries(ctx, viewer, input, now)).map((e) => e.game);
}

/** The feed's entries, each with whether it is a sports bet. */
async function latestEntries(
  ctx: FeedContext,
  viewer: AuthUser | null,
  input: { type: LatestGamesType; count: number },
  now: Date,
): Promise<{ game: LiveGame; sport: boolean }[]> {
  const type = input.type === 'mine' && !viewer ? 'all' : input.type;
  let rows: FeedRow[];
  const { database } = ctx;
  if (type === 'race') rows = await raceRows(ctx, input.count, now);
  else {
    const params: unknown[] = [input.count];
    if (type === 'mine') params.push(viewer?.id);
    rows = await database.query<FeedRow>(
      `select ${COLUMNS} from bets b ${JOINS} where ${FILTERS[type]} ${NEWEST} limit $1`,
      params,
    );
  }
  const refs = (product: string) =>
    rows.filter((r) => r.product === product && r.reference).map((r) => r.reference!);
  const [sports, external] = await Promise.all([
    refs('sports').length
      ? sportFeedMetadata(database, refs('sports'))
      : new Map<string, SportFeedMetadata>(),
    externalSportFeedMetadata(database, refs('external-sports')),
  ]);
  // Third-party games (product `slots`) are named by the catalogue.
  const others = rows.filter((r) => r.product === 'slots' && inHouseName(r.game) === undefined);
  const names = await providerGameNames(database, [...new Set(others.map((r) => r.game))]);
  return rows.map((r) => {
    const ref = r.reference ?? '';
    const sport: SportEntry | undefined =
      r.product === 'sports' && sports.has(ref)
        ? { id: sportFeedId(ref), ...sports.get(ref)! }
        : r.product === 'external-sports' && external.has(ref)
          ? { id: externalSportFeedId(ref), ...external.get(ref)! }
          : undefined;
    return {
      game: toLiveGame(viewer, r, names, sport),
      sport: r.product === 'sports' || r.product === 'external-sports',
    };
  });
}

/** The latest `count` real wins as latest-win entries (spec 3 section 3), newest first. */
export async function latestWins(
  ctx: FeedContext,
  viewer: AuthUser | null,
  count: number,
): Promise<LatestWin[]> {
  const entries = await latestEntries(ctx, viewer, { type: 'all_wins', count }, new Date());
  return entries
    .map((e) => latestWinFromLiveGame(e.game, e.sport ? 'sport' : 'game'))
    .filter((w): w is LatestWin => w !== null);
}
