import { floatToIndex } from './rng.js';
import { selectWithoutReplacement } from './select.js';

/**
 * Card order used by every card game here, identical to the index the public verifiers document
 * (Stake's "Index of 0 to 51: ♦2 to ♣A"):
 *
 *   index = 4 * rankIndex + suitIndex
 *   ranks (rankIndex 0..12): 2 3 4 5 6 7 8 9 10 J Q K A
 *   suits (suitIndex 0..3):  ♦ diamonds, ♥ hearts, ♠ spades, ♣ clubs
 *
 * So 0 = ♦2, 1 = ♥2, 2 = ♠2, 3 = ♣2, 4 = ♦3, ..., 32 = ♦10, 36 = ♦J, 48 = ♦A, 51 = ♣A.
 */
export const CARD_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
/** Suits in index order (see {@link CARD_RANKS}). */
export const CARD_SUITS = ['diamonds', 'hearts', 'spades', 'clubs'] as const;
/** Suit symbols in index order: ♦ ♥ ♠ ♣. */
export const CARD_SUIT_SYMBOLS = ['♦', '♥', '♠', '♣'] as const;
/** Cards in a deck. */
export const DECK_SIZE = 52;

/** A card's rank, `2` to `A`. */
export type CardRank = (typeof CARD_RANKS)[number];
/** A card's suit. */
export type CardSuit = (typeof CARD_SUITS)[number];

/** A card decoded from its index. */
export interface Card {
  /** 0..51 in the order of {@link CARD_RANKS}. */
  readonly index: number;
  readonly rank: CardRank;
  /** 0 for `2` up to 12 for `A`. */
  readonly rankIndex: number;
  readonly suit: CardSuit;
  /** e.g. `♠Q` (suit symbol then rank, as the public verifiers print it). */
  readonly label: string;
}

/**
 * The card at `index` (0..51) in the documented order (see {@link CARD_RANKS}).
 *
 * @throws RangeError for an index outside 0..51
 */
export function cardFromIndex(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index >= DECK_SIZE) {
    throw new RangeError(`card index must be 0..51, got ${index}`);
  }
  const rankIndex = Math.floor(index / 4);
  const suitIndex = index % 4;
  const rank = CARD_RANKS[rankIndex] as CardRank;
  return {
    index,
    rank,
    rankIndex,
    suit: CARD_SUITS[suitIndex] as CardSuit,
    label: `${CARD_SUIT_SYMBOLS[suitIndex] as string}${rank}`,
  };
}

/**
 * One card from an unlimited deck (every draw has the same 52 outcomes): `floor(float * 52)`. This is
 * how baccarat (and later hilo and blackjack) deal, as the public verifiers do.
 *
 * @throws RangeError for a float outside `[0, 1)`
 */
export function cardIndexFromFloat(value: number): number {
  return floatToIndex(value, DECK_SIZE);
}

/**
 * A (partial) shuffle of one 52-card deck by selection without replacement over the card indices
 * 0..51 in documented order: returns `floats.length` distinct card indices, the top of the shuffled
 * deck. Pass 52 floats for the whole deck (the last float is then irrelevant: one card remains).
 *
 * @throws RangeError for more than 52 floats or a float outside `[0, 1)`
 */
export function shuffle52(values: readonly number[]): number[] {
  return selectWithoutReplacement(
    values,
    Array.from({ length: DECK_SIZE }, (_, i) => i),
  );
}
