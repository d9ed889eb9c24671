/**
 * Slot rounds (decision 0030): a round's row collects what its bets staked and its wins paid; it is
 * closed once, and its wager record (product `slots`) written then, when something was staked.
 */
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { providerGame } from '../catalogue/index.js';
import { recordWager } from '../wagers/index.js';

export const ROUND_ROW = `id::text as id, user_id::text as user_id, round_id, game_id, currency, wager::text as wager,
  payout::text as payout, wager_usd::text as wager_usd, opened_at`;

export interface RoundRow {
  id: string;
  user_id: string;
  round_id: string;
  game_id: string;
  currency: string;
  wager: string;
  payout: string;
  wager_usd: string;
  opened_at: Date;
  closed_at?: Date | null;
}

/** payout / wager with two decimals, rounded down. */
export function ratioText(payout: bigint, wager: bigint): string {
  const hundredths = (payout * 100n) / wager;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export async function gameName(
  ctx: Pick<AppContext, 'database'>,
  gameId: string,
): Promise<string | undefined> {
  return (await providerGame(ctx.database, gameId))?.name;
}

export async function roundById(tx: Pick<Session, 'query'>, id: string): Promise<RoundRow | undefined> {
  return (await tx.query<RoundRow>(`select ${ROUND_ROW} from slot_rounds where id = $1::bigint`, [id]))[0];
}

/**
 * Closes round `id` once (`closed_at` set by this call) and writes its wager record when something was
 * staked: whether this call closed it, and the record's id (null when it had no stake).
 */
export async function closeRound(
  tx: Pick<Session, 'query'>,
  id: string,
): Promise<{ closed: boolean; betId: string | null }> {
  const r = (
    await tx.query<RoundRow>(
      `update slot_rounds set closed_at = now(), updated_at = now() where id = $1::bigint and closed_at is null
       returning ${ROUND_ROW}`,
      [id],
    )
  )[0];
  if (!r) return { closed: false, betId: null };
  return { closed: true, betId: await recordRound(tx, r) };
}

/** Writes the record of round `r` when it staked something and has none yet; the record's id, or null. */
export async function recordRound(tx: Pick<Session, 'query'>, r: RoundRow): Promise<string | null> {
  const wager = BigInt(r.wager);
  const payout = BigInt(r.payout);
  if (wager <= 0n) return null;
  return recordWager(tx, {
    product: 'slots',
    reference: r.id,
    game: r.game_id,
    userId: r.user_id,
    currency: r.currency,
    demo: false,
    wager,
    payout,
    multiplier: { num: payout, den: wager },
    params: { round: r.round_id },
    outcome: {},
    houseEdgeBps: 0,
    wagerUsd: r.wager_usd,
    placedAt: new Date(r.opened_at).toISOString(),
  });
}
