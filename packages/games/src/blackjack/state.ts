import { z } from 'zod';
import { type Ratio, ratio } from '../ratio.js';
import { blackjackCardValue } from './hand.js';

/**
 * Blackjack's round state, its params and actions, and which decisions a state allows. The reducer is in
 * `round.ts`, the game object in `blackjack.ts`.
 */

/**
 * How one hand ended (spec 3: "Blackjack result codes 0 to 6"), stored per hand once the round is
 * settled:
 *
 * | code | name              | the hand                                                 | returns (x hand stake) |
 * |------|-------------------|----------------------------------------------------------|------------------------|
 * | 0    | `Lose`            | stood below the dealer's total                           | 0                      |
 * | 1    | `Win`             | stood above the dealer's total                           | 2                      |
 * | 2    | `Push`            | tied the dealer (also a natural against a dealer natural)| 1                      |
 * | 3    | `Blackjack`       | was a natural and the dealer had none                    | 2.5 (3:2)              |
 * | 4    | `Bust`            | went over 21 (loses whatever the dealer draws)           | 0                      |
 * | 5    | `DealerBust`      | stood, and the dealer went over 21                       | 2                      |
 * | 6    | `DealerBlackjack` | lost to a dealer natural (only the first stake is lost)  | 0                      |
 *
 * Insurance is a side bet of the round, not a hand: see {@link BlackjackState.insurancePaid}.
 */
export const BlackjackResult = {
  Lose: 0,
  Win: 1,
  Push: 2,
  Blackjack: 3,
  Bust: 4,
  DealerBust: 5,
  DealerBlackjack: 6,
} as const;
/** A result code 0..6 (see the table at {@link BlackjackResult}). */
export type BlackjackResult = (typeof BlackjackResult)[keyof typeof BlackjackResult];

/** What a hand returns per base wager of its stake, by result code (natural 3:2, wins 1:1, a push its stake). */
export const BLACKJACK_RETURNS: Readonly<Record<BlackjackResult, Ratio>> = {
  [BlackjackResult.Lose]: ratio(0),
  [BlackjackResult.Win]: ratio(2),
  [BlackjackResult.Push]: ratio(1),
  [BlackjackResult.Blackjack]: ratio(5, 2),
  [BlackjackResult.Bust]: ratio(0),
  [BlackjackResult.DealerBust]: ratio(2),
  [BlackjackResult.DealerBlackjack]: ratio(0),
};

/** Most hands a round may split into. */
export const BLACKJACK_MAX_HANDS = 4;

/** One player hand. */
export interface BlackjackHand {
  /** Card indices 0..51 in deal order. */
  readonly cards: readonly number[];
  /** Base wagers on this hand: 1, or 2 once doubled. */
  readonly stake: number;
  readonly doubled: boolean;
  /** True for a hand made by a split (two cards totalling 21 are then 21, not a natural). */
  readonly split: boolean;
  /** True once the hand takes no more decisions: stood, doubled, busted, reached 21, or a split ace. */
  readonly done: boolean;
  /** Set when the round is settled. */
  readonly result: BlackjackResult | null;
}

/**
 * Where the round is: `insurance` (the dealer shows an ace and the player must first accept or decline
 * insurance), `player` (the hand at `active` decides), `settled` (the dealer played, hands are paid).
 */
export type BlackjackPhase = 'insurance' | 'player' | 'settled';

/** Insurance: `none` when the dealer shows no ace, `offered` until decided, then `declined` or `taken`. */
export type BlackjackInsurance = 'none' | 'offered' | 'declined' | 'taken';

/** The whole round (JSON-safe). */
export interface BlackjackState {
  /**
   * The dealer's cards: the up card, the hole card, then the draws. In the {@link BlackjackView} of an
   * open round only the up card.
   */
  readonly dealer: readonly number[];
  /** The player's hands, left to right (a split inserts the new hand right after its origin). */
  readonly hands: readonly BlackjackHand[];
  /** Index of the hand to decide, or -1 when no hand decides (insurance first, or settled). */
  readonly active: number;
  readonly phase: BlackjackPhase;
  readonly insurance: BlackjackInsurance;
  /** True when insurance was taken and the dealer had a natural (the side bet paid 2:1). */
  readonly insurancePaid: boolean;
}

/** A decision's name. */
export type BlackjackActionName = 'hit' | 'stand' | 'double' | 'split' | 'insurance';

/** What the player sees while the round is open: the state without the hole card, plus the allowed decisions. */
export interface BlackjackView extends BlackjackState {
  /** The decisions {@link blackjackAllowedActions} allows now. */
  readonly actions: readonly BlackjackActionName[];
}

/** Blackjack takes no parameters: an empty object (omitting it is the same as `{}`). */
export const blackjackParamsSchema = z.object({}).strict().default({});
/** Parsed blackjack params. */
export type BlackjackParams = z.infer<typeof blackjackParamsSchema>;

/** A Turn: hit, stand, double, split, or the answer to insurance. */
export const blackjackActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hit') }).strict(),
  z.object({ action: z.literal('stand') }).strict(),
  z.object({ action: z.literal('double') }).strict(),
  z.object({ action: z.literal('split') }).strict(),
  z.object({ action: z.literal('insurance'), accept: z.boolean() }).strict(),
]);
/** A parsed blackjack Turn. */
export type BlackjackAction = z.infer<typeof blackjackActionSchema>;

/** The hand that decides now, or undefined. */
export function blackjackActiveHand(state: BlackjackState): BlackjackHand | undefined {
  return state.phase === 'player' ? state.hands[state.active] : undefined;
}

/** True when `hand` may double: its first two cards, not doubled (split aces are already done). */
function canDouble(hand: BlackjackHand): boolean {
  return !hand.done && !hand.doubled && hand.cards.length === 2;
}

/** True when `hand` may split: two cards of the same value (10, J, Q, K all count 10) and fewer than 4 hands. */
function canSplit(state: BlackjackState, hand: BlackjackHand): boolean {
  const [first, second] = hand.cards;
  return (
    !hand.done &&
    hand.cards.length === 2 &&
    first !== undefined &&
    second !== undefined &&
    blackjackCardValue(first) === blackjackCardValue(second) &&
    state.hands.length < BLACKJACK_MAX_HANDS
  );
}

/**
 * The decisions the round takes now: only `insurance` while it is offered; `hit` and `stand` for the
 * active hand, `double` on its first two cards, `split` on a pair while fewer than 4 hands exist; none
 * once settled. Works on the state and on the view alike (it never looks at the hole card).
 */
export function blackjackAllowedActions(state: BlackjackState): BlackjackActionName[] {
  if (state.phase === 'insurance') return ['insurance'];
  const hand = blackjackActiveHand(state);
  if (!hand || hand.done) return [];
  const actions: BlackjackActionName[] = ['hit', 'stand'];
  if (canDouble(hand)) actions.push('double');
  if (canSplit(state, hand)) actions.push('split');
  return actions;
}
