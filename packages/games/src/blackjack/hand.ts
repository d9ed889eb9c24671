import { cardFromIndex } from '@nebula/fairness';

/**
 * Blackjack card values and hand totals. Cards are indices 0..51 in the `@nebula/fairness` order
 * (`4 * rankIndex + suit`, ranks 2..10, J, Q, K, A): 2-10 count their face value, J/Q/K count 10 and
 * an ace counts 11 unless that busts the hand, then 1.
 */

/** The blackjack value of a card: 2..10 at face value, J/Q/K 10, A 11 (see {@link blackjackTotal}). */
export function blackjackCardValue(card: number): number {
  const { rankIndex } = cardFromIndex(card);
  if (rankIndex === 12) return 11;
  return Math.min(rankIndex + 2, 10);
}

/** A hand's best total and whether an ace in it still counts 11. */
export interface BlackjackTotal {
  /** The highest total not above 21, or the lowest total when every count busts. */
  readonly total: number;
  /** True when an ace counts 11 in `total` (a soft hand: one more card cannot bust it). */
  readonly soft: boolean;
}

/** The total of `cards` (aces 11 while that keeps the hand at 21 or less, else 1). */
export function blackjackTotal(cards: readonly number[]): BlackjackTotal {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const value = blackjackCardValue(card);
    total += value;
    if (value === 11) aces += 1;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces -= 1;
  }
  return { total, soft: aces > 0 };
}

/** True for an ace and a ten-value card as a hand's first two cards (a natural). */
export function isBlackjackNatural(cards: readonly number[]): boolean {
  return cards.length === 2 && blackjackTotal(cards).total === 21;
}

/** True for an ace (the dealer's up card that makes the game offer insurance). */
export function isAce(card: number): boolean {
  return blackjackCardValue(card) === 11;
}

/** True for a ten-value card: 10, J, Q or K. */
export function isTenValue(card: number): boolean {
  return blackjackCardValue(card) === 10;
}
