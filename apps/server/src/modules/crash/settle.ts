/**
 * Crash money after a bet was placed, exactly once. Three ledger keys per bet:
 * `crash:{round}:{user}:wager` (taken when the bet is placed, service.ts), `:payout` (a cash-out) and
 * `:refund` (a cancelled bet, or a wager whose bet row was never inserted). The ledger moves a key's
 * money once, and the amount of each transfer is a pure function of the bet row (`outcomeOf`), so any
 * node may pay any bet any number of times: the first transfer moves the money, the others are replays.
 *
 * - {@link payBet} pays (or refunds) one bet whose outcome is known and marks it settled.
 * - {@link settleRound} finishes a busted round: auto cash-outs whose target was reached are claimed,
 *   every unsettled bet is paid, then the round is marked settled. A manual cash-out claimed by a node
 *   that died before paying is paid here. Runs on the leader after the bust, and again from the repair
 *   job; it is idempotent.
 * - {@link refundOrphanWagers} returns wagers debited by a node that died before inserting the bet row.
 *   A bet row can only be inserted while its round takes bets (the insert locks the round row and checks
 *   the phase), so once the round has left betting a wager without a row will never get one.
 */
import { crash } from '@nebula/games';
import type { AppContext } from '../../platform/context.js';
import { BET_COLUMNS, type BetOutcome, type BetRow, type RoundRow, outcomeOf } from './views.js';

/** The ledger key of a bet's transfer. */
export const crashKey = (round: string, user: string, what: 'wager' | 'payout' | 'refund') =>
  `crash:${round}:${user}:${what}`;

/**
 * Pays or refunds one bet whose outcome is final (cashed out, lost or cancelled) and marks it settled.
 * Returns the outcome ('active' bets are left alone).
 */
export async function payBet(
  ctx: Pick<AppContext, 'database' | 'ledger'>,
  round: Pick<RoundRow, 'phase' | 'crash_point'>,
  bet: Pick<
    BetRow,
    'round_id' | 'user_id' | 'currency' | 'wager' | 'target' | 'status' | 'cashout_ms' | 'cashout_kind'
  >,
): Promise<BetOutcome> {
  const outcome = outcomeOf(bet, round);
  if (outcome.status === 'active') return outcome;
  const player = { user: bet.user_id, kind: 'real' as const };
  const house = { system: 'house' as const };
  const metadata = { game: crash.id, round: bet.round_id };
  if (outcome.status === 'cancelled')
    await ctx.ledger.transfer({
      key: crashKey(bet.round_id, bet.user_id, 'refund'),
      kind: 'bet_refund',
      currency: bet.currency,
      amount: BigInt(bet.wager),
      from: house,
      to: player,
      metadata,
    });
  else if (outcome.payout > 0n)
    await ctx.ledger.transfer({
      key: crashKey(bet.round_id, bet.user_id, 'payout'),
      kind: 'win',
      currency: bet.currency,
      amount: outcome.payout,
      from: house,
      to: player,
      metadata,
    });
  await ctx.database.query(
    `update crash_bets set multiplier = $3, payout = $4::numeric, settled_at = clock_timestamp()
      where round_id = $1::bigint and user_id = $2::uuid and settled_at is null`,
    [bet.round_id, bet.user_id, outcome.multiplier.toString(), outcome.payout.toString()],
    'crash.bet_settled',
  );
  return outcome;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Finishes a busted round (see the module comment). Returns true when this call marked it settled;
 * false when it was settled already or is not busted.
 */
export async function settleRound(
  ctx: Pick<AppContext, 'database' | 'ledger'>,
  round: Pick<RoundRow, 'id' | 'phase' | 'crash_point'>,
  signal?: AbortSignal,
): Promise<boolean> {
  if (round.phase !== 'busted') return false;
  const { database } = ctx;
  await database.query(
    `update crash_bets set cashout_ms = target_ms, cashout_kind = 'auto'
      where round_id = $1::bigint and status = 'placed' and cashout_ms is null and target <= $2::numeric`,
    [round.id, round.crash_point],
  );
  const open = await database.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id join currencies k on k.id = b.currency
      where b.round_id = $1::bigint and b.settled_at is null`,
    [round.id],
  );
  await eachLimited(open, 8, async (bet) => {
    signal?.throwIfAborted();
    await payBet(ctx, round, bet);
  });
  const done = await database.query(
    `update crash_rounds set settled_at = clock_timestamp()
      where id = $1::bigint and phase = 'busted' and settled_at is null
        and not exists (select 1 from crash_bets where round_id = $1::bigint and settled_at is null)
      returning id`,
    [round.id],
  );
  return done.length > 0;
}

/** Orphan wagers looked at per call. */
export const ORPHAN_BATCH = 500;

/**
 * Refunds every crash wager (ledger id above `afterTransferId`, older than `graceSeconds`) whose round
 * has left betting, that has no bet row and no refund yet. Returns the keys refunded by this call, and
 * whether it found a full batch (more may be waiting).
 */
export async function refundOrphanWagers(
  ctx: Pick<AppContext, 'database' | 'ledger' | 'log'>,
  afterTransferId: string,
  graceSeconds: number,
  signal?: AbortSignal,
): Promise<{ refunded: string[]; full: boolean }> {
  const rows = await ctx.database.query<{
    round_id: string;
    user_id: string;
    currency: string;
    amount: string;
  }>(
    `select w.round_id, w.user_id, t.currency, t.amount::text as amount
       from (select id, split_part(idempotency_key, ':', 2) as round_id, split_part(idempotency_key, ':', 3) as user_id
               from ledger_transfers
              where id > $1::bigint and kind = 'bet'
                and idempotency_key ~ '^crash:[0-9]{1,18}:[0-9a-f-]{36}:wager$'
                and created_at < clock_timestamp() - make_interval(secs => $2::int)) w
       join ledger_transfers t on t.id = w.id
       join crash_rounds r on r.id = w.round_id::bigint and r.phase <> 'betting'
      where not exists (select 1 from crash_bets b where b.round_id = w.round_id::bigint and b.user_id = w.user_id::uuid)
        and not exists (select 1 from ledger_transfers f
                         where f.idempotency_key = 'crash:' || w.round_id || ':' || w.user_id || ':refund')
      order by t.id limit ${ORPHAN_BATCH}`,
    [afterTransferId, graceSeconds],
  );
  const refunded: string[] = [];
  for (const w of rows) {
    if (signal?.aborted) break;
    const key = crashKey(w.round_id, w.user_id, 'refund');
    const result = await ctx.ledger.transfer({
      key,
      kind: 'bet_refund',
      currency: w.currency,
      amount: BigInt(w.amount),
      from: { system: 'house' },
      to: { user: w.user_id, kind: 'real' },
      metadata: { game: crash.id, round: w.round_id, repaired: true },
    });
    if (!result.replayed) refunded.push(key);
  }
  if (refunded.length) ctx.log.warn({ refunded }, 'refunded crash wagers whose bet was never placed');
  return { refunded, full: rows.length >= ORPHAN_BATCH };
}
