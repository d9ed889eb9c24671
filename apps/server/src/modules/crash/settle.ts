/**
 * Crash money after a bet was placed, exactly once. Three ledger keys per bet (modules/wagers
 * `stakeKey`): `crash:{round}:{user}:wager` (taken with the bet row in one transaction, service.ts),
 * `:payout` (a cash-out) and `:refund` (a cancelled bet). The ledger moves a key's money once, and the
 * amount of each transfer is a pure function of the bet row (`outcomeOf`), so any node may pay any bet
 * any number of times: the first transfer moves the money, the others are replays.
 *
 * - {@link payBet} pays (or refunds) one bet whose outcome is known, marks it settled and writes its
 *   wager record (modules/wagers), in ONE transaction.
 * - {@link settleRound} finishes a busted round: auto cash-outs whose target was reached are claimed,
 *   every unsettled bet is paid, then the round is marked settled. A manual cash-out claimed by a node
 *   that died before paying is paid here. Runs on the leader after the bust, and again from the repair
 *   job; it is idempotent.
 */
import { crash, crashRatio, ratio } from '@nebula/games';
import type { AppContext } from '../../platform/context.js';
import type { Session } from '../../db/client.js';
import { toDecimalString } from '@nebula/money';
import {
  type StakeAccount,
  type WagerRecord,
  payStake,
  profitUsd,
  publishLiveBet,
  recordWagers,
  stakeKey,
} from '../wagers/index.js';
import { BET_COLUMNS, type BetOutcome, type BetRow, type RoundRow, outcomeOf } from './views.js';
import { PLAYERS } from '../users/index.js';
import { impliedPrice, protectionGuard } from '../protection/index.js';

/** The ledger key of a bet's transfer. */
export const crashKey = (round: string, user: string, what: 'wager' | 'payout' | 'refund') =>
  stakeKey({ product: 'crash', round, user }, what);

/** The wager record of a settled crash bet (not of a cancelled one: it took no stake). */
export function crashWagerRecord(
  bet: Pick<
    BetRow,
    | 'round_id'
    | 'user_id'
    | 'currency'
    | 'wager'
    | 'wager_usd'
    | 'auto_cash_out'
    | 'cashout_ms'
    | 'cashout_kind'
    | 'placed_at'
  >,
  round: Pick<RoundRow, 'crash_point' | 'house_edge_bps'>,
  outcome: BetOutcome,
): WagerRecord {
  return {
    product: 'crash',
    reference: `${bet.round_id}:${bet.user_id}`,
    game: crash.id,
    userId: bet.user_id,
    currency: bet.currency,
    demo: false,
    wager: BigInt(bet.wager),
    payout: outcome.payout,
    multiplier: outcome.payout > 0n ? crashRatio(outcome.multiplier) : ratio(0),
    params: { round: bet.round_id, auto_cash_out: bet.auto_cash_out },
    outcome: { crash_point: round.crash_point, cashout_ms: bet.cashout_ms, cashout_kind: bet.cashout_kind },
    houseEdgeBps: round.house_edge_bps,
    wagerUsd: bet.wager_usd,
    placedAt: bet.placed_at,
  };
}

/** Marks paid cash-outs of one round settled (`$2` users, `$3` hundredths, `$4` payouts). */
export const SETTLE_MANY_SQL = `update crash_bets b
   set multiplier = x.multiplier, payout = x.payout, settled_at = clock_timestamp()
  from unnest($2::uuid[], $3::bigint[], $4::numeric[]) as x (user_id, multiplier, payout)
 where b.round_id = $1::bigint and b.user_id = x.user_id and b.settled_at is null
returning b.user_id::text as user_id`;

type SettledBet = Parameters<typeof crashWagerRecord>[0] &
  Pick<BetRow, 'decimals' | 'name' | 'avatar' | 'private_bets'>;

/** What settling needs of the context: the ledger, and what the live feed publishes through. */
export type SettleContext = Pick<
  AppContext,
  'database' | 'ledger' | 'realtime' | 'log' | 'services' | 'settings'
>;

/**
 * Marks bets of one round settled and writes the wager records of those this call settled, in the
 * caller's transaction (a bet settled before, by another node or request, is left as it is). Returns
 * the bets this call settled and recorded (cancelled ones are not recorded), for {@link announceSettled}.
 */
export async function markSettled<B extends Parameters<typeof crashWagerRecord>[0]>(
  tx: Pick<Session, 'query'>,
  round: Pick<RoundRow, 'id' | 'crash_point' | 'house_edge_bps'>,
  settled: readonly { bet: B; outcome: BetOutcome }[],
): Promise<{ bet: B; outcome: BetOutcome; id: string }[]> {
  if (settled.length === 0) return [];
  const marked = await tx.query<{ user_id: string }>(
    SETTLE_MANY_SQL,
    [
      round.id,
      settled.map((s) => s.bet.user_id),
      settled.map((s) => s.outcome.multiplier.toString()),
      settled.map((s) => s.outcome.payout.toString()),
    ],
    'crash.bets_settled',
  );
  const now = new Set(marked.map((m) => m.user_id));
  const records = settled
    .filter((s) => now.has(s.bet.user_id) && s.outcome.status !== 'cancelled')
    .map((s) => ({ ...s, record: crashWagerRecord(s.bet, round, s.outcome) }));
  const ids = new Map(
    (
      await recordWagers(
        tx,
        records.map((r) => r.record),
      )
    ).map((r) => [r.reference, r.id]),
  );
  return records.flatMap(({ bet, outcome, record }) => {
    const id = ids.get(record.reference ?? null);
    return id === undefined ? [] : [{ bet, outcome, id }];
  });
}

/** After the commit: the live feed of bets {@link markSettled} recorded (best effort). */
export function announceSettled(
  ctx: Pick<AppContext, 'database' | 'realtime' | 'log'>,
  settled: readonly { bet: SettledBet; outcome: BetOutcome; id: string }[],
): void {
  for (const { bet, outcome, id } of settled) {
    const wager = BigInt(bet.wager);
    const profit = outcome.payout - wager;
    void publishLiveBet(
      ctx,
      bet.user_id,
      crash,
      id,
      {
        currency: bet.currency,
        wager: toDecimalString(wager, bet.decimals),
        multiplier: toDecimalString(outcome.multiplier, 2, { fixed: true }),
        status: outcome.payout > wager ? 'win' : 'lose',
        profit: toDecimalString(profit, bet.decimals),
        profitUsd: profitUsd(profit, wager, bet.wager_usd),
        delay: 0,
      },
      { name: bet.name, avatar: bet.avatar, private_bets: bet.private_bets },
    );
  }
}

/**
 * Pays or refunds one bet whose outcome is final (cashed out, lost or cancelled), marks it settled and
 * records its wager, in one transaction. Returns the outcome ('active' bets are left alone).
 */
export async function payBet(
  ctx: SettleContext,
  round: Pick<RoundRow, 'id' | 'phase' | 'crash_point' | 'house_edge_bps'>,
  bet: SettledBet & Pick<BetRow, 'target' | 'status'>,
): Promise<BetOutcome> {
  const outcome = outcomeOf(bet, round);
  if (outcome.status === 'active') return outcome;
  const account: StakeAccount = {
    stake: { product: 'crash', round: bet.round_id, user: bet.user_id },
    userId: bet.user_id,
    currency: bet.currency,
    demo: false,
    metadata: { game: crash.id, round: bet.round_id },
    // Player protection counts the return of a player with limits (one lookup: the bet's row has no flag).
    guard: protectionGuard(
      ctx,
      {
        priceUsd: impliedPrice(bet.wager_usd, BigInt(bet.wager), bet.decimals),
        decimals: bet.decimals,
      },
      'maybe',
    ),
  };
  const recorded = await ctx.ledger.transaction(async (ledger, tx) => {
    if (outcome.status === 'cancelled') await payStake(ledger, account, BigInt(bet.wager), 'refund');
    else await payStake(ledger, account, outcome.payout);
    return markSettled(tx, round, [{ bet, outcome }]);
  });
  announceSettled(ctx, recorded);
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
  ctx: SettleContext,
  round: Pick<RoundRow, 'id' | 'phase' | 'crash_point' | 'house_edge_bps'>,
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
    `select ${BET_COLUMNS} from crash_bets b join ${PLAYERS} u on u.id = b.user_id join currencies k on k.id = b.currency
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
