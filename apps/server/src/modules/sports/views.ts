/**
 * What the sportsbook's calls and events show: events with their markets (contracts `SportEvent`),
 * bets with their legs (`SportBet`), and the announcements of settled bets (the player's
 * `SportBetSettled`, the live feed's `LiveFeedSportGame` for real bets).
 */
import {
  Channels,
  liveFeedSportGameEvent,
  type SportBet,
  type SportBetStatus,
  sportBetSettledEvent,
  sportByKey,
  type SportEvent,
  type SportEventStatus,
  type SportLegResult,
  type SportMarket,
  type SportMarketStatus,
} from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { PLAYERS } from '../users/index.js';
import { profitUsd } from '../wagers/index.js';

const iso = (d: Date | string) => new Date(d).toISOString();

const sportRef = (key: string) => {
  const s = sportByKey(key);
  return { key, name: s?.name ?? key, type: s?.type ?? 'SPORTS' };
};

interface EventRow {
  id: string;
  name: string;
  sport: string;
  category_id: string;
  category_name: string;
  tournament_id: string;
  tournament_name: string;
  home_id: string;
  home_name: string;
  home_abbr: string;
  away_id: string;
  away_name: string;
  away_abbr: string;
  starts_at: Date | string;
  status: SportEventStatus;
  score: SportEvent['score'];
  clock: SportEvent['clock'];
  match_tracker_id: string | null;
  stream_url: string | null;
  simulated: boolean;
  market_count: number;
}

interface MarketRow {
  id: string;
  event_id: string;
  template: string;
  name: string;
  specifiers: Record<string, string>;
  status: SportMarketStatus;
  live_delay_ms: number;
  cash_out: boolean;
  main: boolean;
  outcomes: SportMarket['outcomes'];
}

export const EVENT_SQL = `select e.id::text as id, e.name, e.sport, c.id::text as category_id, c.name as category_name,
  t.id::text as tournament_id, t.name as tournament_name,
  h.id::text as home_id, h.name as home_name, h.abbreviation as home_abbr,
  a.id::text as away_id, a.name as away_name, a.abbreviation as away_abbr,
  e.starts_at, e.status, e.score, e.clock, e.match_tracker_id, e.stream_url, e.simulated,
  (select count(*) from sport_markets m where m.event_id = e.id and m.status = 'active')::int as market_count
  from sport_events e
  join sport_tournaments t on t.id = e.tournament_id
  join sport_categories c on c.id = t.category_id
  join sport_competitors h on h.id = e.home_id
  join sport_competitors a on a.id = e.away_id`;

/**
 * Markets of events `$1` (all shown ones, or the main one with `$2`); an outcome is bookable only while
 * its market is active and the event has not ended.
 */
const MARKETS_SQL = `select m.id::text as id, m.event_id::text as event_id, m.template, m.name, m.specifiers,
  m.status, m.live_delay_ms, m.cash_out, m.main,
  coalesce((select json_agg(json_build_object('id', o.id::text, 'name', o.name, 'odds', o.odds,
      'previousOdds', o.previous_odds,
      'active', o.active and m.status = 'active' and e.status in ('not_started', 'live')) order by o.position)
    from sport_outcomes o where o.market_id = m.id), '[]') as outcomes
  from sport_markets m join sport_events e on e.id = m.event_id
 where m.event_id = any($1::bigint[]) and m.status not in ('deactivated', 'cancelled')
   and (not $2::boolean or m.main or not exists (
     select 1 from sport_markets x where x.event_id = m.event_id and x.main and x.status not in ('deactivated', 'cancelled')))
 order by m.event_id, m.position, m.id`;

function marketView(r: MarketRow): SportMarket {
  return {
    id: r.id,
    template: r.template,
    name: r.name,
    specifiers: r.specifiers,
    status: r.status,
    liveDelayMs: r.live_delay_ms,
    cashOut: r.cash_out,
    outcomes: r.outcomes,
  };
}

/** Events `ids` in that order with their markets (`main`: the main market only, else all of them). */
export async function eventViews(
  db: Pick<Database, 'query'>,
  ids: readonly string[],
  opts: { main: boolean; simulatedRealMoney: boolean },
): Promise<SportEvent[]> {
  if (ids.length === 0) return [];
  const [events, markets] = await Promise.all([
    db.query<EventRow>(`${EVENT_SQL} where e.id = any($1::bigint[])`, [ids]),
    db.query<MarketRow>(MARKETS_SQL, [ids, opts.main]),
  ]);
  const byEvent = new Map<string, SportMarket[]>();
  const mains = new Set(markets.filter((m) => m.main).map((m) => m.id));
  for (const m of markets) {
    const list = byEvent.get(m.event_id) ?? [];
    list.push(marketView(m));
    byEvent.set(m.event_id, list);
  }
  const byId = new Map(events.map((e) => [e.id, e]));
  return ids.flatMap((id) => {
    const e = byId.get(id);
    if (!e) return [];
    const list = byEvent.get(id) ?? [];
    const main = list.find((m) => mains.has(m.id)) ?? list[0] ?? null;
    return [
      {
        id: e.id,
        name: e.name,
        sport: sportRef(e.sport),
        category: { id: e.category_id, name: e.category_name },
        tournament: { id: e.tournament_id, name: e.tournament_name },
        competitors: [
          { id: e.home_id, name: e.home_name, abbreviation: e.home_abbr, qualifier: 'home' as const },
          { id: e.away_id, name: e.away_name, abbreviation: e.away_abbr, qualifier: 'away' as const },
        ],
        startsAt: iso(e.starts_at),
        status: e.status,
        score: e.score ?? null,
        clock: e.clock ?? null,
        matchTrackerId: e.match_tracker_id,
        streamUrl: e.stream_url,
        simulated: e.simulated,
        realMoney: !e.simulated || opts.simulatedRealMoney,
        marketCount: e.market_count,
        mainMarket: main,
        markets: list,
      },
    ];
  });
}

interface BetViewRow {
  id: string;
  user_id: string;
  type: 'single' | 'multi';
  status: SportBetStatus;
  currency: string;
  decimals: number;
  demo: boolean;
  stake: string;
  total_odds: string;
  potential_payout: string;
  payout: string | null;
  cashed_out: boolean;
  placed_at: Date | string;
  settled_at: Date | string | null;
  stake_usd: string | null;
  legs: {
    event: {
      id: string;
      name: string;
      sport: string;
      startsAt: string;
      status: SportEventStatus;
      score: SportEvent['score'];
      simulated: boolean;
    };
    market: { id: string; name: string; template: string };
    outcome: { id: string; name: string };
    odds: number;
    result: SportLegResult;
    deadHeat: string | null;
  }[];
}

export const BET_VIEW_SQL = `select b.id::text as id, b.user_id::text as user_id, b.type, b.status, b.currency,
  k.decimals, b.demo, b.stake::text as stake, b.total_odds::text as total_odds,
  b.potential_payout::text as potential_payout, b.payout::text as payout, b.cashed_out, b.placed_at, b.settled_at,
  b.stake_usd::text as stake_usd,
  (select json_agg(json_build_object(
      'event', json_build_object('id', e.id::text, 'name', e.name, 'sport', e.sport, 'startsAt', e.starts_at,
                                 'status', e.status, 'score', e.score, 'simulated', e.simulated),
      'market', json_build_object('id', m.id::text, 'name', m.name, 'template', m.template),
      'outcome', json_build_object('id', o.id::text, 'name', o.name),
      'odds', l.odds, 'result', l.result, 'deadHeat', l.dead_heat) order by l.leg)
     from sport_bet_legs l join sport_events e on e.id = l.event_id join sport_markets m on m.id = l.market_id
     join sport_outcomes o on o.id = l.outcome_id where l.bet_id = b.id) as legs
  from sport_bets b join currencies k on k.id = b.currency`;

export function betView(r: BetViewRow): SportBet {
  const show = (v: string) => toDecimalString(BigInt(v), r.decimals);
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    currency: r.currency,
    demo: r.demo,
    stake: show(r.stake),
    totalOdds: Number(r.total_odds),
    potentialPayout: show(r.potential_payout),
    payout: r.payout === null ? null : show(r.payout),
    cashedOut: r.cashed_out,
    placedAt: iso(r.placed_at),
    settledAt: r.settled_at === null ? null : iso(r.settled_at),
    legs: r.legs.map((l) => ({
      event: {
        id: l.event.id,
        name: l.event.name,
        sport: sportRef(l.event.sport),
        startsAt: iso(l.event.startsAt),
        status: l.event.status,
        score: l.event.score ?? null,
        simulated: l.event.simulated,
      },
      market: l.market,
      outcome: l.outcome,
      odds: l.odds,
      result: l.result,
      deadHeatFactor: l.deadHeat,
    })),
  };
}

/** Bets `ids` (any order), as rows with their owner and price for announcements. */
export async function betRows(db: Pick<Database, 'query'>, ids: readonly string[]): Promise<BetViewRow[]> {
  if (ids.length === 0) return [];
  return db.query<BetViewRow>(`${BET_VIEW_SQL} where b.id = any($1::bigint[]) order by b.id`, [ids]);
}

export async function betViewOf(db: Pick<Database, 'query'>, id: string): Promise<SportBet | undefined> {
  const [row] = await betRows(db, [id]);
  return row && betView(row);
}

/** The live feed's multiplier: payout / stake with 8 decimals, rounded down (as a wager record's). */
function multiplierText(payout: bigint, stake: bigint): string {
  return toDecimalString((payout * 100_000_000n) / stake, 8, { fixed: true });
}

/** The live feed's `_id` of a sports bet: its own numbering, apart from the casino's wager records. */
export const sportFeedId = (betId: string): string => `sport-${betId}`;

/** What the live feed shows of a sports bet: its type, and its event (a multi: `Multi (n)`) and sport. */
export interface SportFeedMetadata {
  type: 'single' | 'multi';
  metadata: { id: string; name: string; image: string };
}

function feedMetadataOf(r: Pick<BetViewRow, 'type' | 'legs'>): SportFeedMetadata {
  const first = r.legs[0];
  const single = r.type === 'single' && first !== undefined;
  return {
    type: r.type,
    metadata: {
      id: single ? first.event.sport : 'sports',
      name: single ? first.event.name : `Multi (${r.legs.length})`,
      image: `/api/img/sports/${single ? first.event.sport : 'multi'}.svg`,
    },
  };
}

/** The live feed's view of sports bets `ids` (the feed's history reads its wager records' references). */
export async function sportFeedMetadata(
  db: Pick<Database, 'query'>,
  ids: readonly string[],
): Promise<Map<string, SportFeedMetadata>> {
  const rows = await betRows(db, ids);
  return new Map(rows.map((r) => [r.id, feedMetadataOf(r)]));
}

/**
 * After a commit that settled, rolled back or cashed out bets: `SportBetSettled` to each player, and a
 * settled real bet (won or lost) into the live feed as `LiveFeedSportGame`. Best effort.
 */
export async function announceBets(ctx: Pick<AppContext, 'database' | 'realtime' | 'log'>, ids: string[]) {
  try {
    const rows = await betRows(ctx.database, ids);
    const players = await ctx.database.query<{
      id: string;
      name: string;
      avatar: string | null;
      private_bets: boolean;
    }>(
      `select u.id::text as id, u.name, u.avatar, u.private_bets from ${PLAYERS} u where u.id = any($1::uuid[])`,
      [[...new Set(rows.map((r) => r.user_id))]],
    );
    const byId = new Map(players.map((p) => [p.id, p]));
    for (const r of rows) {
      const bet = betView(r);
      ctx.realtime.hub.publish(Channels.user(r.user_id), sportBetSettledEvent, { bet });
      const u = byId.get(r.user_id);
      if (r.demo || !u || (r.status !== 2 && r.status !== 3) || r.payout === null) continue;
      const stake = BigInt(r.stake);
      const payout = BigInt(r.payout);
      const hidden = u.private_bets;
      const { type, metadata } = feedMetadataOf(r);
      ctx.realtime.hub.publish(Channels.everyone, liveFeedSportGameEvent, {
        user: {
          _id: hidden ? '' : u.id,
          name: hidden ? 'Hidden' : u.name,
          avatar: hidden ? null : u.avatar,
          private_bets: hidden,
        },
        game: {
          _id: sportFeedId(r.id),
          currency: r.currency,
          wager: bet.stake,
          splitTotal: bet.stake,
          multiplier: multiplierText(payout, stake),
          status: payout > stake ? 'win' : 'lose',
          profit: toDecimalString(payout - stake, r.decimals),
          type,
          user: hidden ? '' : u.id,
          profit_usd_converted: profitUsd(payout - stake, stake, r.stake_usd),
          created_at: iso(r.placed_at),
        },
        metadata,
        delay: 0,
      });
    }
  } catch (err) {
    ctx.log.warn({ err }, 'sports: announcing settled bets failed');
  }
}
