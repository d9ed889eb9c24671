/**
 * Poker hand classes for Jacks or Better, from five card indices 0..51 in the `@nebula/fairness` order
 * (`4 * rankIndex + suitIndex`, ranks 2..10, J, Q, K, A).
 */

/** Paying classes from best to worst, then `nothing`. */
export const VIDEO_POKER_HANDS = [
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'full-house',
  'flush',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'jacks-or-better',
  'nothing',
] as const;
/** A Jacks or Better hand class. `jacks-or-better` is one pair of jacks, queens, kings or aces. */
export type VideoPokerHand = (typeof VIDEO_POKER_HANDS)[number];

/** rankIndex of the jack (0 = '2'). */
const JACK = 9;
/** rankIndex of the ten and the ace. */
const TEN = 8;
const ACE = 12;

/**
 * The class of a five-card hand. Aces are high, and low only in the wheel A-2-3-4-5 (a straight);
 * straights do not wrap (Q-K-A-2-3 is nothing). A royal flush is 10-J-Q-K-A of one suit.
 *
 * @throws RangeError unless given five distinct card indices 0..51
 */
export function evaluateVideoPokerHand(cards: readonly number[]): VideoPokerHand {
  if (cards.length !== 5 || new Set(cards).size !== 5) {
    throw new RangeError('a poker hand is five distinct cards');
  }
  const counts = new Array<number>(13).fill(0);
  let suits = 0;
  let rankMask = 0;
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 51)
      throw new RangeError(`card index must be 0..51, got ${card}`);
    const rank = card >> 2;
    counts[rank] = (counts[rank] as number) + 1;
    rankMask |= 1 << rank;
    suits |= 1 << (card & 3);
  }
  const flush = (suits & (suits - 1)) === 0;
  const distinct = popcount(rankMask);
  if (distinct === 5) {
    const low = 31 - Math.clz32(rankMask & -rankMask);
    const high = 31 - Math.clz32(rankMask);
    const wheel = rankMask === ((1 << ACE) | 0b1111);
    const straight = high - low === 4 || wheel;
    if (straight && flush) return low === TEN ? 'royal-flush' : 'straight-flush';
    if (flush) return 'flush';
    if (straight) return 'straight';
    return 'nothing';
  }
  let pairs = 0;
  let three = false;
  let highPair = false;
  for (let rank = 0; rank < 13; rank += 1) {
    const count = counts[rank] as number;
    if (count === 4) return 'four-of-a-kind';
    if (count === 3) three = true;
    if (count === 2) {
      pairs += 1;
      if (rank >= JACK) highPair = true;
    }
  }
  if (three) return pairs > 0 ? 'full-house' : 'three-of-a-kind';
  if (pairs === 2) return 'two-pair';
  return highPair ? 'jacks-or-better' : 'nothing';
}

function popcount(mask: number): number {
  let bits = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) bits += 1;
  return bits;
}
