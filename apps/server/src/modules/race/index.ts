/**
 * Race module: the weekly race of the race plugin (spec 3 sections 3, 7, 9). Players are ranked by the
 * USD value (at bet time, `bets.wager_usd`) of their real bets from Monday 00:00 UTC to Sunday 24:00
 * UTC; the top 20 share the plugin's prize pool (40, 18, 11, 8, 6, 5, 4, 3, 2, 1, then 0.2 percent).
 * Standings: standings.ts; the leaderboard call: leaderboard.ts; the exactly-once payout: payout.ts.
 */
import { raceLeaderboardEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { defineModule } from '../../platform/module.js';
import { raceLeaderboard } from './leaderboard.js';
import { raceJobs } from './payout.js';
import { raceSettings, seedDevelopmentRaceSettings } from './settings.js';
import { raceConsumer } from './standings.js';

export { playerAsSeenBy, raceDisabled, raceLeaderboard } from './leaderboard.js';
export {
  RACE_PAYOUT_INTERVAL_MS,
  RACE_SETTLE_DELAY_MS,
  racePayoutsOf,
  raceJobs,
  settleRaceWeek,
  type RaceSettlement,
} from './payout.js';
export {
  DEFAULT_RACE_CURRENCY,
  DEVELOPMENT_RACE_SETTINGS,
  loadRaceConfig,
  raceEnabled,
  racePrizePool,
  raceSettings,
  racePrizes,
  type RaceConfig,
} from './settings.js';
export {
  RACE_CONSUMER,
  finalRaceStandings,
  raceConsumer,
  raceStandings,
  raceWagerOf,
  type StandingRow,
} from './standings.js';
export { isRaceWeek, previousRaceWeek, raceWeekBounds, raceWeekOf } from './week.js';

export const raceModule = defineModule({
  name: 'race',
  register(app: FastifyInstance, ctx: AppContext) {
    registerEndpoint(app, raceLeaderboardEndpoint, ({ input, user }) => raceLeaderboard(ctx, user, input));
  },
  jobs: raceJobs,
  settings: raceSettings,
  async seed({ database, demo }) {
    if (demo) await seedDevelopmentRaceSettings(database);
  },
  // The standings fold: every settled real stake's USD value, once, after its commit.
  wagerConsumers: [raceConsumer],
});
