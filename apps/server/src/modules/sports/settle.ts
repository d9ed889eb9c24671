/**
 * Settling sports bets (decision 0028), inside the transaction of the feed message that decided them
 * (or of a cash-out): the money through the wager seam (`payStake` with key `sport:{bet}:payout:{n}`,
 * `reclaimPayout` with `:rollback:{n}`), the bet row with a guarded update, the liability released or
 * taken again, and one wager record per bet (product `sports`, reference the bet id).
 *
 * Invariants:
 *  - a bet is settled only from status 0 and not cashed out, under its row lock: a replayed message, two
 *    settlements racing, or a settlement after a cash-out move nothing;
 *  - the n-th settlement and the n-th rollback have their own ledger keys, so money moves once per step;
 *  - a rollback returns the bet to exactly the state before its settlement (status 0, no payout, no
 *    settled time, its legs of the rolled-back markets pending, its liability taken again) and takes the
 *    payout back (as far as the balance covers it; the rest is the bet's debt);
 *  - player protection counts every return of a player with limits (a payout, a cash-out; a payout
 *    taken back counts as a return undone), so a loss limit sees stakes less returns (decision 0025).
 */
import { type SportBetStatus, type SportLegResult, SportBetStatus as Status } from '@nebula/contracts';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import type { ScopedLedger } from '../ledger/index.js';
import { protectionGuard } from '../protection/index.js';
import {
  type StakeAccount,
  type StakeGuard,
  payStake,
  reclaimPayout,
  recordWager,
  resettleWager,
} from '../wagers/index.js';
import { parseFactor, settleBet } from './odds.js';

export interface BetRow {
  id: string;
  user_id: string;
  type: 'single' | 'multi';
  currency: string;
  demo: boolean;
  stake: string;
  stake_usd: string | null;
  /** The currency's USD price when the bet was placed (player protection counts returns at it). */
  price_usd: string | null;
  status: SportBetStatus;
  payout: string | null;
  cashed_out: boolean;
  settlements: number;
  rollbacks: number;
  placed_at: Date | string;
}

interface LegRow {
  leg: number;
  outcome_id: string;
  market_id: string;
  odds: number;
  result: SportLegResult;
  dead_heat: string | null;
  liability_usd: string;
  sport: string;
}

export const stakeAccountOf = (bet: Pick<BetRow, 'id' | 'user_id' | 'currency' | 'demo'>): StakeAccount => ({
  stake: { product: 'sports', bet: bet.id },
  userId: bet.user_id,
  currency: bet.currency,
  demo: bet.demo,
  metadata: { product: 'sports', bet: bet.id },
});

export const BET_ROW = `b.id::text as id, b.user_id::text as user_id, b.type, b.currency, b.demo,
  b.stake::text as stake, b.stake_usd::text as stake_usd, b.price_usd::text as price_usd, b.status, b.payout::text as payout, b.cashed_out,
  b.settlements, b.rollbacks, b.placed_at`;

/** A bet with its currency's decimals. */
export type PricedBet = BetRow & { decimals: number };

/**
 * Player protection's guard of a settled bet's returns: counts them when the player has limits (the
 * `maybe` guard looks in the same statement), at the price the bet was placed at. Made by the caller,
 * who has the context.
 */
export type ReturnGuard = (bet: PricedBet) => StakeGuard | null;

export const returnGuardOf =
  (ctx: Pick<AppContext, 'services' | 'settings'>): ReturnGuard =>
  (bet) =>
    bet.demo
      ? null
      : protectionGuard(ctx, { priceUsd: bet.price_usd ?? '0', decimals: bet.decimals }, 'maybe');

async function lockBet(tx: Session, betId: string): Promise<PricedBet | undefined> {
  return (
    await tx.query<PricedBet>(
      `select ${BET_ROW}, k.decimals from sport_bets b join currencies k on k.id = b.currency
        where b.id = $1::bigint for update of b`,
      [betId],
    )
  )[0];
}

async function legsOf(tx: Session, betId: string): Promise<LegRow[]> {
  return tx.query<LegRow>(
    `select l.leg, l.outcome_id::text as outcome_id, l.market_id::text as market_id, l.odds, l.result,
            l.dead_heat, l.liability_usd::text as liability_usd, e.sport
       from sport_bet_legs l join sport_events e on e.id = l.event_id
      where l.bet_id = $1::bigint order by l.leg`,
    [betId],
  );
}

/** Adds (or with `sign` -1 releases) the liability the legs of a bet hold on their outcomes. */
export async function moveLiability(tx: Session, betId: string, sign: 1 | -1): Promise<void> {
  await tx.query(
    `update sport_liability y set amount_usd = y.amount_usd + $2::numeric * l.liability_usd
       from sport_bet_legs l
      where l.bet_id = $1::bigint and l.outcome_id = y.outcome_id and l.liability_usd > 0`,
    [betId, sign],
  );
}

/**
 * Settles bet `betId` if its legs decide it (a lost leg, or no pending leg): pays it and records it.
 * Answers whether this call settled it.
 */
export async function settleIfDecided(
  ledger: ScopedLedger,
  tx: Session,
  betId: string,
  guardOf: ReturnGuard,
): Promise<boolean> {
  const bet = await lockBet(tx, betId);
  if (!bet || bet.status !== Status.Pending || bet.cashed_out) return false;
  const legs = await legsOf(tx, betId);
  const stake = BigInt(bet.stake);
  const decided = settleBet(
    stake,
    legs.map((l) => ({ odds: l.odds, result: l.result, deadHeat: parseFactor(l.dead_heat) })),
  );
  if (!decided) return false;
  await finish(ledger, tx, bet, legs, decided.payout, decided.status, false, guardOf);
  return true;
}

/**
 * Marks a pending bet settled with `payout` and `status` (a settlement, or a cash-out when `cashOut`),
 * pays it, releases its liability and writes (or, after a rollback, corrects) its wager record.
 */
export async function finish(
  ledger: ScopedLedger,
  tx: Session,
  bet: PricedBet,
  legs: readonly Pick<LegRow, 'sport' | 'odds' | 'result'>[],
  payout: bigint,
  status: SportBetStatus,
  cashOut: boolean,
  guardOf: ReturnGuard,
): Promise<void> {
  const n = bet.settlements + 1;
  const updated = await tx.query(
    `update sport_bets set status = $2, payout = $3::numeric, settlements = $4, settled_at = now(),
            cashed_out = $5
      where id = $1::bigint and status = 0 and not cashed_out and settlements = $6
      returning id`,
    [bet.id, status, payout.toString(), n, cashOut, bet.settlements],
  );
  if (updated.length === 0) throw new Error(`sports bet ${bet.id} changed under its lock`);
  const account = { ...stakeAccountOf(bet), guard: guardOf(bet) };
  await payStake(ledger, account, payout, cashOut ? 'cashout' : `payout:${n}`);
  await moveLiability(tx, bet.id, -1);
  const stake = BigInt(bet.stake);
  const sport = legs.length === 1 ? legs[0]!.sport : 'multi';
  const recorded = await recordWager(tx, {
    product: 'sports',
    reference: bet.id,
    game: 'sports',
    userId: bet.user_id,
    currency: bet.currency,
    demo: bet.demo,
    wager: stake,
    payout,
    multiplier: { num: payout, den: stake },
    params: { type: bet.type, sport, legs: legs.map((l) => ({ odds: l.odds })) },
    outcome: { status, cashedOut: cashOut },
    houseEdgeBps: 0,
    wagerUsd: bet.demo ? null : bet.stake_usd,
    placedAt: new Date(bet.placed_at).toISOString(),
  });
  if (recorded === null) {
    // Settled again after a rollback: the record keeps the stake; its payout follows the bet.
    await resettleWager(tx, 'sports', bet.id, payout, { status, cashedOut: cashOut });
  }
}

/**
 * Reverses the settlement of bet `betId` whose legs on `markets` were rolled back: takes the payout
 * back, returns the bet to pending and takes its liability again. Answers whether it was settled.
 * (A cashed-out bet is not reversed: its cash-out did not depend on the results.)
 */
export async function unsettle(
  ledger: ScopedLedger,
  tx: Session,
  betId: string,
  guardOf: ReturnGuard,
): Promise<boolean> {
  const bet = await lockBet(tx, betId);
  if (!bet || bet.status === Status.Pending || bet.cashed_out) return false;
  const n = bet.rollbacks + 1;
  const payout = BigInt(bet.payout ?? '0');
  const account = { ...stakeAccountOf(bet), guard: guardOf(bet) };
  const { shortfall } = await reclaimPayout(ledger, account, payout, `rollback:${n}`);
  await tx.query(
    `update sport_bets set status = 0, payout = null, settled_at = null, rollbacks = $2,
            debt = debt + $3::numeric
      where id = $1::bigint`,
    [bet.id, n, shortfall.toString()],
  );
  await moveLiability(tx, bet.id, 1);
  return true;
}
