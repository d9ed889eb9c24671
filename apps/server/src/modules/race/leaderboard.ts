/** POST /api/leaderboard {type: 'week', week?}: the weekly race as a viewer sees it. */
import type { RaceEntry, RaceLeaderboard } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { holdsPermission } from '../../platform/policy.js';
import { racePayoutsOf } from './payout.js';
import { loadRaceConfig, racePrizeStrings } from './settings.js';
import { raceStandings, raceWagerOf } from './standings.js';
import { isRaceWeek, raceWeekBounds, raceWeekOf } from './week.js';

export const raceDisabled = () => new AppError(404, 'race_disabled', 'The weekly race is not enabled.');

interface Player {
  user_id: string;
  name: string;
  avatar: string | null;
  private_bets: boolean;
}

/**
 * The player as `viewer` may see them: a player with private bets shows as 'Hidden' with no id or
 * avatar, unless the viewer is that player or holds `ignore_privacy` (the rule of the bet overview).
 */
export function playerAsSeenBy(viewer: AuthUser | null, p: Player): RaceEntry['user'] {
  const hidden =
    p.private_bets && viewer?.id !== p.user_id && !(viewer && holdsPermission(viewer, 'ignore_privacy'));
  return {
    _id: hidden ? '' : p.user_id,
    name: hidden ? 'Hidden' : p.name,
    avatar: hidden ? null : p.avatar,
    private_bets: p.private_bets,
  };
}

/** The leaderboard of `week` (default: the current week) for `viewer`. */
export async function raceLeaderboard(
  ctx: Pick<AppContext, 'database' | 'settings'>,
  viewer: AuthUser | null,
  input: { week?: string | undefined },
  now: Date = new Date(),
): Promise<RaceLeaderboard> {
  const { database } = ctx;
  const config = await loadRaceConfig(ctx);
  if (!config.enabled) throw raceDisabled();
  const current = raceWeekOf(now);
  const week = input.week ?? current;
  if (!isRaceWeek(week)) throw new AppError(422, 'invalid_week', 'A race week is the date of its Monday.');
  if (week > current) throw new AppError(422, 'invalid_week', 'This race week has not started yet.');
  const { start, end } = raceWeekBounds(week);
  const base = {
    type: 'week' as const,
    week,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    now: now.toISOString(),
  };
  const myWager = viewer ? await raceWagerOf(database, week, viewer.id) : null;

  const fixed = week < current ? await racePayoutsOf({ database }, week) : undefined;
  if (fixed) {
    const entries: RaceEntry[] = fixed.places.map((p) => ({
      place: p.place,
      user: playerAsSeenBy(viewer, p),
      entry: { wager_usd: p.wager_usd },
      wager_usd: p.wager_usd,
      prize: p.amount,
      paid: p.paid,
    }));
    return {
      ...base,
      status: fixed.paid ? 'paid' : 'closed',
      prizePool: { reward: toDecimalString(fixed.pool, fixed.decimals), currency: fixed.currency },
      prizes: racePrizeStrings(fixed.pool, fixed.decimals),
      entries,
      me: viewer
        ? {
            place: fixed.places.find((p) => p.user_id === viewer.id)?.place ?? null,
            wager_usd: myWager ?? '0',
          }
        : null,
    };
  }

  const prizes = racePrizeStrings(config.pool, config.decimals);
  const rows = await raceStandings(database, week);
  const myIndex = viewer ? rows.findIndex((r) => r.user_id === viewer.id) : -1;
  const entries: RaceEntry[] = rows.map((r, i) => ({
    place: i + 1,
    user: playerAsSeenBy(viewer, r),
    entry: { wager_usd: r.wager_usd },
    wager_usd: r.wager_usd,
    prize: prizes[i] ?? '0',
  }));
  return {
    ...base,
    status: week === current ? 'running' : 'closed',
    prizePool: { reward: toDecimalString(config.pool, config.decimals), currency: config.currency },
    prizes,
    entries,
    me: viewer
      ? {
          place: myIndex >= 0 ? myIndex + 1 : null,
          wager_usd: myWager ?? '0',
        }
      : null,
  };
}
