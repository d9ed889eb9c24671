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
  | { product: 'crash'; round: string; user: string };

export type StakeStep = 'wager' | 'payout' | 'refund' | `stake:${number}`;

/** The ledger key of `step` of `stake`. */
export function stakeKey(stake: StakeRef, step: StakeStep): string {
  const base = stake.product === 'crash' ? `crash:${stake.round}:${stake.user}` : `bet:${stake.bet}`;
  return `${base}:${step}`;
}
