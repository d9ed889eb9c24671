/**
 * The wager record: one `bets` row per stake of every product (migration 0019), inserted once, when
 * the stake is settled, in the transaction that settles it (with its payout transfer). My bets, the bet
 * overview, the live feed history and the weekly race read this one table; the wager stream
 * (stream.ts) delivers each record to the consumers (statistics, race, programmes).
 */
import { type Ratio, ratioToFixed } from '@nebula/games';
import type { Session } from '../../db/client.js';

export type Product = 'originals' | 'extended' | 'crash';

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
}

/**
 * Inserts the records (arrays `$1`..`$20`, one element per record) in one statement. A record with a
 * reference is inserted once per (product, reference): a replay inserts nothing. Returns the ids of the
 * records inserted by this statement. Whatever follows from a record (statistics, race, programmes) is
 * applied by the consumers of the wager stream (stream.ts), after the commit, never here.
 */
export const RECORD_SQL = `
with req as (
  select * from unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[],
    $7::bigint[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::bigint[], $13::bigint[],
    $14::jsonb[], $15::jsonb[], $16::int[], $17::numeric[], $18::text[], $19::text[], $20::timestamptz[])
    as r (id, user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den, payout, profit,
          seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product, reference, placed_at)
), bet as (
  insert into bets (id, user_id, game, currency, demo, wager, multiplier, multiplier_num, multiplier_den,
    payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product, reference,
    placed_at)
  select coalesce(id, nextval('bets_id_seq')), user_id, game, currency, demo, wager, multiplier, multiplier_num,
    multiplier_den, payout, profit, seed_pair_id, nonce, params, outcome, house_edge_bps, wager_usd, product,
    reference, coalesce(placed_at, now())
    from req
  on conflict (product, reference) where reference is not null do nothing
  returning id, user_id, game, currency, demo, wager, payout, profit, wager_usd, reference
)
select id::text as id, reference from bet`;

/**
 * Inserts wager records (see {@link RECORD_SQL}); the id and reference of each record inserted (a
 * replayed record has none).
 */
export async function recordWagers(
  tx: Pick<Session, 'query'>,
  records: readonly WagerRecord[],
): Promise<{ id: string; reference: string | null }[]> {
  if (records.length === 0) return [];
  const col = <T>(f: (r: WagerRecord) => T) => records.map(f);
  return tx.query<{ id: string; reference: string | null }>(
    RECORD_SQL,
    [
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
    ],
    'wagers.record',
  );
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
