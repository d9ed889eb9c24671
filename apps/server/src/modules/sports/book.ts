/**
 * The book: applying feed messages (feed.ts) to the sportsbook's rows, each message in ONE transaction
 * with the settlements it causes (settle.ts), once (`sport_feed_messages (feed, seq)` is unique: a message
 * applied before changes nothing), then announcing what changed over the realtime bus after the commit.
 *
 *  fixture        upserts the category, tournament, competitors, the event and its markets
 *  odds_change    event status / score / clock; markets' odds and statuses (odds history appended)
 *  bet_stop       suspends the event's active markets (or the named ones)
 *  bet_settlement sets outcome results, settles the markets, decides the legs and settles the bets
 *  bet_cancel     voids: the markets' bets placed in [from, to), or the whole markets (cancelled)
 *  rollback_bet_settlement  clears results, reverses the bets settled through them (back to pending)
 *
 * Settled and cancelled markets stay so: later odds changes do not reopen them (a rollback does).
 */
import {
  sportEventStatusEvent,
  sportOddsChangeEvent,
  SPORTSBOOK_CHANNEL,
  type SportEventStatus,
} from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { ScopedLedger } from '../ledger/index.js';
import {
  type MarketMessage,
  type MarketRef,
  type ParsedFeedMessage,
  feedMessageSchema,
  type FeedMessage,
  specKey,
} from './feed.js';
import { type ReturnGuard, returnGuardOf, settleIfDecided, unsettle } from './settle.js';
import { loadSlipSettings } from './settings.js';
import { announceBets } from './views.js';

/** What a message changed, announced after its commit. */
interface Effects {
  eventId: string | null;
  status: boolean;
  markets: Set<string>;
  bets: Set<string>;
}

/**
 * Applies one feed message (validated here: a malformed one throws before anything is written).
 * Answers false when the message was applied before.
 */
export async function applyFeedMessage(
  ctx: AppContext,
  message: FeedMessage,
  opts: { inTransaction?: (tx: Session) => Promise<void> } = {},
): Promise<boolean> {
  const parsed = feedMessageSchema.safeParse(message);
  if (!parsed.success) throw validationError(parsed.error, 'message');
  const m = parsed.data;
  const defaults = await loadSlipSettings(ctx.settings);
  const effects: Effects = { eventId: null, status: false, markets: new Set(), bets: new Set() };
  const guardOf = returnGuardOf(ctx);
  const applied = await ctx.ledger.transaction(async (ledger, tx) => {
    const fresh = await tx.query(
      `insert into sport_feed_messages (feed, seq, kind, message) values ($1, $2, $3, $4::jsonb)
       on conflict (feed, seq) do nothing returning id`,
      [m.feed, m.seq, m.kind, JSON.stringify(message)],
    );
    if (fresh.length === 0) return false;
    await apply(ledger, tx, m, defaults.liabilityCapUsd, effects, guardOf);
    await opts.inTransaction?.(tx);
    return true;
  });
  if (applied) await announce(ctx, effects);
  return applied;
}

async function apply(
  ledger: ScopedLedger,
  tx: Session,
  m: ParsedFeedMessage,
  capUsd: string,
  fx: Effects,
  guardOf: ReturnGuard,
): Promise<void> {
  if (m.kind === 'fixture') {
    fx.eventId = await upsertFixture(tx, m);
    fx.status = true;
    for (const id of await upsertMarkets(tx, fx.eventId, m.markets, capUsd)) fx.markets.add(id);
    return;
  }
  const eventId = await eventIdOf(tx, m.eventFeed ?? m.feed, m.event);
  if (eventId === undefined)
    throw new AppError(422, 'unknown_event', `Unknown event ${m.event} of feed ${m.eventFeed ?? m.feed}.`);
  fx.eventId = eventId;
  switch (m.kind) {
    case 'odds_change': {
      if (m.status !== undefined || m.score !== undefined || m.clock !== undefined) {
        await tx.query(
          `update sport_events set status = coalesce($2, status),
                  score = case when $3::boolean then $4::jsonb else score end,
                  clock = case when $5::boolean then $6::jsonb else clock end, updated_at = now()
            where id = $1::bigint`,
          [
            eventId,
            m.status ?? null,
            m.score !== undefined,
            JSON.stringify(m.score ?? null),
            m.clock !== undefined,
            JSON.stringify(m.clock ?? null),
          ],
        );
        fx.status = true;
      }
      if (m.status === 'postponed' || m.status === 'cancelled') {
        const rows = await tx.query<{ id: string }>(
          `update sport_markets set status = 'deactivated', updated_at = now()
            where event_id = $1::bigint and status in ('active', 'suspended') returning id::text as id`,
          [eventId],
        );
        for (const r of rows) fx.markets.add(r.id);
      }
      for (const id of await upsertMarkets(tx, eventId, m.markets, capUsd)) fx.markets.add(id);
      return;
    }
    case 'bet_stop': {
      const ids = await marketIds(tx, eventId, m.markets);
      const rows = await tx.query<{ id: string }>(
        `update sport_markets set status = 'suspended', updated_at = now()
          where id = any($1::bigint[]) and status = 'active' returning id::text as id`,
        [ids],
      );
      for (const r of rows) fx.markets.add(r.id);
      return;
    }
    case 'bet_settlement': {
      const settled: string[] = [];
      for (const market of m.markets) {
        const [id] = await marketIds(tx, eventId, [market]);
        if (id === undefined) continue;
        const keys = market.outcomes.map((o) => o.key);
        await tx.query(
          `update sport_outcomes o set result = r.result, dead_heat = r.dead_heat, active = false
             from unnest($2::text[], $3::text[], $4::text[]) as r (key, result, dead_heat)
            where o.market_id = $1::bigint and o.key = r.key`,
          [id, keys, market.outcomes.map((o) => o.result), market.outcomes.map((o) => o.deadHeat ?? null)],
        );
        await tx.query(
          `update sport_markets set status = 'settled', updated_at = now()
            where id = $1::bigint and status <> 'cancelled'`,
          [id],
        );
        settled.push(id);
        fx.markets.add(id);
      }
      await decideLegs(ledger, tx, settled, null, fx, guardOf);
      const closed = await tx.query(
        `update sport_events set status = 'closed', updated_at = now()
          where id = $1::bigint and status in ('ended', 'live', 'not_started')
            and not exists (select 1 from sport_markets where event_id = $1::bigint
                             and status not in ('settled', 'cancelled'))
          returning id`,
        [eventId],
      );
      if (closed.length) fx.status = true;
      return;
    }
    case 'bet_cancel': {
      const ids = await marketIds(tx, eventId, m.markets);
      const range = m.from !== undefined || m.to !== undefined;
      if (!range) {
        await tx.query(
          `update sport_outcomes set result = 'void', dead_heat = null, active = false
            where market_id = any($1::bigint[]) and result is null`,
          [ids],
        );
        await tx.query(
          `update sport_markets set status = 'cancelled', updated_at = now()
            where id = any($1::bigint[]) and status <> 'settled'`,
          [ids],
        );
        for (const id of ids) fx.markets.add(id);
      }
      await decideLegs(
        ledger,
        tx,
        ids,
        range ? { from: m.from ?? null, to: m.to ?? null } : null,
        fx,
        guardOf,
      );
      return;
    }
    case 'rollback_bet_settlement': {
      const ids = await marketIds(tx, eventId, m.markets, ['settled']);
      if (ids.length === 0) return;
      const bets = await tx.query<{ bet_id: string }>(
        `select distinct l.bet_id::text as bet_id from sport_bet_legs l
          where l.market_id = any($1::bigint[]) and l.result <> 'pending' order by 1`,
        [ids],
      );
      for (const b of bets) if (await unsettle(ledger, tx, b.bet_id, guardOf)) fx.bets.add(b.bet_id);
      await tx.query(
        `update sport_bet_legs l set result = 'pending', dead_heat = null
           from sport_bets b
          where l.market_id = any($1::bigint[]) and b.id = l.bet_id and b.status = 0 and not b.cashed_out`,
        [ids],
      );
      await tx.query(
        `update sport_outcomes set result = null, dead_heat = null where market_id = any($1::bigint[])`,
        [ids],
      );
      await tx.query(
        `update sport_markets set status = 'suspended', updated_at = now() where id = any($1::bigint[])`,
        [ids],
      );
      for (const id of ids) fx.markets.add(id);
      const reopened = await tx.query(
        `update sport_events set status = 'ended', updated_at = now()
          where id = $1::bigint and status = 'closed' returning id`,
        [eventId],
      );
      if (reopened.length) fx.status = true;
      // A multi may still be decided by another leg (a lost one): settle it again now.
      for (const b of bets) if (await settleIfDecided(ledger, tx, b.bet_id, guardOf)) fx.bets.add(b.bet_id);
      return;
    }
  }
}

/**
 * Gives the pending legs on `markets` their outcome's result (a cancel: void, for the bets placed in
 * `range` when given) and settles every bet that is then decided.
 */
async function decideLegs(
  ledger: ScopedLedger,
  tx: Session,
  markets: readonly string[],
  range: { from: string | null; to: string | null } | null,
  fx: Effects,
  guardOf: ReturnGuard,
): Promise<void> {
  if (markets.length === 0) return;
  const rows = range
    ? await tx.query<{ bet_id: string }>(
        `update sport_bet_legs l set result = 'void', dead_heat = null
           from sport_bets b
          where l.market_id = any($1::bigint[]) and l.result = 'pending' and b.id = l.bet_id
            and b.status = 0 and not b.cashed_out
            and b.placed_at >= coalesce($2::timestamptz, '-infinity') and b.placed_at < coalesce($3::timestamptz, 'infinity')
          returning l.bet_id::text as bet_id`,
        [markets, range.from, range.to],
      )
    : await tx.query<{ bet_id: string }>(
        `update sport_bet_legs l set result = o.result, dead_heat = o.dead_heat
           from sport_outcomes o, sport_bets b
          where l.market_id = any($1::bigint[]) and l.result = 'pending' and o.id = l.outcome_id
            and o.result is not null and b.id = l.bet_id and b.status = 0 and not b.cashed_out
          returning l.bet_id::text as bet_id`,
        [markets],
      );
  const bets = [...new Set(rows.map((r) => r.bet_id))].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  for (const id of bets) if (await settleIfDecided(ledger, tx, id, guardOf)) fx.bets.add(id);
}

async function eventIdOf(tx: Session, feed: string, external: string): Promise<string | undefined> {
  return (
    await tx.query<{ id: string }>(
      'select id::text as id from sport_events where feed = $1 and external_id = $2',
      [feed, external],
    )
  )[0]?.id;
}

/** The ids of the named markets of an event (all of them, or those in `statuses`, when none is named). */
async function marketIds(
  tx: Session,
  eventId: string,
  refs: readonly MarketRef[] | undefined,
  statuses?: readonly string[],
): Promise<string[]> {
  if (!refs) {
    const rows = await tx.query<{ id: string }>(
      `select id::text as id from sport_markets where event_id = $1::bigint
          and ($2::text[] is null or status = any($2::text[])) order by id`,
      [eventId, statuses ?? null],
    );
    return rows.map((r) => r.id);
  }
  if (refs.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `select m.id::text as id from sport_markets m
       join unnest($2::text[], $3::text[]) as r (template, spec_key)
         on m.template = r.template and m.spec_key = r.spec_key
      where m.event_id = $1::bigint order by m.id`,
    [eventId, refs.map((r) => r.template), refs.map((r) => specKey(r.specifiers))],
  );
  return rows.map((r) => r.id);
}

async function upsertFixture(
  tx: Session,
  m: Extract<ParsedFeedMessage, { kind: 'fixture' }>,
): Promise<string> {
  const [category] = await tx.query<{ id: string }>(
    `insert into sport_categories (feed, external_id, sport, name) values ($1, $2, $3, $4)
     on conflict (feed, external_id) do update set name = excluded.name returning id::text as id`,
    [m.eventFeed ?? m.feed, m.category.id, m.sport, m.category.name],
  );
  const [tournament] = await tx.query<{ id: string }>(
    `insert into sport_tournaments (feed, external_id, category_id, name) values ($1, $2, $3::bigint, $4)
     on conflict (feed, external_id) do update set name = excluded.name returning id::text as id`,
    [m.eventFeed ?? m.feed, m.tournament.id, category!.id, m.tournament.name],
  );
  const ids: Record<string, string> = {};
  for (const c of m.competitors) {
    const [row] = await tx.query<{ id: string }>(
      `insert into sport_competitors (feed, external_id, name, abbreviation) values ($1, $2, $3, $4)
       on conflict (feed, external_id) do update set name = excluded.name, abbreviation = excluded.abbreviation
       returning id::text as id`,
      [m.eventFeed ?? m.feed, c.id, c.name, c.abbreviation],
    );
    ids[c.qualifier] = row!.id;
  }
  const [event] = await tx.query<{ id: string }>(
    `insert into sport_events (feed, external_id, sport, tournament_id, home_id, away_id, name, starts_at,
       match_tracker_id, stream_url, simulated)
     values ($1, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7, $8::timestamptz, $9, $10, $11)
     on conflict (feed, external_id) do update set name = excluded.name, starts_at = excluded.starts_at,
       match_tracker_id = excluded.match_tracker_id, stream_url = excluded.stream_url, updated_at = now()
     returning id::text as id`,
    [
      m.eventFeed ?? m.feed,
      m.event,
      m.sport,
      tournament!.id,
      ids.home,
      ids.away,
      m.name,
      m.startsAt,
      m.matchTrackerId,
      m.streamUrl,
      m.simulated,
    ],
  );
  return event!.id;
}

/**
 * Upserts markets and their outcomes in four statements whatever their number (two reads of what the
 * event has, one write of the markets, one of the outcomes with their odds history and liability
 * rows): a field a message leaves out keeps its value; odds that changed get a history row and keep
 * the previous odds; settled and cancelled markets keep their status. Answers the ids of the markets.
 */
async function upsertMarkets(
  tx: Session,
  eventId: string,
  markets: readonly MarketMessage[],
  capUsd: string,
): Promise<string[]> {
  if (markets.length === 0) return [];
  const [existing, names] = await Promise.all([
    tx.query<{
      template: string;
      spec_key: string;
      name: string;
      margin_bps: number;
      cap: string | null;
      live_delay_ms: number;
      cash_out: boolean;
      main: boolean;
      position: number;
    }>(
      `select template, spec_key, name, margin_bps, liability_cap_usd::text as cap, live_delay_ms, cash_out, main,
              position
         from sport_markets where event_id = $1::bigint`,
      [eventId],
    ),
    tx.query<{ template: string; spec_key: string; key: string; name: string }>(
      `select m.template, m.spec_key, o.key, o.name from sport_outcomes o join sport_markets m on m.id = o.market_id
        where m.event_id = $1::bigint`,
      [eventId],
    ),
  ]);
  const had = new Map(existing.map((e) => [`${e.template}|${e.spec_key}`, e]));
  const outcomeNames = new Map(names.map((n) => [`${n.template}|${n.spec_key}|${n.key}`, n.name]));
  const rows = markets.map((mk, i) => {
    const spec = specKey(mk.specifiers);
    const ex = had.get(`${mk.template}|${spec}`);
    return {
      template: mk.template,
      spec,
      specifiers: JSON.stringify(mk.specifiers ?? {}),
      name: mk.name ?? ex?.name ?? mk.template,
      status: mk.status ?? 'active',
      margin: mk.marginBps ?? ex?.margin_bps ?? 0,
      cap: mk.liabilityCapUsd ?? ex?.cap ?? capUsd,
      delay: mk.liveDelayMs ?? ex?.live_delay_ms ?? 0,
      cashOut: mk.cashOut ?? ex?.cash_out ?? true,
      main: mk.main ?? ex?.main ?? false,
      position: ex?.position ?? existing.length + i,
    };
  });
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const written = await tx.query<{ id: string; template: string; spec_key: string }>(
    `insert into sport_markets (event_id, template, spec_key, specifiers, name, status, margin_bps,
       liability_cap_usd, live_delay_ms, cash_out, main, position)
     select $1::bigint, r.* from unnest($2::text[], $3::text[], $4::jsonb[], $5::text[], $6::text[], $7::int[],
       $8::numeric[], $9::int[], $10::boolean[], $11::boolean[], $12::int[])
       as r (template, spec_key, specifiers, name, status, margin_bps, cap, delay, cash_out, main, position)
     on conflict (event_id, template, spec_key) do update set
       name = excluded.name,
       status = case when sport_markets.status in ('settled', 'cancelled') then sport_markets.status
                     else excluded.status end,
       margin_bps = excluded.margin_bps, liability_cap_usd = excluded.liability_cap_usd,
       live_delay_ms = excluded.live_delay_ms, cash_out = excluded.cash_out, main = excluded.main,
       updated_at = now()
     returning id::text as id, template, spec_key`,
    [
      eventId,
      col((r) => r.template),
      col((r) => r.spec),
      col((r) => r.specifiers),
      col((r) => r.name),
      col((r) => r.status),
      col((r) => r.margin),
      col((r) => r.cap),
      col((r) => r.delay),
      col((r) => r.cashOut),
      col((r) => r.main),
      col((r) => r.position),
    ],
  );
  const idOf = new Map(written.map((w) => [`${w.template}|${w.spec_key}`, w.id]));
  const outcomes = markets.flatMap((mk, i) => {
    const key = `${mk.template}|${rows[i]!.spec}`;
    return mk.outcomes.map((o, j) => ({
      market: idOf.get(key)!,
      key: o.key,
      name: o.name ?? outcomeNames.get(`${key}|${o.key}`) ?? o.key,
      odds: o.odds,
      active: o.active ?? true,
      position: j,
    }));
  });
  await tx.query(
    `with req as (
       select * from unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::boolean[], $6::int[])
         as r (market_id, key, name, odds, active, position)
     ), old as (
       select o.market_id, o.key, o.odds from sport_outcomes o
         join req on req.market_id = o.market_id and req.key = o.key
     ), up as (
       insert into sport_outcomes (market_id, key, name, odds, active, position)
       select market_id, key, name, odds, active, position from req
       on conflict (market_id, key) do update set
         previous_odds = case when sport_outcomes.odds <> excluded.odds then sport_outcomes.odds
                              else sport_outcomes.previous_odds end,
         odds = excluded.odds, active = excluded.active, name = excluded.name
       returning id, market_id, key, odds
     ), liability as (
       insert into sport_liability (outcome_id, market_id) select id, market_id from up
       on conflict (outcome_id) do nothing
     )
     insert into sport_odds_history (outcome_id, odds)
     select up.id, up.odds from up left join old on old.market_id = up.market_id and old.key = up.key
      where old.odds is distinct from up.odds`,
    [
      outcomes.map((o) => o.market),
      outcomes.map((o) => o.key),
      outcomes.map((o) => o.name),
      outcomes.map((o) => o.odds),
      outcomes.map((o) => o.active),
      outcomes.map((o) => o.position),
    ],
  );
  return written.map((w) => w.id);
}

/** After the commit: the changed markets and event status to everyone, settled bets to their players. */
async function announce(ctx: AppContext, fx: Effects): Promise<void> {
  try {
    const { hub } = ctx.realtime;
    const at = new Date().toISOString();
    if (fx.eventId && fx.markets.size) {
      const rows = await ctx.database.query<{
        id: string;
        status: string;
        outcomes: { id: string; odds: number; active: boolean }[];
      }>(
        `select m.id::text as id, m.status,
                coalesce((select json_agg(json_build_object('id', o.id::text, 'odds', o.odds,
                            'active', o.active and m.status = 'active') order by o.position)
                            from sport_outcomes o where o.market_id = m.id), '[]') as outcomes
           from sport_markets m where m.id = any($1::bigint[]) order by m.position, m.id`,
        [[...fx.markets]],
      );
      hub.publish(SPORTSBOOK_CHANNEL, sportOddsChangeEvent, {
        event: fx.eventId,
        markets: rows.map((r) => ({
          id: r.id,
          status: r.status as 'active',
          outcomes: r.outcomes,
        })),
        at,
      });
    }
    if (fx.eventId && fx.status) {
      const [e] = await ctx.database.query<{ status: SportEventStatus; score: unknown; clock: unknown }>(
        'select status, score, clock from sport_events where id = $1::bigint',
        [fx.eventId],
      );
      if (e)
        hub.publish(SPORTSBOOK_CHANNEL, sportEventStatusEvent, {
          event: fx.eventId,
          status: e.status,
          score: (e.score ?? null) as never,
          clock: (e.clock ?? null) as never,
          at,
        });
    }
    if (fx.bets.size) await announceBets(ctx, [...fx.bets]);
  } catch (err) {
    ctx.log.warn({ err }, 'sports: announcing a feed message failed');
  }
}
