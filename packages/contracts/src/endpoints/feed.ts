import { z } from 'zod';
import { defineEndpoint, policy } from '../endpoint.js';
import { liveGameEvent } from './games.js';
import {
  LATEST_WINS_MAX,
  LIVE_FEED_DEFAULT_COUNT,
  LIVE_FEED_MAX_COUNT,
  liveFeedChannels,
} from '../constants/feed.js';

/**
 * The live feed under the casino pages, the latest wins ticker and the weekly race (spec 3 sections 3,
 * 4, 7 and 9). Only real bets appear anywhere here; demo bets never do.
 */

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export * from '../constants/feed.js';

/** One feed entry: exactly the data of the realtime `LiveGame` event, so both render the same way. */
export const liveGameSchema = liveGameEvent.data;
export type LiveGame = z.infer<typeof liveGameSchema>;

export const latestGamesRequestSchema = z
  .object({
    mode: z.literal('casino').default('casino'),
    /** A channel, or `all_wins` (every real win, newest first). */
    type: z.enum([...liveFeedChannels, 'all_wins']).default('all'),
    count: z.number().int().min(1).max(LIVE_FEED_MAX_COUNT).default(LIVE_FEED_DEFAULT_COUNT),
  })
  .strict();

export const latestGamesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/latestGames',
  request: latestGamesRequestSchema,
  response: z.array(liveGameSchema),
  policy: policy.public,
  summary:
    'The latest real bets of a live feed channel, newest first, in the LiveGame event shape (guests asking for mine get all).',
});

/** A latest win (spec 3 section 3): real wins only, `winType` 'game' or 'sport' (a sports bet). */
export const latestWinSchema = z.object({
  /** The bet id. */
  _id: z.string(),
  /** The game id, e.g. `dice`. */
  game: z.string(),
  /** The game's display name. */
  name: z.string(),
  /** Trading ticker; null for casino games. */
  ticker: z.string().nullable(),
  image: z.string(),
  /** The player as the viewer may see them ('Hidden' with an empty id for private bets). */
  player: liveGameSchema.shape.user,
  multiplier: z.string(),
  usdProfit: decimalString,
  profit: decimalString,
  currency: z.string(),
  splitTotal: decimalString,
  payout: decimalString,
  winType: z.enum(['game', 'trade', 'sport']),
});
export type LatestWin = z.infer<typeof latestWinSchema>;

export const latestWinsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/data/latestWins',
  request: z
    .object({ count: z.number().int().min(1).max(LATEST_WINS_MAX).default(LATEST_WINS_MAX) })
    .strict(),
  response: z.array(latestWinSchema),
  policy: policy.public,
  summary: 'The latest real wins (profit above zero), newest first. Never simulated.',
});

/** A race week: the date (UTC) of its Monday, `YYYY-MM-DD`. */
export const raceWeekSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date YYYY-MM-DD (a Monday).');

export const raceEntrySchema = z.object({
  /** 1 for the leader. */
  place: z.number().int().min(1),
  /** The player as the viewer may see them ('Hidden' with an empty id for private bets). */
  user: liveGameSchema.shape.user,
  /** Spec 3 section 3 "Race entry": entry.wager_usd. */
  entry: z.object({ wager_usd: decimalString }),
  wager_usd: decimalString,
  /** The prize for this place in the pool's currency ('0' beyond the paid places). */
  prize: decimalString,
  /** Closed weeks only: the prize was paid. */
  paid: z.boolean().optional(),
});
export type RaceEntry = z.infer<typeof raceEntrySchema>;

export const raceLeaderboardSchema = z.object({
  type: z.literal('week'),
  week: raceWeekSchema,
  /** Monday 00:00 UTC (ISO). */
  startsAt: z.string(),
  /** The next Monday 00:00 UTC, i.e. Sunday midnight UTC (ISO): the countdown's target. */
  endsAt: z.string(),
  /** The server's clock (ISO), so the countdown does not depend on the device's clock. */
  now: z.string(),
  /** running: the current week; closed: over, prizes not paid yet; paid: prizes paid. */
  status: z.enum(['running', 'closed', 'paid']),
  /** The prize pool (plugin setting `reward` in `currency`; for a paid week the pool it was paid from). */
  prizePool: z.object({ reward: decimalString, currency: z.string() }),
  /** The prize of each paid place, place 1 first. */
  prizes: z.array(decimalString),
  entries: z.array(raceEntrySchema),
  /** The caller's own standing (null for guests). `place` is null outside the listed entries. */
  me: z.object({ place: z.number().int().nullable(), wager_usd: decimalString }).nullable(),
});
export type RaceLeaderboard = z.infer<typeof raceLeaderboardSchema>;

export const raceLeaderboardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/leaderboard',
  request: z.object({ type: z.literal('week'), week: raceWeekSchema.optional() }).strict(),
  response: raceLeaderboardSchema,
  policy: policy.public,
  summary:
    'The weekly race (race plugin): players ranked by USD wagered in real bets, Monday 00:00 to Sunday 24:00 UTC; a past week with `week`.',
});
