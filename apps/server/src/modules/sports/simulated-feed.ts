/**
 * The simulated feed (decision 0028): a source of feed messages for the embedded start, demos and tests,
 * computed from the book and the clock with the seeded model (model.ts). Every event it makes is
 * `simulated` (labelled "Simulated"; demo bets only unless the operator allows real money).
 *
 * Each poll, for the `now` it is given:
 *  - keeps `upcoming` events scheduled (fixtures with pre-match prices), kick-offs `kickOffEveryMinutes`
 *    apart; on an empty book the first ones start in the past, so matches are live at once;
 *  - kicks off events whose start has come (or postpones the ones fated to be: status postponed and a
 *    cancel of their bets);
 *  - runs live matches: the clock is the real time since kick-off scaled to the match length; each
 *    match minute draws its goals from the model (the same seed, event and minute always give the
 *    same goal), a goal is a bet stop with the new score, the next poll re-prices the markets from the
 *    score and the time left, and so does every {@link REPRICE_MINUTES}th match minute; matches fated to be cancelled are cancelled mid-match, some see the bets of
 *    the last minute of their 1x2 cancelled (a palpable error);
 *  - at full time ends the match and settles every market from the final score; matches fated to a
 *    rollback have their settlement rolled back on the next poll and settled again on the one after.
 *
 * The feed keeps no state of its own: it reads the book (and its own applied messages), so a new leader
 * continues where the last one stopped.
 */
import type { SportEventStatus } from '@nebula/contracts';
import type { Database } from '../../db/client.js';
import type { FeedAdapter, FeedMessage, MarketMessage } from './feed.js';
import {
  type Strength,
  expectedGoals,
  finalScores,
  marketShapes,
  outcomeResult,
  priceMarket,
  teamStrength,
  uniform,
} from './model.js';
import type { SimulationSettings } from './settings.js';

export const SIMULATED_FEED = 'simulated';

/**
 * Live markets are re-priced after each goal and every this many match minutes (the clock in between is
 * the client's, from its speed): odds that moved at every poll would refuse most live bets of players
 * whose policy takes no odds change.
 */
export const REPRICE_MINUTES = 5;

interface League {
  sport: string;
  category: string;
  tournament: string;
  avgGoals: number;
  /** Match minutes. */
  duration: number;
  periods: readonly { name: string; from: number }[];
  esports: boolean;
  teams: readonly string[];
}

const halves = (d: number) => [
  { name: '1st_half', from: 0 },
  { name: '2nd_half', from: d / 2 },
];

/** The simulated leagues (fictional teams). */
export const LEAGUES: readonly League[] = [
  {
    sport: 'soccer-1',
    category: 'Albion',
    tournament: 'Albion Premier (Simulated)',
    avgGoals: 2.7,
    duration: 90,
    periods: halves(90),
    esports: false,
    teams: [
      'Kingsbridge',
      'Ashford Rovers',
      'Marlow City',
      'Redcliffe',
      'Harrow Vale',
      'Castleton',
      'Westmoor',
      'Dunmere',
    ],
  },
  {
    sport: 'soccer-1',
    category: 'Iberia',
    tournament: 'Liga Iberica (Simulated)',
    avgGoals: 2.5,
    duration: 90,
    periods: halves(90),
    esports: false,
    teams: [
      'Real Montaña',
      'Atlético Costa',
      'Sierra CF',
      'Valle Verde',
      'Puerto Azul',
      'Deportivo Luna',
      'Olivar',
      'Castilla Norte',
    ],
  },
  {
    sport: 'ice-hockey-4',
    category: 'Nordics',
    tournament: 'Nordic Hockey League (Simulated)',
    avgGoals: 5.6,
    duration: 60,
    periods: [
      { name: '1st_period', from: 0 },
      { name: '2nd_period', from: 20 },
      { name: '3rd_period', from: 40 },
    ],
    esports: false,
    teams: ['Frostvik', 'Lakeholm Bears', 'Stormfjell', 'Nordby Wolves', 'Isdal', 'Granheim'],
  },
  {
    sport: 'futsal-29',
    category: 'International',
    tournament: 'Futsal Masters (Simulated)',
    avgGoals: 6,
    duration: 40,
    periods: halves(40),
    esports: false,
    teams: ['Sala Rio', 'Indoor Lisboa', 'Cancha Sur', 'Pista Norte', 'Court Kings', 'Hall Stars'],
  },
  {
    sport: 'fifa-300',
    category: 'eSoccer',
    tournament: 'eSoccer Battle 2x6 (Simulated)',
    avgGoals: 5,
    duration: 12,
    periods: halves(12),
    esports: true,
    teams: [
      'Ace (Kingsbridge)',
      'Blaze (Marlow)',
      'Cobra (Sierra)',
      'Dash (Olivar)',
      'Echo (Frostvik)',
      'Flux (Isdal)',
    ],
  },
];

type Fate = 'normal' | 'postpone' | 'cancel' | 'rollback' | 'range_cancel';

/** What the simulation decided for event `n` (a pure function of the seed). */
export function fateOf(seed: string, ext: string, s: SimulationSettings): Fate {
  const u = uniform(seed, 'fate', ext);
  let edge = s.postponeRate;
  if (u < edge) return 'postpone';
  if (u < (edge += s.cancelRate)) return 'cancel';
  if (u < (edge += s.rollbackRate)) return 'rollback';
  if (u < (edge += s.rangeCancelRate)) return 'range_cancel';
  return 'normal';
}

/** Initials of the words (up to 3), or the first three letters of a one-word name. */
function abbreviation(name: string): string {
  const words = name
    .replace(/[^A-Za-z ]/g, ' ')
    .split(' ')
    .filter(Boolean);
  const initials = words.map((w) => w[0]!).join('');
  return (initials.length >= 2 ? initials : (words[0] ?? 'XXX')).slice(0, 3).toUpperCase();
}

interface EventState {
  external_id: string;
  starts_at: Date | string;
  status: SportEventStatus;
  score: { home: number; away: number } | null;
  clock: { minute: number } | null;
  home: string;
  away: string;
  suspended: boolean;
  rolled_back: boolean;
  range_cancelled: boolean;
}

interface Match {
  n: number;
  league: League;
  home: string;
  away: string;
}

/** The league and teams of simulated event `n`. */
export function matchOf(seed: string, n: number): Match {
  const league = LEAGUES[n % LEAGUES.length]!;
  const i = Math.floor(uniform(seed, 'home', n) * league.teams.length);
  let j = Math.floor(uniform(seed, 'away', n) * (league.teams.length - 1));
  if (j >= i) j += 1;
  return { n, league, home: league.teams[i]!, away: league.teams[j]! };
}

const numberOf = (ext: string) => Number(ext.replace(/^sim-/, ''));

export class SimulatedFeed implements FeedAdapter {
  readonly name = SIMULATED_FEED;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly seed: string,
    private readonly settings: () => Promise<SimulationSettings>,
  ) {}

  private strength(league: League, team: string): Strength {
    return teamStrength(this.seed, `${league.tournament}:${team}`);
  }

  /** The markets of a match at `minute` with `score`, priced by the model. */
  markets(
    match: Match,
    score: { home: number; away: number },
    minute: number,
    s: SimulationSettings,
    live: boolean,
  ): MarketMessage[] {
    const { league } = match;
    const xg = expectedGoals(
      league.avgGoals,
      this.strength(league, match.home),
      this.strength(league, match.away),
    );
    const left = Math.max(0, league.duration - minute) / league.duration;
    const dist = finalScores(score, { home: xg.home * left, away: xg.away * left });
    return marketShapes(league.avgGoals, match.home, match.away).map((shape, i) => {
      const priced = priceMarket(shape, dist, s.marginBps);
      return {
        template: shape.template,
        specifiers: shape.specifiers,
        name: shape.name,
        status: 'active' as const,
        liveDelayMs: live ? s.liveDelayMs : 0,
        cashOut: true,
        marginBps: s.marginBps,
        main: i === 0,
        outcomes: shape.outcomes.map((o, k) => ({
          key: o.key,
          name: o.name,
          odds: priced[k]!.odds,
          active: priced[k]!.active,
        })),
      };
    });
  }

  private clock(match: Match, minute: number, at: Date, s: SimulationSettings, running: boolean) {
    const { league } = match;
    const period =
      [...league.periods].reverse().find((p) => minute >= p.from)?.name ?? league.periods[0]!.name;
    return {
      period: minute >= league.duration ? 'ended' : period,
      minute: Math.min(minute, league.duration),
      second: 0,
      running,
      at: at.toISOString(),
      speed: (league.duration * 60) / (s.matchMinutes * 60),
    };
  }

  async poll(now: Date): Promise<FeedMessage[]> {
    const s = await this.settings();
    const [{ seq }] = (await this.database.query<{ seq: string }>(
      `select coalesce(max(seq), 0)::text as seq from sport_feed_messages where feed = $1`,
      [SIMULATED_FEED],
    )) as [{ seq: string }];
    let next = Number(seq);
    const out: FeedMessage[] = [];
    const at = now.toISOString();
    const push = (m: Record<string, unknown>) =>
      out.push({ ...m, feed: SIMULATED_FEED, seq: ++next, at } as FeedMessage);

    const events = await this.database.query<EventState>(
      `select e.external_id, e.starts_at, e.status, e.score, e.clock, h.name as home, a.name as away,
              exists (select 1 from sport_markets m where m.event_id = e.id and m.status = 'suspended') as suspended,
              exists (select 1 from sport_feed_messages f where f.feed = e.feed and f.kind = 'rollback_bet_settlement'
                        and f.message->>'event' = e.external_id) as rolled_back,
              exists (select 1 from sport_feed_messages f where f.feed = e.feed and f.kind = 'bet_cancel'
                        and f.message->>'event' = e.external_id) as range_cancelled
         from sport_events e join sport_competitors h on h.id = e.home_id join sport_competitors a on a.id = e.away_id
        where e.feed = $1 and (e.status in ('not_started', 'live', 'ended') or e.updated_at > $2::timestamptz - interval '1 minute')
        order by e.starts_at, e.id`,
      [SIMULATED_FEED, at],
    );
    const [{ last }] = (await this.database.query<{ last: string | null }>(
      `select max(substr(external_id, 5)::bigint)::text as last from sport_events where feed = $1`,
      [SIMULATED_FEED],
    )) as [{ last: string | null }];
    const [{ latest }] = (await this.database.query<{ latest: Date | string | null }>(
      `select max(starts_at) as latest from sport_events where feed = $1`,
      [SIMULATED_FEED],
    )) as [{ latest: Date | string | null }];

    const realMs = s.matchMinutes * 60_000;
    const spacing = s.kickOffEveryMinutes * 60_000;

    // 1. Fixtures ahead.
    let upcoming = events.filter(
      (e) => e.status === 'not_started' && new Date(e.starts_at).getTime() > now.getTime(),
    ).length;
    let n = last === null ? 0 : Number(last);
    let start =
      latest === null
        ? now.getTime() - realMs * 0.6 - spacing
        : Math.max(new Date(latest).getTime(), now.getTime());
    while (upcoming < s.upcoming) {
      n += 1;
      start += spacing;
      const match = matchOf(this.seed, n);
      const ext = `sim-${n}`;
      push({
        kind: 'fixture',
        event: ext,
        sport: match.league.sport,
        category: { id: `sim-cat-${match.league.category}`, name: match.league.category },
        tournament: { id: `sim-t-${match.league.tournament}`, name: match.league.tournament },
        competitors: [
          {
            id: `sim-team-${match.league.tournament}-${match.home}`,
            name: match.home,
            abbreviation: abbreviation(match.home),
            qualifier: 'home',
          },
          {
            id: `sim-team-${match.league.tournament}-${match.away}`,
            name: match.away,
            abbreviation: abbreviation(match.away),
            qualifier: 'away',
          },
        ],
        name: `${match.home} vs ${match.away}`,
        startsAt: new Date(start).toISOString(),
        matchTrackerId: match.league.esports ? null : ext,
        streamUrl: null,
        simulated: true,
        markets: this.markets(match, { home: 0, away: 0 }, 0, s, false),
      });
      events.push({
        external_id: ext,
        starts_at: new Date(start),
        status: 'not_started',
        score: null,
        clock: null,
        home: match.home,
        away: match.away,
        suspended: false,
        rolled_back: false,
        range_cancelled: false,
      });
      if (start > now.getTime()) upcoming += 1;
    }

    // 2. Kick-offs, live minutes, full time, settlements.
    for (const e of events) {
      const ext = e.external_id;
      const match = matchOf(this.seed, numberOf(ext));
      const { league } = match;
      const fate = fateOf(this.seed, ext, s);
      const startMs = new Date(e.starts_at).getTime();
      if (e.status === 'not_started') {
        if (now.getTime() < startMs) {
          if (fate === 'postpone' && now.getTime() >= startMs - spacing / 2) {
            push({ kind: 'odds_change', event: ext, status: 'postponed' });
            push({ kind: 'bet_cancel', event: ext });
          }
          continue;
        }
        if (fate === 'postpone') {
          push({ kind: 'odds_change', event: ext, status: 'postponed' });
          push({ kind: 'bet_cancel', event: ext });
          continue;
        }
      }
      if (e.status === 'not_started' || e.status === 'live') {
        const target = Math.min(
          league.duration,
          Math.floor(((now.getTime() - startMs) / realMs) * league.duration),
        );
        const from = e.status === 'live' ? (e.clock?.minute ?? 0) : 0;
        let score = { home: e.score?.home ?? 0, away: e.score?.away ?? 0 };
        if (e.status === 'not_started')
          push({
            kind: 'odds_change',
            event: ext,
            status: 'live',
            score: { ...score, periods: [] },
            clock: this.clock(match, 0, now, s, true),
            markets: this.markets(match, score, 0, s, true),
          });
        const cancelAt = Math.floor(league.duration * (0.2 + 0.6 * uniform(this.seed, 'cancel-at', ext)));
        if (fate === 'cancel' && target >= cancelAt) {
          push({
            kind: 'odds_change',
            event: ext,
            status: 'cancelled',
            clock: this.clock(match, cancelAt, now, s, false),
          });
          push({ kind: 'bet_cancel', event: ext });
          continue;
        }
        const xg = expectedGoals(
          league.avgGoals,
          this.strength(league, match.home),
          this.strength(league, match.away),
        );
        let goals = 0;
        for (let minute = from + 1; minute <= target; minute++) {
          const rate = (xg.home + xg.away) / league.duration;
          if (uniform(this.seed, 'goal', ext, minute) < 1 - Math.exp(-rate)) {
            goals += 1;
            if (uniform(this.seed, 'scorer', ext, minute) < xg.home / (xg.home + xg.away))
              score = { ...score, home: score.home + 1 };
            else score = { ...score, away: score.away + 1 };
          }
        }
        if (fate === 'range_cancel' && !e.range_cancelled && target >= league.duration / 2) {
          push({
            kind: 'bet_cancel',
            event: ext,
            markets: [{ template: '1x2', specifiers: {} }],
            from: new Date(now.getTime() - 60_000).toISOString(),
            to: at,
          });
        }
        if (target >= league.duration) {
          push({ kind: 'bet_stop', event: ext });
          push({
            kind: 'odds_change',
            event: ext,
            status: 'ended',
            score: { ...score, periods: [] },
            clock: this.clock(match, league.duration, now, s, false),
          });
          push(this.settlement(match, ext, score));
          continue;
        }
        if (goals > 0) {
          push({ kind: 'bet_stop', event: ext });
          push({
            kind: 'odds_change',
            event: ext,
            score: { ...score, periods: [] },
            clock: this.clock(match, target, now, s, true),
          });
        } else if (Math.floor(target / REPRICE_MINUTES) > Math.floor(from / REPRICE_MINUTES) || e.suspended) {
          push({
            kind: 'odds_change',
            event: ext,
            clock: this.clock(match, target, now, s, true),
            markets: this.markets(match, score, target, s, true),
          });
        }
        continue;
      }
      if (fate === 'rollback' && e.score) {
        const final = { home: e.score.home, away: e.score.away };
        if (e.status === 'closed' && !e.rolled_back) push({ kind: 'rollback_bet_settlement', event: ext });
        else if (e.status === 'ended' && e.rolled_back) push(this.settlement(match, ext, final));
      } else if (e.status === 'ended' && e.score) {
        push(this.settlement(match, ext, { home: e.score.home, away: e.score.away }));
      }
    }
    return out;
  }

  private settlement(
    match: Match,
    ext: string,
    score: { home: number; away: number },
  ): Record<string, unknown> {
    return {
      kind: 'bet_settlement',
      event: ext,
      markets: marketShapes(match.league.avgGoals, match.home, match.away).map((shape) => ({
        template: shape.template,
        specifiers: shape.specifiers,
        outcomes: shape.outcomes.map((o) => ({
          key: o.key,
          result: outcomeResult(shape.template, shape.specifiers, o.key, score.home, score.away),
        })),
      })),
    };
  }
}
