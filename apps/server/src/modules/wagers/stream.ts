/**
 * The `wager settled` stream: every wager record (a `bets` row, written in the transaction that settles
 * the stake) is delivered to every registered consumer, after its commit, exactly once in effect.
 *
 * The record itself is the outbox row: it is written in the bet's own transaction, and it carries that
 * transaction's id (`tx`, migration 0022). A consumer's position is a row of `wager_consumers`. One
 * delivery is ONE transaction: lock the position, read the next records in (tx, id) order that lie
 * below the oldest transaction still running (so a record committed late by a transaction that began
 * early is never skipped: every transaction below that horizon has ended), let the consumer apply them
 * in that same transaction, move the position. A crash or a leader change in between rolls the batch
 * back; the next leader delivers it again. Nothing of this runs inside a bet's transaction, and no row
 * is updated by every bet.
 *
 * Consumers run on the jobs leader (`wagers.stream`), each at its own pace; a failing consumer is
 * retried on the next run and does not hold the others back.
 *
 * One read for every consumer (the job's rounds): the records the consumers need next are read ONCE per
 * round, outside their transactions, from the position of the consumer furthest behind ({@link readSegment}),
 * and each consumer's delivery applies the part of that segment past its own position. This is the same
 * as each reading them itself: every record of a segment lies below the horizon of the snapshot that read
 * it, so no transaction that could still add a record in its range is running, and a segment is therefore
 * every record of the stream from its start to its last, in stream order, whatever snapshot reads it
 * later. A consumer whose position lies outside the segment (ahead of its last record, or moved by another
 * leader meanwhile) reads its records itself, as before.
 */
import type { Database, Session } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Product } from './record.js';

/** A settled wager as consumers see it (amounts in atomic units, decimal strings). */
export interface SettledWager {
  id: string;
  product: Product;
  game: string;
  user_id: string;
  currency: string;
  demo: boolean;
  wager: string;
  payout: string;
  profit: string;
  wager_usd: string | null;
  bonus_wager: string;
  /** The house edge the game applied, basis points (0 where the product records none: sports, slots). */
  house_edge_bps: number;
  /** The product's own key of the stake (sports: the sports bet id), or null. */
  reference: string | null;
  placed_at: Date;
  created_at: Date;
}

export interface WagerConsumer {
  /** Unique; the consumer's row in `wager_consumers`. */
  name: string;
  /**
   * Applies a batch (in stream order) inside the delivery transaction: what it writes with `tx` commits
   * with the position, so it happens once. Effects outside the database must be idempotent. It may
   * answer what to do after the commit (realtime events of what it applied; best effort, never run
   * when the batch rolls back).
   */
  apply(tx: Session, wagers: readonly SettledWager[]): Promise<void | (() => Promise<void>)>;
  /**
   * Called before each delivery transaction: reads `apply` needs from outside the database's
   * transaction (settings, prices), never run inside it (on PGlite's one connection a read of another
   * session inside the transaction would wait for it forever).
   */
  prepare?(): Promise<void>;
}

/** Records per delivery transaction at most. */
export const STREAM_BATCH = 1000;
/** How often the leader delivers (the lag of a consumer behind a commit, at most about this). */
export const STREAM_INTERVAL_MS = 500;

const NEXT_SQL = `select b.id::text as id, b.product, b.game, b.user_id::text as user_id, b.currency, b.demo,
    b.wager::text as wager, b.payout::text as payout, b.profit::text as profit, b.wager_usd::text as wager_usd,
    b.bonus_wager::text as bonus_wager, b.house_edge_bps, b.reference, coalesce(b.placed_at, b.created_at) as placed_at, b.created_at,
    b.tx::text as tx
  from bets b
 where b.tx is not null and (b.tx, b.id) > ($1::xid8, $2::bigint)
   and b.tx < pg_snapshot_xmin(pg_current_snapshot())
 order by b.tx, b.id
 limit $3`;

/** A position in the stream: a record's (transaction id, bet id), both as decimal strings. */
interface StreamPosition {
  tx: string;
  id: string;
}

type StreamRow = SettledWager & { tx: string };

/**
 * The records of the stream right after `from`, at most `batch`, read in one statement (outside any
 * transaction is fine: see the module comment). `full`: the segment was cut by `batch`, more may follow.
 */
interface StreamSegment {
  from: StreamPosition;
  rows: readonly StreamRow[];
  full: boolean;
}

const isAfter = (a: StreamPosition, b: StreamPosition): boolean => {
  const at = BigInt(a.tx);
  const bt = BigInt(b.tx);
  return at > bt || (at === bt && BigInt(a.id) > BigInt(b.id));
};

/** Reads the {@link StreamSegment} after `from`. */
async function readSegment(
  q: Pick<Session, 'query'>,
  from: StreamPosition,
  batch = STREAM_BATCH,
): Promise<StreamSegment> {
  const rows = await q.query<StreamRow>(NEXT_SQL, [from.tx, from.id, batch], 'wagers.stream_next');
  return { from, rows, full: rows.length >= batch };
}

/**
 * The records of `segment` after `position`, or null when the segment does not hold them all: the
 * position lies before the segment's start, or at or past its last record (the next records are then
 * not read yet).
 */
function partAfter(segment: StreamSegment, position: StreamPosition): StreamRow[] | null {
  const last = segment.rows.at(-1);
  if (!last || isAfter(segment.from, position) || !isAfter(last, position)) return null;
  return segment.rows.filter((r) => isAfter(r, position));
}

/**
 * Delivers the next batch to `consumer` (one transaction); returns how many records it applied (0: the
 * consumer is at the head of the stream). With `segment` (read by the caller, see the module comment)
 * the records come from it when it holds the consumer's next ones.
 */
export async function deliverWagers(
  database: Pick<Database, 'transaction'>,
  consumer: WagerConsumer,
  batch = STREAM_BATCH,
  segment?: StreamSegment,
): Promise<number> {
  const then: { after?: () => Promise<void> } = {};
  await consumer.prepare?.();
  const applied = await database.transaction(async (tx) => {
    await tx.query('insert into wager_consumers (name) values ($1) on conflict (name) do nothing', [
      consumer.name,
    ]);
    const at = (
      await tx.query<{ last_tx: string; last_id: string }>(
        `select last_tx::text as last_tx, last_id::text as last_id from wager_consumers
          where name = $1 for update`,
        [consumer.name],
      )
    )[0];
    if (!at) throw new Error(`wager consumer ${consumer.name} has no position`);
    const position = { tx: at.last_tx, id: at.last_id };
    const rows =
      (segment && partAfter(segment, position)?.slice(0, batch)) ??
      (await readSegment(tx, position, batch)).rows;
    const last = rows.at(-1);
    if (!last) return 0;
    const after = await consumer.apply(
      tx,
      rows.map(({ tx: _tx, ...wager }) => wager),
    );
    if (after) then.after = after;
    await tx.query(
      `update wager_consumers set last_tx = $2::xid8, last_id = $3::bigint, updated_at = now() where name = $1`,
      [consumer.name, last.tx, last.id],
    );
    return rows.length;
  });
  await then.after?.().catch(() => undefined);
  return applied;
}

/**
 * Where `consumer` stands, as the caller's transaction sees it: the last record it applied (`tx` '0'
 * and `id` '0' before its first delivery). A reader that adds the records past it to what the consumer
 * built (the race standings) reads both in one snapshot.
 */
export async function consumerPosition(
  tx: Pick<Session, 'query'>,
  consumer: string,
): Promise<{ tx: string; id: string }> {
  const rows = await tx.query<{ tx: string; id: string }>(
    'select last_tx::text as tx, last_id::text as id from wager_consumers where name = $1',
    [consumer],
  );
  return rows[0] ?? { tx: '0', id: '0' };
}

/** Delivers to `consumer` until it reaches the head of the stream (or `signal` aborts). */
export async function drainWagers(
  database: Pick<Database, 'transaction'>,
  consumer: WagerConsumer,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const n = await deliverWagers(database, consumer);
    total += n;
    if (n < STREAM_BATCH) return total;
  }
}

/**
 * Delivers the stream to every consumer until each reaches its head (or `signal` aborts), in rounds: one
 * {@link readSegment} from the position of the consumer furthest behind, then one delivery to each. A
 * consumer that fails is left out of the rest of the rounds (its batch rolled back; it is tried again
 * on the next call) and does not hold the others back. Returns the first failure, if any.
 */
export async function deliverToAll(
  database: Pick<Database, 'transaction' | 'query'>,
  consumers: readonly WagerConsumer[],
  opts: { signal?: AbortSignal; onError?: (consumer: WagerConsumer, err: unknown) => void } = {},
): Promise<{ failed: unknown }> {
  let failed: unknown;
  const active = new Set(consumers);
  while (active.size > 0 && !opts.signal?.aborted) {
    const positions = new Map(
      (
        await database.query<{ name: string; tx: string; id: string }>(
          `select name, last_tx::text as tx, last_id::text as id from wager_consumers where name = any($1::text[])`,
          [[...active].map((c) => c.name)],
          'wagers.stream_positions',
        )
      ).map((r) => [r.name, { tx: r.tx, id: r.id }]),
    );
    // The furthest behind (a consumer without a position yet starts at the beginning).
    let from: StreamPosition | undefined;
    for (const c of active) {
      const p = positions.get(c.name) ?? { tx: '0', id: '0' };
      if (!from || isAfter(from, p)) from = p;
    }
    const segment = await readSegment(database, from!);
    let more = segment.full;
    for (const consumer of [...active]) {
      if (opts.signal?.aborted) break;
      try {
        const n = await deliverWagers(database, consumer, STREAM_BATCH, segment);
        if (n >= STREAM_BATCH) more = true;
      } catch (err) {
        opts.onError?.(consumer, err);
        failed ??= err;
        active.delete(consumer);
      }
    }
    if (!more) break;
  }
  return { failed };
}

/** The leader's job delivering the stream to every consumer (one failing consumer does not stop the rest). */
export function wagerStreamJob(
  ctx: Pick<AppContext, 'database' | 'log'>,
  consumers: readonly WagerConsumer[],
): JobDefinition {
  const names = new Set<string>();
  for (const c of consumers) {
    if (names.has(c.name)) throw new Error(`wager consumer ${c.name} registered twice`);
    names.add(c.name);
  }
  return {
    name: 'wagers.stream',
    intervalMs: STREAM_INTERVAL_MS,
    runOnElect: true,
    run: async ({ signal }) => {
      const { failed } = await deliverToAll(ctx.database, consumers, {
        signal,
        onError: (consumer, err) =>
          ctx.log.error({ err, consumer: consumer.name }, 'wager consumer failed; retried next run'),
      });
      if (failed) throw failed;
    },
  };
}
