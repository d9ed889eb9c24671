/**
 * Crash repair of bets (a leader-only job, `games.repair`): the engine moves money in three ledger
 * transfers around one database transaction (games.service.ts), so a process that dies between them
 * leaves one of two states, both repaired here with the engine's own idempotency keys:
 *
 *  - a crash between steps 3 and 4: a settled bet with payout > 0 and no `bet:{id}:payout` transfer.
 *    The payout is replayed with that key; if the engine (or an earlier run) already paid, the ledger
 *    answers "replayed" and nothing moves, so paying twice is impossible.
 *  - a crash between steps 2 and 3: a `bet:{id}:wager` transfer with no bet row (and no open or
 *    finished extended round: an open round holds its wager; a cancelled one is refunded) and no
 *    `bet:{id}:refund`. Once the wager is older than the grace period it is refunded with key
 *    `bet:{id}:refund` (the key the engine itself refunds with). The engine inserts a bet row only while
 *    its wager is younger than SETTLE_WITHIN_SECONDS (30 s, checked by the database at the insert), so
 *    a wager older than the grace period (60 s) that has no bet row will never get one.
 *
 * Scans are incremental: each run looks at bets and ledger transfers with ids above a watermark, which
 * moves up to the newest id older than ten minutes. The first run of a term, and one run an hour, scan
 * everything, so nothing is missed across leader changes or long outages.
 */
import type { JobRunner } from '../../jobs/index.js';
import type { AppContext } from '../../platform/context.js';
import { PLAYER_KINDS, type PlayerKind, SYSTEM_KINDS, type SystemKind } from '../ledger/index.js';

/** Default age (seconds) before a wager with no bet row is refunded and an unpaid bet is paid. */
export const REPAIR_GRACE_SECONDS = 60;
/** How often the job runs (also once when this node is elected). */
export const REPAIR_INTERVAL_MS = 30_000;
/** Rows repaired per kind and run at most (the next run goes on). */
const BATCH = 500;
/** Rows older than this are behind the watermark: the next incremental scan starts after them. */
const WATERMARK_AGE_SECONDS = 600;
/** A full scan every this many runs (one hour at 30 s). */
const FULL_SCAN_EVERY = 120;

export interface RepairOptions {
  /** Only rows older than this (seconds) are repaired. Default {@link REPAIR_GRACE_SECONDS}. */
  graceSeconds?: number;
  /** Scan bets with ids above this. Default '0' (everything). */
  afterBetId?: string;
  /** Scan ledger transfers with ids above this. Default '0' (everything). */
  afterTransferId?: string;
  signal?: AbortSignal;
}

export interface RepairReport {
  /** Bet ids whose payout was credited by this run. */
  paid: string[];
  /** Bet ids whose wager was refunded by this run. */
  refunded: string[];
  /** Keys (`bet:{id}:stake:{n}`) of extended-round stakes refunded by this run. */
  stakesRefunded: string[];
}

const isPlayerKind = (k: string): k is PlayerKind => (PLAYER_KINDS as readonly string[]).includes(k);
const isSystemKind = (k: string): k is SystemKind => (SYSTEM_KINDS as readonly string[]).includes(k);

interface Pass {
  /** Ids repaired (a replayed transfer is not counted). */
  ids: string[];
  /** The scan returned a full batch: more may be waiting. */
  full: boolean;
}

/** Pays every settled bet whose payout transfer is missing; returns the bet ids paid. */
export async function payUnpaidBets(ctx: AppContext, opts: RepairOptions = {}): Promise<string[]> {
  return (await payPass(ctx, opts)).ids;
}

/** Refunds every wager older than the grace period that has neither a bet row nor a refund. */
export async function refundOrphanWagers(ctx: AppContext, opts: RepairOptions = {}): Promise<string[]> {
  return (await refundPass(ctx, opts)).ids;
}

async function payPass(ctx: AppContext, opts: RepairOptions): Promise<Pass> {
  const rows = await ctx.database.query<{
    id: string;
    user_id: string;
    game: string;
    currency: string;
    demo: boolean;
    payout: string;
  }>(
    `select b.id::text as id, b.user_id, b.game, b.currency, b.demo, b.payout::text as payout
       from bets b
      where b.id > $1::bigint and b.payout > 0
        and b.created_at < now() - make_interval(secs => $2::int)
        and not exists (select 1 from ledger_transfers t where t.idempotency_key = 'bet:' || b.id || ':payout')
      order by b.id limit ${BATCH}`,
    [opts.afterBetId ?? '0', opts.graceSeconds ?? REPAIR_GRACE_SECONDS],
  );
  const paid: string[] = [];
  for (const b of rows) {
    if (opts.signal?.aborted) break;
    const result = await ctx.ledger.transfer({
      key: `bet:${b.id}:payout`,
      kind: 'win',
      currency: b.currency,
      amount: BigInt(b.payout),
      from: { system: b.demo ? 'demo_faucet' : 'house' },
      to: { user: b.user_id, kind: b.demo ? 'demo' : 'real' },
      metadata: { game: b.game, bet: b.id, repaired: true },
    });
    if (!result.replayed) paid.push(b.id);
  }
  if (paid.length) ctx.log.warn({ bets: paid }, 'repaired bets settled without their payout');
  return { ids: paid, full: rows.length >= BATCH };
}

async function refundPass(ctx: AppContext, opts: RepairOptions): Promise<Pass> {
  const rows = await ctx.database.query<{
    bet_id: string;
    currency: string;
    amount: string;
    player_kind: string;
    user_id: string | null;
    bank_kind: string;
    bank_owner: string | null;
    metadata: Record<string, unknown> | null;
  }>(
    `select w.bet_id, t.currency, t.amount::text as amount, d.kind as player_kind, d.owner_id as user_id,
            c.kind as bank_kind, c.owner_id as bank_owner, t.metadata
       from (select id, split_part(idempotency_key, ':', 2) as bet_id from ledger_transfers
              where id > $1::bigint and kind = 'bet' and idempotency_key ~ '^bet:[0-9]{1,18}:wager$'
                and created_at < now() - make_interval(secs => $2::int)) w
       join ledger_transfers t on t.id = w.id
       join ledger_accounts d on d.id = t.debit_account
       join ledger_accounts c on c.id = t.credit_account
      where not exists (select 1 from bets b where b.id = w.bet_id::bigint)
        and not exists (select 1 from extended_rounds e where e.id = w.bet_id::bigint and e.status <> 'cancelled')
        and not exists (select 1 from ledger_transfers r where r.idempotency_key = 'bet:' || w.bet_id || ':refund')
      order by t.id limit ${BATCH}`,
    [opts.afterTransferId ?? '0', opts.graceSeconds ?? REPAIR_GRACE_SECONDS],
  );
  const refunded: string[] = [];
  for (const w of rows) {
    if (opts.signal?.aborted) break;
    if (!w.user_id || !isPlayerKind(w.player_kind) || w.bank_owner || !isSystemKind(w.bank_kind)) {
      ctx.log.error({ bet: w.bet_id }, 'a bet wager between unexpected accounts: not refunded');
      continue;
    }
    const result = await ctx.ledger.transfer({
      key: `bet:${w.bet_id}:refund`,
      kind: 'bet_refund',
      currency: w.currency,
      amount: BigInt(w.amount),
      from: { system: w.bank_kind },
      to: { user: w.user_id, kind: w.player_kind },
      metadata: { game: w.metadata?.game ?? null, bet: w.bet_id, repaired: true },
    });
    if (!result.replayed) refunded.push(w.bet_id);
  }
  if (refunded.length) ctx.log.warn({ bets: refunded }, 'refunded wagers of bets that never settled');
  return { ids: refunded, full: rows.length >= BATCH };
}

/**
 * Refunds the extra stakes of extended rounds (blackjack double, split, insurance: `bet:{id}:stake:{n}`) that
 * no decision recorded: the process died between the debit and the decision's transaction. A stake is
 * recorded in its round's `stakes` map under the decision's index. It is returned (key
 * `bet:{id}:stake:{n}:refund`, the engine's own) once the transfer is older than the grace period, the map
 * lacks it, and the round has moved past decision n or ended. While the round still waits at decision n the
 * stake stays: the player's retry of that decision reuses the same key, and the debit counts for it.
 */
async function stakePass(ctx: AppContext, opts: RepairOptions): Promise<Pass> {
  const rows = await ctx.database.query<{
    key: string;
    bet_id: string;
    currency: string;
    amount: string;
    player_kind: string;
    user_id: string | null;
    bank_kind: string;
    bank_owner: string | null;
    metadata: Record<string, unknown> | null;
  }>(
    `select t.idempotency_key as key, split_part(t.idempotency_key, ':', 2) as bet_id, t.currency,
            t.amount::text as amount, d.kind as player_kind, d.owner_id as user_id, c.kind as bank_kind,
            c.owner_id as bank_owner, t.metadata
       from ledger_transfers t
       join ledger_accounts d on d.id = t.debit_account
       join ledger_accounts c on c.id = t.credit_account
      where t.id > $1::bigint and t.kind = 'bet' and t.idempotency_key ~ '^bet:[0-9]{1,18}:stake:[0-9]{1,6}$'
        and t.created_at < now() - make_interval(secs => $2::int)
        and exists (select 1 from extended_rounds e where e.id = split_part(t.idempotency_key, ':', 2)::bigint
                      and not (e.stakes ? split_part(t.idempotency_key, ':', 4))
                      and (e.status <> 'open'
                           or jsonb_array_length(e.actions) > split_part(t.idempotency_key, ':', 4)::int))
        and not exists (select 1 from ledger_transfers r where r.idempotency_key = t.idempotency_key || ':refund')
      order by t.id limit ${BATCH}`,
    [opts.afterTransferId ?? '0', opts.graceSeconds ?? REPAIR_GRACE_SECONDS],
  );
  const refunded: string[] = [];
  for (const w of rows) {
    if (opts.signal?.aborted) break;
    if (!w.user_id || !isPlayerKind(w.player_kind) || w.bank_owner || !isSystemKind(w.bank_kind)) {
      ctx.log.error({ key: w.key }, 'an extended stake between unexpected accounts: not refunded');
      continue;
    }
    const result = await ctx.ledger.transfer({
      key: `${w.key}:refund`,
      kind: 'bet_refund',
      currency: w.currency,
      amount: BigInt(w.amount),
      from: { system: w.bank_kind },
      to: { user: w.user_id, kind: w.player_kind },
      metadata: { game: w.metadata?.game ?? null, bet: w.bet_id, repaired: true },
    });
    if (!result.replayed) refunded.push(w.key);
  }
  if (refunded.length)
    ctx.log.warn({ stakes: refunded }, 'refunded extended-round stakes no decision recorded');
  return { ids: refunded, full: rows.length >= BATCH };
}

/** One repair pass over both states. Idempotent: a second pass finds nothing to do. */
export async function repairBets(ctx: AppContext, opts: RepairOptions = {}): Promise<RepairReport> {
  return (await repairPass(ctx, opts)).report;
}

async function repairPass(
  ctx: AppContext,
  opts: RepairOptions,
): Promise<{ report: RepairReport; full: boolean }> {
  const pay = await payPass(ctx, opts);
  const refund = await refundPass(ctx, opts);
  const stakes = await stakePass(ctx, opts);
  return {
    report: { paid: pay.ids, refunded: refund.ids, stakesRefunded: stakes.ids },
    full: pay.full || refund.full || stakes.full,
  };
}

/** The repair job with its incremental watermarks (in memory: a new leader starts with a full scan). */
export class BetRepairJob {
  private afterBetId = '0';
  private afterTransferId = '0';
  private runs = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: Pick<RepairOptions, 'graceSeconds'> = {},
  ) {}

  async runOnce(signal?: AbortSignal): Promise<RepairReport> {
    if (this.runs++ % FULL_SCAN_EVERY === 0) {
      this.afterBetId = '0';
      this.afterTransferId = '0';
    }
    const { afterBetId, afterTransferId } = this;
    // Read the next watermarks BEFORE repairing, so rows older than them were all seen by this scan.
    const marks = await this.ctx.database.query<{ bet: string; transfer: string }>(
      `select coalesce((select max(id) from bets where id > $1::bigint
                          and created_at < now() - make_interval(secs => $3::int)), $1::bigint)::text as bet,
              coalesce((select max(id) from ledger_transfers where id > $2::bigint
                          and created_at < now() - make_interval(secs => $3::int)), $2::bigint)::text as transfer`,
      [afterBetId, afterTransferId, WATERMARK_AGE_SECONDS],
    );
    const { report, full } = await repairPass(this.ctx, {
      ...this.opts,
      afterBetId,
      afterTransferId,
      ...(signal ? { signal } : {}),
    });
    // A full batch may have left work behind the new marks: keep the old ones until a run catches up.
    if (!full && !signal?.aborted) {
      this.afterBetId = marks[0]?.bet ?? afterBetId;
      this.afterTransferId = marks[0]?.transfer ?? afterTransferId;
    }
    return report;
  }
}

/** Registers the leader-only repair job: at election, then every 30 s. */
export function registerGameJobs(jobs: JobRunner, ctx: AppContext): void {
  const job = new BetRepairJob(ctx);
  jobs.register({
    name: 'games.repair',
    intervalMs: REPAIR_INTERVAL_MS,
    runOnElect: true,
    run: async ({ signal }) => {
      await job.runOnce(signal);
    },
  });
}
