/**
 * The ledger keys of stakes: the ONE place they are built. A key names the stake and the step of its
 * money (`wager`, `payout`, `refund`, or an extended round's extra stake `stake:{n}`); the ledger moves
 * a key's money once, so every step of every stake is idempotent. Nothing parses a key back: whoever
 * needs the stake of a transfer reads the transfer's metadata or the product's own rows.
 */

/** A stake, as the product that took it names it. */
export type StakeRef =
  /** A single-round bet or an extended round: the id it took from the bets sequence. */
  | { product: 'originals' | 'extended'; bet: string }
  /** A crash bet: one per player and round. */
  | { product: 'crash'; round: string; user: string }
  /** A sports bet (slip): the id of its `sport_bets` row. */
  | { product: 'sports'; bet: string }
  /** A third-party game's bet or win (modules/slots): the aggregator's transaction id. */
  | { product: 'slots'; transaction: string }
  /** An external sportsbook bet (modules/external-sports): the id of its `xsport_bets` row. */
  | { product: 'external-sports'; bet: string };

/**
 * The steps of a stake's money. A sports bet can be settled, rolled back and settled again (decision
 * 0028): its n-th settlement pays `payout:{n}`, its n-th rollback takes it back with `rollback:{n}`, and a
 * cash-out pays `cashout`. `rollback` takes back a payout its provider cancelled (a third-party game's
 * rolled back win). An external sportsbook bet's n-th result pays `payout:{n}` or `refund:{n}`.
 * A single-round stake partly funded by bonus money (decision 0036) takes that part from the bonus
 * account with `wager:bonus` and returns its share of the payout there with `payout:bonus`.
 */
export type StakeStep =
  | 'wager'
  | 'wager:bonus'
  | 'payout'
  | 'payout:bonus'
  | 'refund'
  | 'cashout'
  | 'rollback'
  | `stake:${number}`
  | `payout:${number}`
  | `refund:${number}`
  | `rollback:${number}`;

/** The ledger key of `step` of `stake`. */
export function stakeKey(stake: StakeRef, step: StakeStep): string {
  const base =
    stake.product === 'crash'
      ? `crash:${stake.round}:${stake.user}`
      : stake.product === 'sports'
        ? `sport:${stake.bet}`
        : stake.product === 'slots'
          ? `slots:${stake.transaction}`
          : stake.product === 'external-sports'
            ? `xsport:${stake.bet}`
            : `bet:${stake.bet}`;
  return `${base}:${step}`;
}
