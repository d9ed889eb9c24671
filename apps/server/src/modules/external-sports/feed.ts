/**
 * The external sportsbook's bets in the live feed (decision 0034): a bet settled as won or lost shows
 * as the own sportsbook's do (`LiveFeedSportGame`, latest wins' winType `sport`), with its event (the
 * bet slip's competitors; a multi: `Multi (n)`) and its sport's image, and `_id` `xsport-{bet}` (its
 * own numbering: the web opens the external sportsbook at the sport). The live event goes out after the
 * result's commit; the feed's history reads the same view of the bet slip (`externalSportFeedMetadata`).
 */
import { SPORTS, sportByKey } from '@nebula/contracts';
import { toDecimalString } from '@nebula/money';
import type { Database } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { enabledDecimals } from '../currencies/index.js';
import { profitUsd, publishLiveEntry } from '../wagers/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The feed's `_id` of an external sportsbook bet (our bet id). */
export const externalSportFeedId = (betId: string): string => `xsport-${betId}`;

/** What the feed shows of a bet: its type, and its event (a multi: `Multi (n)`) and sport. */
export interface ExternalSportFeedView {
  type: 'single' | 'multi';
  metadata: { id: string; name: string; image: string };
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 120) : undefined;

/** The sport of a selection's `sport_id`: one of our slugs (`soccer-1`), or the number of one (`1`). */
function sportOf(id: unknown) {
  if (typeof id === 'string' && sportByKey(id)) return sportByKey(id);
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  return SPORTS.find((s) => s.id === n);
}

/** The feed's view of a bet slip as the provider sent it (fields it lacks fall back to plain names). */
export function feedViewOfSlip(slip: unknown): ExternalSportFeedView {
  const bets =
    slip && typeof slip === 'object' && Array.isArray((slip as { bets?: unknown }).bets)
      ? ((slip as { bets: unknown[] }).bets.filter((b) => b && typeof b === 'object') as Record<
          string,
          unknown
        >[])
      : [];
  const first = bets[0];
  if (bets.length !== 1 || !first)
    return {
      type: 'multi',
      metadata: { id: 'sports', name: `Multi (${bets.length})`, image: '/api/img/sports/multi.svg' },
    };
  const sport = sportOf(first.sport_id);
  const teams = Array.isArray(first.competitor_name) ? first.competitor_name.map(text) : [];
  const name =
    teams.length === 2 && teams[0] && teams[1]
      ? `${teams[0]} vs ${teams[1]}`
      : (text(first.event_name) ?? text(first.tournament_name) ?? sport?.name ?? text(first.sport_name));
  return {
    type: 'single',
    metadata: {
      id: sport?.key ?? 'sports',
      name: name ?? 'Sportsbook',
      image: `/api/img/sports/${sport?.key ?? 'multi'}.svg`,
    },
  };
}

/** The feed's view of bets `ids` (our bet ids; unknown ids are left out). */
export async function externalSportFeedMetadata(
  db: Pick<Database, 'query'>,
  ids: readonly string[],
): Promise<Map<string, ExternalSportFeedView>> {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db.query<{ id: string; betslip: unknown }>(
    `select id::text as id, betslip from xsport_bets where id = any($1::uuid[])`,
    [uuids],
  );
  return new Map(rows.map((r) => [r.id, feedViewOfSlip(r.betslip)]));
}

/** A bet as its result left it (the wager record's numbers, atomic units). */
export interface SettledBet {
  id: string;
  userId: string;
  currency: string;
  wager: bigint;
  payout: bigint;
  wagerUsd: string | null;
  placedAt: Date;
}

/** Publishes a bet just settled as won or lost into the live feed (after the commit). Best effort. */
export async function announceExternalBet(
  ctx: Pick<AppContext, 'database' | 'realtime' | 'log'>,
  bet: SettledBet,
): Promise<void> {
  try {
    const decimals = (await enabledDecimals(ctx.database, [bet.currency])).get(bet.currency);
    if (decimals === undefined || bet.wager <= 0n) return;
    const view = (await externalSportFeedMetadata(ctx.database, [bet.id])).get(bet.id);
    if (!view) return;
    const profit = bet.payout - bet.wager;
    await publishLiveEntry(
      ctx,
      bet.userId,
      {
        id: externalSportFeedId(bet.id),
        ...view,
        sport: true,
        placedAt: bet.placedAt.toISOString(),
      },
      {
        currency: bet.currency,
        wager: toDecimalString(bet.wager, decimals),
        // As the wager record's: payout / wager with 8 decimals, rounded down.
        multiplier: toDecimalString((bet.payout * 100_000_000n) / bet.wager, 8, { fixed: true }),
        status: bet.payout > bet.wager ? 'win' : 'lose',
        profit: toDecimalString(profit, decimals),
        profitUsd: profitUsd(profit, bet.wager, bet.wagerUsd),
        delay: 0,
      },
    );
  } catch (err) {
    ctx.log.warn({ err }, 'external sportsbook: announcing a settled bet failed');
  }
}
