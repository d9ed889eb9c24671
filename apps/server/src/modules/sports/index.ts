/**
 * The sportsbook (issue G9; decision 0028): the book of events, markets and odds built from feed
 * messages (feed.ts, book.ts), the simulated feed run by the jobs leader (simulated-feed.ts, model.ts),
 * the bet slip with its live queue and cash-out (bets.ts), settlement and rollback through the wager
 * seam (settle.ts, odds.ts), and what the calls and events show (views.ts). Schema: migration
 * NNNN_sports.sql. Settings: `sports.*` (settings.ts); environment: SPORTS_SIMULATION(_SEED).
 * Realtime: the public `Sportsbook` channel (odds changes, event status), `SportBetSettled` on the
 * player's channel, `LiveFeedSportGame` on Everyone.
 */
import {
  SPORTS,
  SPORTSBOOK_CHANNEL,
  type SportEventSummary,
  sportByKey,
  sportCashOutEndpoint,
  sportCashOutOfferEndpoint,
  sportConfirmBetEndpoint,
  sportEventEndpoint,
  sportEventsEndpoint,
  sportFeedRecordingEndpoint,
  sportImageEndpoint,
  sportStaffFeedEndpoint,
  sportMyBetsEndpoint,
  sportPlaceBetEndpoint,
  sportPreferencesEndpoint,
  sportsListEndpoint,
  sportUpdatePreferencesEndpoint,
} from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext, AuthUser } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { defineModule } from '../../platform/module.js';
import { defineService } from '../../platform/services.js';
import { recordStaffAction } from '../audit/index.js';
import { iconSvg } from '../catalogue/index.js';
import { applyFeedMessage } from './book.js';
import { SportsBets } from './bets.js';
import type { FeedMessage } from './feed.js';
import { loadSlipSettings, sportsEnv, sportsSettings, sportsSimulation } from './settings.js';
import { SimulatedFeed } from './simulated-feed.js';
import { assertNotBlocked } from '../protection/index.js';
import { eventViews } from './views.js';

export { applyFeedMessage } from './book.js';
export { SportsBets, type PlaceBetInput } from './bets.js';
export {
  type FeedAdapter,
  type FeedMessage,
  feedMessageSchema,
  parseNdjson,
  specKey,
  toNdjson,
} from './feed.js';
export {
  applyRatio,
  cashOutValue,
  legFactor,
  oddsProduct,
  potentialPayout,
  settleBet,
  totalOdds,
  type LegState,
  type Ratio,
} from './odds.js';
export { edgeOfMargins, sportsEdgeBps } from './margin.js';
export { LEAGUES, SIMULATED_FEED, SimulatedFeed, fateOf, matchOf } from './simulated-feed.js';
export { loadSlipSettings, sportsEnv, sportsSettings, sportsSimulation } from './settings.js';
export { betViewOf, eventViews, sportFeedId, sportFeedMetadata, type SportFeedMetadata } from './views.js';

export const sportsBetsService = defineService('sports.bets', (ctx) => new SportsBets(ctx));

/** The simulated feed of this server (the leader's job polls it; tests poll it with their own clock). */
export const simulatedFeedService = defineService(
  'sports.simulated_feed',
  (ctx) =>
    new SimulatedFeed(ctx.database, sportsEnv.of(ctx.config).seed, () => ctx.settings.get(sportsSimulation)),
);

/** Polls a feed and applies what it produced, in order; answers how many messages were applied. */
export async function runFeed(ctx: AppContext, feed: { poll(now: Date): Promise<FeedMessage[]> }, now: Date) {
  let applied = 0;
  for (const message of await feed.poll(now)) if (await applyFeedMessage(ctx, message)) applied += 1;
  return applied;
}

/** The applied messages of a feed as an NDJSON recording, in the order they were applied. */
export async function feedRecording(ctx: Pick<AppContext, 'database'>, feed: string): Promise<string> {
  const rows = await ctx.database.query<{ message: unknown }>(
    'select message from sport_feed_messages where feed = $1 order by id',
    [feed],
  );
  return rows.map((r) => JSON.stringify(r.message)).join('\n') + (rows.length ? '\n' : '');
}

/** The feed of the messages staff enter by hand (the back office). */
export const STAFF_FEED = 'staff';

/**
 * Applies a message staff entered (feed `staff`, the next sequence number of that feed; a number taken
 * meanwhile by another staff call is retried), with its audit row in the same transaction.
 */
async function applyStaffMessage(ctx: AppContext, user: AuthUser, body: Record<string, unknown>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [{ seq }] = (await ctx.database.query<{ seq: number }>(
      'select (coalesce(max(seq), 0) + 1)::int as seq from sport_feed_messages where feed = $1',
      [STAFF_FEED],
    )) as [{ seq: number }];
    const message = { ...body, feed: STAFF_FEED, seq, at: new Date().toISOString() } as FeedMessage;
    const applied = await applyFeedMessage(ctx, message, {
      inTransaction: (tx) =>
        recordStaffAction(tx, {
          actor: user,
          action: 'sports.feed',
          target: {
            type: 'sport_event',
            id: `${String(body.eventFeed ?? STAFF_FEED)}:${String(body.event)}`,
          },
          details: { kind: body.kind, seq },
        }).then(() => undefined),
    });
    if (applied) return { applied, seq };
  }
  throw AppError.conflict('The staff feed is busy: try again.');
}

export const SPORTS_JOBS = { feed: 'sports.feed' } as const;

function sportsJobs(ctx: AppContext): JobDefinition[] {
  if (!sportsEnv.of(ctx.config).simulation) return [];
  const feed = simulatedFeedService.of(ctx);
  return [
    {
      name: SPORTS_JOBS.feed,
      intervalMs: 1_000,
      runOnElect: true,
      run: async () => {
        const applied = await runFeed(ctx, feed, new Date());
        return applied ? { applied } : undefined;
      },
    },
  ];
}

const signedIn = (user: AuthUser | null): AuthUser => {
  if (!user) throw new Error('policy let an anonymous caller through');
  return user;
};

/** The events a list asks for, live first, then by start time; `offset` pages. */
async function listEvents(
  ctx: AppContext,
  input: {
    sport?: string | undefined;
    view: 'live' | 'upcoming' | 'all';
    type?: 'SPORTS' | 'ESPORTS' | undefined;
    ids?: string[] | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ events: SportEventSummary[]; next: string | null; serverTime: string }> {
  const offset = input.cursor && /^\d{1,6}$/.test(input.cursor) ? Number(input.cursor) : 0;
  const statuses =
    input.view === 'live' ? ['live'] : input.view === 'upcoming' ? ['not_started'] : ['live', 'not_started'];
  const keys = input.type ? SPORTS.filter((s) => s.type === input.type).map((s) => s.key) : null;
  const rows = await ctx.database.query<{ id: string }>(
    `select id::text as id from sport_events
      where status = any($1::text[]) and ($2::text is null or sport = $2) and ($3::text[] is null or sport = any($3::text[]))
        and ($4::bigint[] is null or id = any($4::bigint[]))
      order by status = 'live' desc, starts_at, id offset $5 limit $6`,
    [statuses, input.sport ?? null, keys, input.ids ?? null, offset, input.limit + 1],
  );
  const settings = await loadSlipSettings(ctx.settings);
  const ids = rows.slice(0, input.limit).map((r) => r.id);
  const events = await eventViews(ctx.database, ids, {
    main: true,
    simulatedRealMoney: settings.simulatedRealMoney,
  });
  return {
    events: events.map(({ markets: _markets, ...summary }) => summary),
    next: rows.length > input.limit ? String(offset + input.limit) : null,
    serverTime: new Date().toISOString(),
  };
}

function registerSportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bets = sportsBetsService.of(ctx);
  registerEndpoint(app, sportsListEndpoint, async ({ input }) => {
    const [rows, settings] = await Promise.all([
      ctx.database.query<{ sport: string; live: number; upcoming: number }>(
        `select sport, count(*) filter (where status = 'live')::int as live,
                count(*) filter (where status = 'not_started')::int as upcoming
           from sport_events where status in ('live', 'not_started') group by sport`,
      ),
      loadSlipSettings(ctx.settings),
    ]);
    const counts = new Map(rows.map((r) => [r.sport, r]));
    return {
      sports: SPORTS.filter((s) => !input.type || s.type === input.type).map((s) => ({
        key: s.key,
        id: s.id,
        name: s.name,
        type: s.type,
        live: counts.get(s.key)?.live ?? 0,
        upcoming: counts.get(s.key)?.upcoming ?? 0,
      })),
      limits: {
        minBetUsd: settings.minBetUsd,
        maxBetUsd: settings.maxBetUsd,
        maxPayoutUsd: settings.maxPayoutUsd,
        maxMultiLegs: settings.maxMultiLegs,
        maxPendingMulti: settings.maxPendingMulti,
        simulatedRealMoney: settings.simulatedRealMoney,
      },
      serverTime: new Date().toISOString(),
    };
  });
  registerEndpoint(app, sportEventsEndpoint, async ({ input }) => {
    if (input.sport !== undefined && !sportByKey(input.sport))
      throw new AppError(422, 'unknown_sport', 'Unknown sport.');
    return listEvents(ctx, input);
  });
  registerEndpoint(app, sportEventEndpoint, async ({ input }) => {
    const settings = await loadSlipSettings(ctx.settings);
    const [event] = await eventViews(ctx.database, [input.id], {
      main: false,
      simulatedRealMoney: settings.simulatedRealMoney,
    });
    if (!event) throw AppError.notFound('Unknown event.');
    return { event, serverTime: new Date().toISOString() };
  });
  registerEndpoint(app, sportPlaceBetEndpoint, ({ input, user }) => bets.place(user, input));
  registerEndpoint(app, sportConfirmBetEndpoint, async ({ input, user }) => {
    // Player protection: a bet queued before a time-out or self-exclusion is not placed after it.
    await assertNotBlocked(ctx, ctx.database, signedIn(user).id);
    return { bet: await bets.confirm(signedIn(user), input.queueId) };
  });
  registerEndpoint(app, sportMyBetsEndpoint, ({ input, user }) => bets.myBets(signedIn(user), input));
  registerEndpoint(app, sportCashOutOfferEndpoint, async ({ input, user }) => ({
    offers: await bets.cashOutOffers(signedIn(user), input.betIds),
  }));
  registerEndpoint(app, sportCashOutEndpoint, async ({ input, user }) => ({
    bet: await bets.cashOut(signedIn(user), input.betId, input.amount),
  }));
  registerEndpoint(app, sportStaffFeedEndpoint, ({ input, user }) =>
    applyStaffMessage(ctx, signedIn(user), input.message),
  );
  registerEndpoint(app, sportFeedRecordingEndpoint, async ({ input }) => {
    const rows = await ctx.database.query<{ seq: string; message: unknown }>(
      `select seq::text as seq, message from sport_feed_messages where feed = $1 and seq > $2 order by id limit $3`,
      [input.feed, input.after, input.limit],
    );
    return {
      ndjson: rows.map((r) => JSON.stringify(r.message)).join('\n') + (rows.length ? '\n' : ''),
      count: rows.length,
      last: rows.length ? Number(rows.at(-1)!.seq) : input.after,
    };
  });
  registerEndpoint(app, sportImageEndpoint, async ({ params, reply }) => {
    const key = /^([a-z0-9][a-z0-9-]{0,63})\.svg$/.exec(params.file ?? '')?.[1];
    const name = key === 'multi' ? 'Multi' : key ? sportByKey(key)?.name : undefined;
    if (!key || !name) throw AppError.notFound('No such image.');
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return iconSvg(`sport-${key}`, name);
  });
  registerEndpoint(app, sportPreferencesEndpoint, ({ user }) => bets.preferences(signedIn(user)));
  registerEndpoint(app, sportUpdatePreferencesEndpoint, ({ input, user }) =>
    bets.setPreferences(signedIn(user), input.oddsChange),
  );
}

export const sportsModule = defineModule({
  name: 'sports',
  services: [sportsBetsService, simulatedFeedService],
  register: registerSportsRoutes,
  jobs: sportsJobs,
  env: sportsEnv,
  settings: sportsSettings,
  channels: [
    {
      name: 'sportsbook odds and event status (Sportsbook)',
      matches: (c) => c === SPORTSBOOK_CHANNEL,
      canHear: () => true,
    },
  ],
});
