/**
 * Feed messages (decision 0028): what every source of sports data produces, whoever it is (the
 * simulated feed, staff entry, a provider's adapter). Six kinds: `fixture`, `odds_change`, `bet_stop`,
 * `bet_settlement`, `bet_cancel`, `rollback_bet_settlement`. A message names its feed and its sequence
 * number in that feed (unique: applying it twice changes nothing) and the event by the feed's own id.
 * Markets are named by template and specifiers (`total` + `{total: '2.5'}`), outcomes by their key.
 *
 * A recording is the messages one per line (NDJSON), in the order they were applied; replaying it
 * through `applyFeedMessage` rebuilds the same book and settles the same bets.
 */
import {
  MAX_ODDS,
  MIN_ODDS,
  sportEventStatuses,
  sportLegResults,
  sportMarketStatuses,
  SPORTS,
} from '@nebula/contracts';
import { z } from 'zod';

const ext = z.string().min(1).max(100);
const at = z.string().datetime({ offset: true });
const specifiers = z.record(z.string().max(32), z.string().max(32));

const outcomeMessage = z.object({
  key: z.string().min(1).max(32),
  name: z.string().min(1).max(100).optional(),
  odds: z.number().int().min(MIN_ODDS).max(MAX_ODDS),
  active: z.boolean().default(true),
});

export const marketMessageSchema = z.object({
  template: z.string().min(1).max(32),
  specifiers: specifiers.default({}),
  name: z.string().min(1).max(100).optional(),
  status: z.enum(['active', 'suspended', 'deactivated']).default('active'),
  /** Live bets on it wait this long (ms) in the queue; 0 pre-match. */
  liveDelayMs: z.number().int().min(0).max(60_000).optional(),
  cashOut: z.boolean().optional(),
  marginBps: z.number().int().min(0).max(5_000).optional(),
  /** The most the house may lose on it, USD (decimal string); absent: the operator's default. */
  liabilityCapUsd: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .optional(),
  main: z.boolean().optional(),
  outcomes: z.array(outcomeMessage).min(1).max(50),
});
export type MarketMessage = z.input<typeof marketMessageSchema>;

/** A market named in a settlement, cancel or rollback: template and specifiers. */
const marketRef = z.object({ template: z.string().min(1).max(32), specifiers: specifiers.default({}) });
export type MarketRef = z.input<typeof marketRef>;

const scoreSchema = z.object({
  home: z.number().int().min(0),
  away: z.number().int().min(0),
  periods: z
    .array(z.object({ period: z.string(), home: z.number().int(), away: z.number().int() }))
    .default([]),
});
const clockSchema = z.object({
  period: z.string().max(32),
  minute: z.number().int().min(0),
  second: z.number().int().min(0).max(59),
  running: z.boolean(),
  at,
  speed: z.number().positive().optional(),
});

const base = {
  feed: z.string().min(1).max(32),
  seq: z.number().int().min(1),
  at,
  event: ext,
  /** The feed whose event id `event` is, when not `feed` itself (staff acting on a simulated event). */
  eventFeed: z.string().min(1).max(32).optional(),
};

const sportKeys = SPORTS.map((s) => s.key) as [string, ...string[]];

export const feedMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fixture'),
    ...base,
    sport: z.enum(sportKeys),
    category: z.object({ id: ext, name: z.string().min(1).max(100) }),
    tournament: z.object({ id: ext, name: z.string().min(1).max(100) }),
    competitors: z
      .array(
        z.object({
          id: ext,
          name: z.string().min(1).max(100),
          abbreviation: z.string().min(1).max(8),
          qualifier: z.enum(['home', 'away']),
        }),
      )
      .length(2),
    name: z.string().min(1).max(200),
    startsAt: at,
    matchTrackerId: z.string().max(100).nullable().default(null),
    streamUrl: z.string().max(500).nullable().default(null),
    simulated: z.boolean(),
    markets: z.array(marketMessageSchema).default([]),
  }),
  z.object({
    kind: z.literal('odds_change'),
    ...base,
    status: z.enum(sportEventStatuses).optional(),
    score: scoreSchema.nullable().optional(),
    clock: clockSchema.nullable().optional(),
    markets: z.array(marketMessageSchema).default([]),
  }),
  z.object({
    kind: z.literal('bet_stop'),
    ...base,
    /** Only these markets; every active market of the event when absent. */
    markets: z.array(marketRef).optional(),
  }),
  z.object({
    kind: z.literal('bet_settlement'),
    ...base,
    markets: z.array(
      marketRef.extend({
        outcomes: z.array(
          z.object({
            key: z.string().min(1).max(32),
            result: z.enum(sportLegResults).exclude(['pending']),
            /** A dead heat's factor `num/den`. */
            deadHeat: z
              .string()
              .regex(/^\d{1,9}\/\d{1,9}$/)
              .optional(),
          }),
        ),
      }),
    ),
  }),
  z.object({
    kind: z.literal('bet_cancel'),
    ...base,
    /** Every market of the event when absent. */
    markets: z.array(marketRef).optional(),
    /** Only bets placed in [from, to); all bets when both are absent (the markets are then cancelled). */
    from: at.optional(),
    to: at.optional(),
  }),
  z.object({
    kind: z.literal('rollback_bet_settlement'),
    ...base,
    markets: z.array(marketRef).optional(),
  }),
]);
export type FeedMessage = z.input<typeof feedMessageSchema>;
export type ParsedFeedMessage = z.output<typeof feedMessageSchema>;
export type FeedMessageKind = FeedMessage['kind'];

/** Every market status a market can take from a feed or a settlement. */
export type MarketStatus = (typeof sportMarketStatuses)[number];

/** The canonical key of specifiers: `k=v` sorted by key, joined by `|` (empty for none). */
export function specKey(spec: Record<string, string> | undefined): string {
  return Object.entries(spec ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('|');
}

/**
 * A source of feed messages. `poll` answers what the source has produced since it was last asked
 * (the simulated feed computes it from the book and the clock; a provider's adapter would drain its
 * queue), in order; the module applies each in one transaction.
 */
export interface FeedAdapter {
  readonly name: string;
  poll(now: Date): Promise<FeedMessage[]>;
}

/** Messages as NDJSON: one JSON object per line. */
export const toNdjson = (messages: readonly FeedMessage[]): string =>
  messages.map((m) => JSON.stringify(m)).join('\n') + (messages.length ? '\n' : '');

/** Parses an NDJSON recording; throws with the line number on a malformed line. */
export function parseNdjson(text: string): ParsedFeedMessage[] {
  const out: ParsedFeedMessage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const parsed = feedMessageSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`feed recording line ${i + 1}: ${parsed.error.message}`);
    out.push(parsed.data);
  }
  return out;
}
