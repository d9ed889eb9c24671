import { cardFromIndex, cardIndexFromFloat } from '@nebula/fairness';
import { z } from 'zod';
import { type ExtendedGame, type ExtendedStep, InvalidActionError } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { ONE_RATIO, type Ratio, ZERO_RATIO, mulRatioExact, ratio, ratioToDecimal } from '../ratio.js';

/**
 * Hilo: a card shows; the player guesses whether the next one is higher or the same, lower or the
 * same, or the same rank, and the multiplier grows with every guess that comes true. The deck is
 * unlimited: every card is one float, `cardIndexFromFloat` (`floor(float * 52)`) in the
 * `@nebula/fairness` card order, so each of the 13 ranks comes with probability 4/52 = 1/13 whatever
 * was drawn before.
 *
 * Ranks for this game: A is the lowest (1), then 2..10 at face value, J 11, Q 12, K the highest (13)
 * ({@link hiloRank}). From the current rank r a guess comes true with
 *
 *   higher (next rank >= r): (14 - r) / 13,   lower (next rank <= r): r / 13,   equal (same rank): 1 / 13.
 *
 * At A 'lower' can only come true on another A, and at K 'higher' only on another K: both stay valid
 * and are the same bet as 'equal' (1/13). At A 'higher' (and at K 'lower') cannot lose (13/13): it
 * draws the next card, counts as a guess and leaves the multiplier as it was.
 *
 * A guess that comes true multiplies the fair factor by 13 / (winning ranks); the round pays
 * `rtp * product(1 / p)` (the house edge applied once to the total), so every way of playing returns
 * exactly `1 - edge`: each guess is a fair bet (P(true) * 1/p = 1). A wrong guess loses the round.
 *
 * `{ skip: true }` replaces the current card without a guess (one float), at most {@link HILO_MAX_SKIPS}
 * times per round; skips change neither the multiplier nor the guess count, so a round with only
 * skips may still be cancelled (refunded). The round never ends by itself: the player takes or loses.
 */
export const HILO_RANKS = 13;
/** Skips allowed per round. */
export const HILO_MAX_SKIPS = 52;
/** The guesses, in button order. */
export const HILO_GUESSES = ['higher', 'lower', 'equal'] as const;
/** `higher`: next rank >= current; `lower`: next rank <= current; `equal`: the same rank. */
export type HiloGuess = (typeof HILO_GUESSES)[number];
/** What the player did while a card showed: a guess or a skip. */
export type HiloDecision = HiloGuess | 'skip';

/** Hilo takes no parameters: an empty object (omitting it is the same as `{}`). */
export const hiloParamsSchema = z.object({}).strict().default({});
/** Parsed hilo params. */
export type HiloParams = z.infer<typeof hiloParamsSchema>;

/** A Turn: one guess, or a skip. */
export const hiloActionSchema = z.union([
  z.object({ guess: z.enum(HILO_GUESSES) }).strict(),
  z.object({ skip: z.literal(true) }).strict(),
]);
/** A parsed hilo Turn. */
export type HiloAction = z.infer<typeof hiloActionSchema>;

/** One card of the round. */
export interface HiloCard {
  /** Card index 0..51 in the `@nebula/fairness` order. */
  readonly card: number;
  /** The decision made while this card showed; null for the current card (and the last card of a lost round). */
  readonly decision: HiloDecision | null;
}

/** The whole round (JSON-safe). Nothing is hidden: the next cards are the bet's future floats. */
export interface HiloState {
  /** Every card in draw order; the last one is the current card. */
  readonly cards: readonly HiloCard[];
  /** True when the last guess was wrong (the round ended paying nothing). */
  readonly lost: boolean;
}

/** What the player sees while the round is open: the state plus derived values. */
export interface HiloView extends HiloState {
  /** The current card (index 0..51) and its game rank 1..13. */
  readonly card: number;
  readonly rank: number;
  /** Guesses that came true, skips used, skips left. */
  readonly correct: number;
  readonly skips: number;
  readonly skipsLeft: number;
  /** The fair factor so far, product of 1/p before the house edge, 8 decimals rounded down. */
  readonly factor: string;
}

/** A guess's odds from a rank, for the UI buttons. */
export interface HiloOption {
  readonly guess: HiloGuess;
  /** P(the guess comes true). */
  readonly chance: Ratio;
  /** What the round pays (relative to the wager) if it comes true. */
  readonly multiplier: Ratio;
}

/**
 * The game rank of a card: A = 1, 2..10 at face value, J = 11, Q = 12, K = 13.
 *
 * @throws RangeError for an index outside 0..51
 */
export function hiloRank(card: number): number {
  const { rankIndex } = cardFromIndex(card);
  // fairness order: rankIndex 0..11 = 2..K, 12 = A.
  return rankIndex === 12 ? 1 : rankIndex + 2;
}

function assertRank(rank: number): void {
  if (!Number.isInteger(rank) || rank < 1 || rank > HILO_RANKS) {
    throw new RangeError(`hilo rank must be 1..${HILO_RANKS}, got ${rank}`);
  }
}

/** Ranks (of 13) on which `guess` comes true from `rank`. */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  assertRank(rank);
  if (guess === 'higher') return HILO_RANKS + 1 - rank;
  if (guess === 'lower') return rank;
  return 1;
}

/** P(`guess` comes true) from `rank`: (14 - r) / 13, r / 13 or 1 / 13. */
export function hiloChance(rank: number, guess: HiloGuess): Ratio {
  return ratio(hiloWinningRanks(rank, guess), HILO_RANKS);
}

/** True when `guess` made on `rank` came true with `nextRank` drawn. */
export function hiloGuessWins(rank: number, guess: HiloGuess, nextRank: number): boolean {
  assertRank(rank);
  assertRank(nextRank);
  if (guess === 'higher') return nextRank >= rank;
  if (guess === 'lower') return nextRank <= rank;
  return nextRank === rank;
}

function isGuess(decision: HiloDecision | null): decision is HiloGuess {
  return decision !== null && decision !== 'skip';
}

/** Guesses that came true in `cards` (a wrong guess is always the last decision of a lost round). */
export function hiloCorrectGuesses(cards: readonly HiloCard[]): number {
  let correct = 0;
  cards.forEach((entry, i) => {
    const next = cards[i + 1];
    if (
      isGuess(entry.decision) &&
      next &&
      hiloGuessWins(hiloRank(entry.card), entry.decision, hiloRank(next.card))
    ) {
      correct += 1;
    }
  });
  return correct;
}

/** Skips used in `cards`. */
export function hiloSkips(cards: readonly HiloCard[]): number {
  return cards.filter((entry) => entry.decision === 'skip').length;
}

/**
 * The fair factor of the guesses that came true: the product of 13 / (winning ranks) over them. A
 * wrong guess is not counted (the round pays nothing anyway).
 */
export function hiloFactor(cards: readonly HiloCard[]): Ratio {
  let factor: Ratio = ONE_RATIO;
  cards.forEach((entry, i) => {
    const next = cards[i + 1];
    if (!isGuess(entry.decision) || !next) return;
    const rank = hiloRank(entry.card);
    if (hiloGuessWins(rank, entry.decision, hiloRank(next.card))) {
      factor = mulRatioExact(factor, ratio(HILO_RANKS, hiloWinningRanks(rank, entry.decision)));
    }
  });
  return factor;
}

/** The current card of a round (the last one drawn). */
export function hiloCurrentCard(state: HiloState): number {
  const last = state.cards[state.cards.length - 1];
  if (!last) throw new RangeError('a hilo round always has a card');
  return last.card;
}

/**
 * The odds of each guess from the current card and what the round pays if it comes true:
 * `rtp * factor * 13 / (winning ranks)`.
 */
export function hiloOptions(state: HiloState, houseEdgeBps: number): HiloOption[] {
  const rank = hiloRank(hiloCurrentCard(state));
  const base = mulRatioExact(rtpOf(houseEdgeBps), hiloFactor(state.cards));
  return HILO_GUESSES.map((guess) => ({
    guess,
    chance: hiloChance(rank, guess),
    multiplier: mulRatioExact(base, ratio(HILO_RANKS, hiloWinningRanks(rank, guess))),
  }));
}

/** What the round pays now: 0 when lost or before the first guess came true, else `rtp * factor`. */
export function hiloPayout(state: HiloState, houseEdgeBps: number): Ratio {
  const rtp = rtpOf(houseEdgeBps);
  if (state.lost || hiloCorrectGuesses(state.cards) === 0) return ZERO_RATIO;
  return mulRatioExact(rtp, hiloFactor(state.cards));
}

function draw(rng: { next(): number }): HiloCard {
  return { card: cardIndexFromFloat(rng.next()), decision: null };
}

/** The cards with the current one's decision set and the next card appended. */
function advance(state: HiloState, decision: HiloDecision, next: HiloCard): HiloCard[] {
  const previous = state.cards.slice(0, -1);
  return [...previous, { card: hiloCurrentCard(state), decision }, next];
}

/** Hilo: see {@link HILO_RANKS}. */
export const hilo: ExtendedGame<'hilo', HiloParams, HiloState, HiloAction> = {
  id: 'hilo',
  kind: 'extended',
  name: 'Hilo',
  params: hiloParamsSchema,
  action: hiloActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  start(_params, rng, houseEdgeBps): ExtendedStep<HiloState> {
    rtpOf(houseEdgeBps);
    return { state: { cards: [draw(rng)], lost: false }, type: 'continue' };
  },
  turn(state, action, rng, houseEdgeBps): ExtendedStep<HiloState> {
    rtpOf(houseEdgeBps);
    if (state.lost) throw new InvalidActionError('the round has already ended');
    if ('skip' in action) {
      if (hiloSkips(state.cards) >= HILO_MAX_SKIPS) {
        throw new InvalidActionError(`at most ${HILO_MAX_SKIPS} skips per round`);
      }
      return { state: { cards: advance(state, 'skip', draw(rng)), lost: false }, type: 'continue' };
    }
    const next = draw(rng);
    const wins = hiloGuessWins(hiloRank(hiloCurrentCard(state)), action.guess, hiloRank(next.card));
    return {
      state: { cards: advance(state, action.guess, next), lost: !wins },
      type: wins ? 'continue' : 'lose',
    };
  },
  payout: hiloPayout,
  canTake(state) {
    return !state.lost && hiloCorrectGuesses(state.cards) >= 1;
  },
  canCancel(state) {
    // Skips are not decisions that risk anything: a round with only skips is still refundable.
    return !state.lost && !state.cards.some((entry) => isGuess(entry.decision));
  },
  view(state): HiloView {
    const card = hiloCurrentCard(state);
    const skips = hiloSkips(state.cards);
    return {
      cards: state.cards,
      lost: state.lost,
      card,
      rank: hiloRank(card),
      correct: hiloCorrectGuesses(state.cards),
      skips,
      skipsLeft: HILO_MAX_SKIPS - skips,
      factor: ratioToDecimal(hiloFactor(state.cards), 8),
    };
  },
};
