/**
 * Crash rows as the database returns them, how a bet ended (derived the same way by every node), and
 * the contract views (rounds, bets, the multiplayer Play response) built from them.
 */
import type { CrashBet, CrashResult, CrashRound, MultiplayerPlayResponse } from '@nebula/contracts';
import {
  type CrashScheme,
  crashRatio,
  formatHundredths,
  multiplierAt,
  payoutFor,
  settleCrashBet,
} from '@nebula/games';
import { amount, toDecimalString } from '@nebula/money';

/** The columns of a round every statement returns ({@link ROUND_COLUMNS}). */
export interface RoundRow {
  id: string;
  chain_id: number;
  chain_index: number;
  hash: string;
  crash_point: string;
  house_edge_bps: number;
  bust_ms: string;
  phase: 'betting' | 'running' | 'busted';
  betting_ms: number;
  betting_ends_at: Date;
  started_at: Date | null;
  busted_at: Date | null;
  settled_at: Date | null;
  salt: string | null;
  /** The chain's crash scheme. */
  scheme: CrashScheme;
  /** The database clock when the row was read. */
  server_time: Date;
  /** Milliseconds since the round started rising, by the database clock (null before). */
  elapsed_ms: string | null;
  /** Milliseconds of betting left, by the database clock (negative once over). */
  betting_left_ms: string;
}

/** Select list for {@link RoundRow} over `crash_rounds r` joined to `crash_chains c`. */
export const ROUND_COLUMNS = `r.id::text as id, r.chain_id, r.chain_index, r.hash, r.crash_point::text as crash_point,
  r.house_edge_bps, r.bust_ms::text as bust_ms, r.phase, r.betting_ms, r.betting_ends_at, r.started_at,
  r.busted_at, r.settled_at, c.salt, c.scheme, clock_timestamp() as server_time,
  floor(extract(epoch from (clock_timestamp() - r.started_at)) * 1000)::bigint::text as elapsed_ms,
  floor(extract(epoch from (r.betting_ends_at - clock_timestamp())) * 1000)::bigint::text as betting_left_ms`;

/** A bet with what the views show of its player ({@link BET_COLUMNS}). */
export interface BetRow {
  round_id: string;
  user_id: string;
  currency: string;
  decimals: number;
  wager: string;
  auto_cash_out: string | null;
  target: string;
  target_ms: string;
  status: 'placed' | 'cancelled';
  cashout_ms: string | null;
  cashout_kind: 'manual' | 'auto' | null;
  settled_at: Date | null;
  /** USD value of the wager at bet time, and when the bet was placed. */
  wager_usd: string | null;
  placed_at: string;
  name: string;
  avatar: string | null;
  private_bets: boolean;
}

/** Select list for {@link BetRow} over `crash_bets b` joined to `users u` and `currencies k`. */
export const BET_COLUMNS = `b.round_id::text as round_id, b.user_id::text as user_id, b.currency, k.decimals,
  b.wager::text as wager, b.auto_cash_out::text as auto_cash_out, b.target::text as target,
  b.target_ms::text as target_ms, b.status, b.cashout_ms::text as cashout_ms, b.cashout_kind, b.settled_at,
  b.wager_usd::text as wager_usd, b.created_at::text as placed_at, u.name, u.avatar, u.private_bets`;

export type BetStatus = 'active' | 'cashed_out' | 'lost' | 'cancelled';

/** How a bet stands: the same answer on every node, from the bet and its round. */
export interface BetOutcome {
  status: BetStatus;
  /** Hundredths paid (0 unless cashed out). */
  multiplier: bigint;
  payout: bigint;
}

/**
 * A bet's outcome. A claimed cash-out pays the curve at its time (manual) or its target (auto); once
 * the round is busted an unclaimed bet wins at its target if the target was reached, else loses.
 */
export function outcomeOf(
  bet: Pick<BetRow, 'wager' | 'target' | 'status' | 'cashout_ms' | 'cashout_kind'>,
  round: Pick<RoundRow, 'phase' | 'crash_point'>,
): BetOutcome {
  const wager = amount(BigInt(bet.wager));
  if (bet.status === 'cancelled') return { status: 'cancelled', multiplier: 0n, payout: 0n };
  if (bet.cashout_ms !== null) {
    const multiplier =
      bet.cashout_kind === 'auto' ? BigInt(bet.target) : multiplierAt(Number(bet.cashout_ms));
    return { status: 'cashed_out', multiplier, payout: payoutFor(wager, crashRatio(multiplier)) };
  }
  if (round.phase !== 'busted') return { status: 'active', multiplier: 0n, payout: 0n };
  const settled = settleCrashBet(
    { wager, autoCashOut: BigInt(bet.target), cashOutMs: null },
    BigInt(round.crash_point),
  );
  return settled.payout > 0n
    ? { status: 'cashed_out', ...settled }
    : { status: 'lost', multiplier: 0n, payout: 0n };
}

/** The player as others see them (hidden when their bets are private). */
export function playerView(row: Pick<BetRow, 'user_id' | 'name' | 'avatar' | 'private_bets'>) {
  const hidden = row.private_bets;
  return {
    _id: hidden ? '' : row.user_id,
    name: hidden ? 'Hidden' : row.name,
    avatar: hidden ? null : row.avatar,
    private_bets: hidden,
  };
}

/** The public view of a bet. */
export function betView(row: BetRow, round: Pick<RoundRow, 'phase' | 'crash_point'>): CrashBet {
  const o = outcomeOf(row, round);
  const wager = BigInt(row.wager);
  const profit = o.status === 'cancelled' ? 0n : o.payout - wager;
  return {
    round: row.round_id,
    user: playerView(row),
    currency: row.currency,
    wager: toDecimalString(wager, row.decimals),
    status: o.status,
    multiplier: formatHundredths(o.multiplier),
    payout: toDecimalString(o.payout, row.decimals),
    profit: toDecimalString(profit, row.decimals),
  };
}

/** The caller's own bet as the multiplayer Play response. */
export function playResponse(
  row: BetRow,
  round: Pick<RoundRow, 'phase' | 'crash_point' | 'betting_left_ms' | 'elapsed_ms' | 'bust_ms'>,
): MultiplayerPlayResponse {
  const view = betView(row, round);
  const own = {
    ...view,
    // The caller always sees themselves.
    user: { _id: row.user_id, name: row.name, avatar: row.avatar, private_bets: row.private_bets },
    autoCashOut: row.auto_cash_out === null ? null : formatHundredths(BigInt(row.auto_cash_out)),
    demo: false as const,
  };
  const status =
    view.status === 'active'
      ? ('in-progress' as const)
      : view.status === 'cashed_out'
        ? ('win' as const)
        : view.status === 'lost'
          ? ('lose' as const)
          : ('cancelled' as const);
  const running =
    round.phase === 'running' &&
    round.elapsed_ms !== null &&
    BigInt(round.elapsed_ms) < BigInt(round.bust_ms);
  return {
    game: { id: 'crash', round: row.round_id, status, win: status === 'win', delay: 0, bet: own },
    type: 'multiplayer',
    id: row.round_id,
    canBeFinished: view.status === 'active' && running,
    canBeCancelled:
      view.status === 'active' && round.phase === 'betting' && Number(round.betting_left_ms) > 0,
  };
}

/** A busted round's verifiable result. */
export function resultView(
  row: Pick<
    RoundRow,
    'id' | 'crash_point' | 'hash' | 'chain_id' | 'chain_index' | 'house_edge_bps' | 'scheme' | 'busted_at'
  >,
): CrashResult {
  return {
    id: row.id,
    crashPoint: formatHundredths(BigInt(row.crash_point)),
    hash: row.hash,
    chainId: row.chain_id,
    chainIndex: row.chain_index,
    houseEdgeBps: row.house_edge_bps,
    scheme: row.scheme,
    bustedAt: (row.busted_at ?? new Date(0)).toISOString(),
  };
}

/** The public view of a round: no hash and no crash point before the bust. */
export function roundView(row: RoundRow): CrashRound {
  const busted = row.phase === 'busted';
  const bust = Number(row.bust_ms);
  const elapsed =
    row.phase === 'betting' || row.elapsed_ms === null
      ? 0
      : busted
        ? bust
        : // Past the bust time but not yet marked busted (a leader change): stop just below the crash point.
          Math.max(0, Math.min(Number(row.elapsed_ms), bust - 1));
  return {
    id: row.id,
    phase: row.phase,
    bettingMs: row.betting_ms,
    bettingEndsAt: row.betting_ends_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    elapsed,
    multiplier: formatHundredths(busted ? BigInt(row.crash_point) : multiplierAt(elapsed)),
    result: busted ? resultView(row) : null,
    serverTime: row.server_time.toISOString(),
  };
}
