/**
 * The wager record: one `bets` row per stake of every product (migration 0019), inserted once, when
 * the stake is settled, in the transaction that settles it (with its payout transfer). My bets, the bet
 * overview, the live feed history and the weekly race read this one table; the wager stream
 * (stream.ts) delivers each record to the consumers (statistics, race, programmes).
 */
import { type Ratio, ratioToFixed } from '@nebula/games';
import type { Session } from '../../db/client.js';

export type Product = 'originals' | 'extended' | 'crash' | 'sports' | 'slots' | 'external-sports';

export interface WagerRecord {
  /** The id the product took from the bets sequence (originals, extended); crash takes one here. */
  id?: string;
  product: Product;
  /** The product's own key of the stake when it is not the id (crash: `{round}:{user}`). */
  reference?: string;
  game: string;
  userId: string;
  currency: string;
  demo: boolean;
  wager: bigint;
  payout: bigint;
  multiplier: Ratio;
  seedPairId?: string | null;
  nonce?: number | string | null;
  params: unknown;
  outcome: unknown;
  houseEdgeBps: number;
  /** USD value of the wager at bet time (real bets); null for demo. */
  wagerUsd: string | null;
  /** When the stake was taken (default: now, for a stake settled at once). */
  placedAt?: string | null;
  /** The part of the wager bonus money funded (decision 0036; default 0). */
  bonusWager?: bigint;
}

/** {@link RECORD_SQL}'s CTEs, `record_req` and `record_bet`, with its parameters from `$first`. */
export const recordCtes = (first: number) => {
  const p = (n: number) => `$${first + n - 1}`;
  return `record_req as (
  select * from unnest(${p(1)}::bigint[], ${p(2)}::uuid[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::boolean[], ${p(6)}::numeric[],
    ${p(7)}::bigint[], ${p(8)}::numeric[], ${p(9)}::numeric[], ${p(10)}::numeric[], ${p(11)}::numeric[], ${p(12)}::bigint[], ${p(13)}::bigint[],
    ${p(14)}::jsonb[], ${p(15)}::jsonb[], ${p(16)}::int[], ${p(17)}::numeric[], ${p(18)}::text[], ${p(19)}::text[], ${p(20)}::timestamptz[],
    ${p(21)}::numeric[])
    as r (id, user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout, profit,
          seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product, reference, placed_at, bonus_wager)
), record_bet as (
  insert into bets (id, user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den,
    payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product, reference,
    placed_at, bonus_wager)
  select coalesce(id, nextval('bets_id_seq')), user_id, game, currency, demo, wager, multiplier, multiplier_num,
    multiplier_den, payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product,
    reference, coalesce(placed_at, now()), coalesce(bonus_wager, 0)
    from record_req
  on conflict (product, reference) where reference is not null do nothing
  returning id, user_id, game, currency, demo, wager, payout, profit, wager_usd, reference
)`;
};

/**
 * Inserts the records (arrays `$1`..`$21`, one element per record) in one statement. A record with a
 * reference is inserted once per (product, reference): a replay inserts nothing. Returns the ids of the
 * records inserted by this statement. Whatever follows from a record (statistics, race, programmes) is
 * applied by the consumers of the wager stream (stream.ts), after the commit, never here.
 */
export const RECORD_SQL = `
with ${recordCtes(1)}
select id::text as id, reference from record_bet`;

/**
 * Inserts wager records (see {@link RECORD_SQL}); the id and reference of each record inserted (a
 * replayed record has none).
 */
export async function recordWagers(
  tx: Pick<Session, 'query'>,
  records: readonly WagerRecord[],
): Promise<{ id: string; reference: string | null }[]> {
  if (records.length === 0) return [];
  return tx.query<{ id: string; reference: string | null }>(
    RECORD_SQL,
    recordParams(records),
    'wagers.record',
  );
}

/**
 * The records' writes for another module's statement (the group commit's transfers, ledger
 * `transferManyWith`): {@link recordCtes} with parameters from `$first`, and the column `recorded`,
 * the number of records inserted.
 */
export function recordWrites(
  records: readonly WagerRecord[],
  first: number,
): { ctes: string; columns: string; params: unknown[] } {
  return {
    ctes: recordCtes(first),
    columns: '(select count(*)::int from record_bet) as recorded',
    params: recordParams(records),
  };
}

/** The parameters of {@link RECORD_SQL} (21 arrays, one element per record). */
function recordParams(records: readonly WagerRecord[]): unknown[] {
  const col = <T>(f: (r: WagerRecord) => T) => records.map(f);
  return [
    col((r) => r.id ?? null),
    col((r) => r.userId),
    col((r) => r.game),
    col((r) => r.currency),
    col((r) => r.demo),
    col((r) => r.wager.toString()),
    col((r) => ratioToFixed(r.multiplier, 8).toString()),
    col((r) => r.multiplier.num.toString()),
    col((r) => r.multiplier.den.toString()),
    col((r) => r.payout.toString()),
    col((r) => (r.payout - r.wager).toString()),
    col((r) => r.seedPairId ?? null),
    col((r) => (r.nonce == null ? null : String(r.nonce))),
    col((r) => JSON.stringify(r.params ?? {})),
    col((r) => JSON.stringify(r.outcome ?? {})),
    col((r) => r.houseEdgeBps),
    col((r) => r.wagerUsd),
    col((r) => r.product),
    col((r) => r.reference ?? null),
    col((r) => r.placedAt ?? null),
    col((r) => (r.bonusWager ?? 0n).toString()),
  ];
}

/** Inserts one wager record; its id, or null when it was recorded before. */
export async function recordWager(tx: Pick<Session, 'query'>, record: WagerRecord): Promise<string | null> {
  return (await recordWagers(tx, [record]))[0]?.id ?? null;
}

/**
 * What a player staked from their real balance in `currency` since `since` (exclusive; null: ever; a
 * string is a timestamptz as the database prints it, exact to the microsecond), in atomic units: the
 * sum over their real (not demo) wager records placed after it of the stake less its bonus-funded part.
 * Every product counts (single-round, extended rounds with their extra stakes, crash). Only settled
 * stakes have a record, so a stake still in play counts once it is settled, and a stake refunded
 * instead (a cancelled crash bet) never counts: it was not wagered.
 */
export async function wageredSince(
  session: Pick<Session, 'query'>,
  input: { userId: string; currency: string; since: Date | string | null },
): Promise<bigint> {
  const rows = await session.query<{ wagered: string }>(
    `select coalesce(sum(wager - bonus_wager), 0)::text as wagered from bets
      where user_id = $1::uuid and currency = $2 and not demo
        and coalesce(placed_at, created_at) > coalesce($3::timestamptz, '-infinity'::timestamptz)`,
    [input.userId, input.currency, input.since],
    'wagers.wagered_since',
  );
  return BigInt(rows[0]?.wagered ?? '0');
}

/**
 * Corrects the payout of a stake settled again after its settlement was rolled back (a sports bet whose
 * results the feed corrected, decision 0028): the record keeps its stake and placement, its payout,
 * profit, multiplier and outcome follow the new settlement. The only change a record ever takes; the
 * stream's consumers have applied the first settlement (the race counts stakes only, so it is
 * unaffected; the statistics keep the first payout).
 */
export async function resettleWager(
  tx: Pick<Session, 'query'>,
  product: Product,
  reference: string,
  payout: bigint,
  outcome: unknown,
): Promise<void> {
  await tx.query(
    `update bets set payout = $3::numeric, profit = $3::numeric - wager,
            multiplier = floor($3::numeric * 100000000 / wager), multiplier_num = $3::numeric,
            multiplier_den = wager, outcome = $4::jsonb
      where product = $1 and reference = $2`,
    [product, reference, payout.toString(), JSON.stringify(outcome)],
  );
}

/** A wager record as the back office's player page lists it (amounts in atomic units). */
export interface RecentWager {
  id: string;
  product: string;
  game: string;
  currency: string;
  demo: boolean;
  wager: bigint;
  payout: bigint;
  createdAt: Date | string;
}

/** The player's latest `limit` wager records (every product, real and demo), newest first. */
export async function recentWagers(
  q: Pick<Session, 'query'>,
  userId: string,
  limit: number,
): Promise<RecentWager[]> {
  const rows = await q.query<{
    id: string;
    product: string;
    game: string;
    currency: string;
    demo: boolean;
    wager: string;
    payout: string;
    created_at: Date | string;
  }>(
    `select id::text as id, product, game, currency, demo, wager::text as wager, payout::text as payout, created_at
       from bets where user_id = $1::uuid order by created_at desc, id desc limit $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    product: r.product,
    game: r.game,
    currency: r.currency,
    demo: r.demo,
    wager: BigInt(r.wager),
    payout: BigInt(r.payout),
    createdAt: r.created_at,
  }));
}
