import { shuffle52 } from '@nebula/fairness';
import { z } from 'zod';
import { type ExtendedGame, InvalidActionError } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, divRatio, mulRatioExact, ratio } from '../ratio.js';
import { memo } from '../tables.js';
import { type VideoPokerHand, VIDEO_POKER_HANDS, evaluateVideoPokerHand } from './evaluate.js';

export * from './evaluate.js';

/**
 * Video poker, Jacks or Better, one 52-card deck without replacement. Play reads 10 floats and shuffles
 * by selection without replacement over the card indices 0..51 (`shuffle52`, the public algorithm): the
 * first five cards are dealt, the next five are the replacements, in order. The one decision,
 * `{ hold: [5 booleans] }`, keeps the held positions and fills the others left to right with the
 * replacements (the first discarded position takes card 5, the next card 6, ...), and the final hand
 * pays by {@link videoPokerTable}. No more floats are read after the deal.
 *
 * Pays: the standard full-pay "9/6" table per unit bet (royal flush 800, straight flush 50, four of a
 * kind 25, full house 9, flush 6, straight 4, three of a kind 3, two pair 2, jacks or better 1; the
 * stake is included: jacks or better returns the wager). Its return with optimal play is 99.544%
 * ({@link VIDEO_POKER_BASE_RTP}, the published 9/6 figure 99.5439% rounded to 5 digits); every entry is
 * scaled by the one exact factor `rtp / 0.99544`, so optimal play returns exactly `1 - edge` (at 1%:
 * royal 795.63x, jacks or better 0.9945x). A round cannot be taken or cancelled: the deal is the round.
 */
export const VIDEO_POKER_BASE_RTP: Ratio = ratio(99_544, 100_000);
/** Floats read at the deal: 5 cards dealt, then 5 replacements. */
export const VIDEO_POKER_FLOATS = 10;

/** The conventional 9/6 Jacks or Better table, per unit bet, before scaling. */
export const VIDEO_POKER_BASE_TABLE: Readonly<Record<VideoPokerHand, Ratio>> = {
  'royal-flush': ratio(800),
  'straight-flush': ratio(50),
  'four-of-a-kind': ratio(25),
  'full-house': ratio(9),
  flush: ratio(6),
  straight: ratio(4),
  'three-of-a-kind': ratio(3),
  'two-pair': ratio(2),
  'jacks-or-better': ratio(1),
  nothing: ratio(0),
};

/** The pay table actually used: the 9/6 table times `rtp / 0.99544`, exact. Memoised per edge. */
export const videoPokerTable: (houseEdgeBps: number) => Readonly<Record<VideoPokerHand, Ratio>> = memo(
  (houseEdgeBps: number) => {
    const factor = divRatio(rtpOf(houseEdgeBps), VIDEO_POKER_BASE_RTP);
    return Object.fromEntries(
      VIDEO_POKER_HANDS.map((hand) => [hand, mulRatioExact(VIDEO_POKER_BASE_TABLE[hand], factor)]),
    ) as Record<VideoPokerHand, Ratio>;
  },
);

/** Video poker takes no parameters: an empty object (omitting it is the same as `{}`). */
export const videoPokerParamsSchema = z.object({}).strict().default({});
/** Parsed video poker params. */
export type VideoPokerParams = z.infer<typeof videoPokerParamsSchema>;

/** The draw: which of the five positions (left to right) to keep. */
export const videoPokerActionSchema = z.object({ hold: z.array(z.boolean()).length(5) }).strict();
/** A parsed video poker Turn. */
export type VideoPokerAction = z.infer<typeof videoPokerActionSchema>;

/** What the player sees: the five cards showing, the holds once drawn, and the class of the cards. */
export interface VideoPokerView {
  /** The five cards showing (card indices): the deal, then the final hand. */
  readonly cards: readonly number[];
  /** The positions kept at the draw; null before it. */
  readonly held: readonly boolean[] | null;
  /** The class of `cards` (before the draw: what the dealt hand already is). */
  readonly hand: VideoPokerHand;
}

/** The whole round (JSON-safe). */
export interface VideoPokerState extends VideoPokerView {
  /** The top ten cards of the shuffled deck: 0..4 dealt, 5..9 the replacements in order. */
  readonly deck: readonly number[];
}

/** The final five cards: held positions keep their card, the others take the replacements in order. */
export function videoPokerDraw(deck: readonly number[], hold: readonly boolean[]): number[] {
  let next = 5;
  return deck.slice(0, 5).map((card, position) => {
    if (hold[position]) return card;
    const replacement = deck[next];
    if (replacement === undefined) throw new RangeError('the deck holds only 10 cards');
    next += 1;
    return replacement;
  });
}

/** What the round pays per wager: the final hand's scaled pay, 0 before the draw. */
export function videoPokerPayout(state: VideoPokerState, houseEdgeBps: number): Ratio {
  if (state.held === null) return ZERO_RATIO;
  return videoPokerTable(houseEdgeBps)[state.hand];
}

/** Video poker: see {@link VIDEO_POKER_BASE_RTP}. */
export const videopoker: ExtendedGame<'videopoker', VideoPokerParams, VideoPokerState, VideoPokerAction> = {
  id: 'videopoker',
  kind: 'extended',
  name: 'Video Poker',
  params: videoPokerParamsSchema,
  action: videoPokerActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  start(_params, rng) {
    const values = Array.from({ length: VIDEO_POKER_FLOATS }, () => rng.next());
    const deck = shuffle52(values);
    const cards = deck.slice(0, 5);
    return { state: { deck, cards, held: null, hand: evaluateVideoPokerHand(cards) }, type: 'continue' };
  },
  turn(state, action, _rng, houseEdgeBps) {
    if (state.held !== null) throw new InvalidActionError('the cards have already been drawn');
    const held = [...action.hold];
    const cards = videoPokerDraw(state.deck, held);
    const next: VideoPokerState = { ...state, cards, held, hand: evaluateVideoPokerHand(cards) };
    return { state: next, type: videoPokerPayout(next, houseEdgeBps).num > 0n ? 'finish' : 'lose' };
  },
  payout: videoPokerPayout,
  canTake: () => false,
  canCancel: () => false,
  view: ({ cards, held, hand }): VideoPokerView => ({ cards, held, hand }),
};
