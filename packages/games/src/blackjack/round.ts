import { cardIndexFromFloat } from '@nebula/fairness';
import { type ExtendedStep, type FloatSource, InvalidActionError } from '../extended.js';
import { blackjackCardValue, blackjackTotal, isAce, isBlackjackNatural } from './hand.js';
import {
  BLACKJACK_RETURNS,
  type BlackjackAction,
  type BlackjackHand,
  BlackjackResult,
  type BlackjackState,
  blackjackAllowedActions,
} from './state.js';

/**
 * The blackjack reducer. Every card is one float of the bet (`cardIndexFromFloat`, an unlimited deck),
 * read in the order the cards are dealt:
 *
 * 1. start: player, dealer (up card), player, dealer (hole card): floats 0..3;
 * 2. each hit and each double: one card to the active hand;
 * 3. a split: the hand keeps its first card and takes one new card at once; the new hand (inserted
 *    right after it) takes its second card when it becomes the active hand. Split aces take one card
 *    each at once (the first hand, then the second) and stand;
 * 4. the dealer's draws, after the last hand is done, while the dealer's total is below 17 (the dealer
 *    stands on every 17, soft ones too). The dealer draws nothing when every hand busted.
 *
 * A hand stops taking decisions at 21 or more. The dealer peeks under an ace (after the insurance
 * decision) or a ten-value up card: a dealer natural ends the round at once.
 */

type Rng = Pick<FloatSource, 'next'>;

const draw = (rng: Rng): number => cardIndexFromFloat(rng.next());
const total = (cards: readonly number[]): number => blackjackTotal(cards).total;

function newHand(cards: number[], split: boolean): BlackjackHand {
  return { cards, stake: 1, doubled: false, split, done: total(cards) >= 21, result: null };
}

function withHand(state: BlackjackState, index: number, hand: BlackjackHand): BlackjackState {
  return { ...state, hands: state.hands.map((entry, i) => (i === index ? hand : entry)) };
}

function stepOf(state: BlackjackState): ExtendedStep<BlackjackState> {
  if (state.phase !== 'settled') return { state, type: 'continue' };
  const pays =
    state.insurancePaid ||
    state.hands.some((hand) => BLACKJACK_RETURNS[hand.result ?? BlackjackResult.Lose].num > 0n);
  return { state, type: pays ? 'finish' : 'lose' };
}

/** Ends the round on naturals after the peek; otherwise hands the decisions to the first hand. */
function afterPeek(state: BlackjackState): BlackjackState {
  const [hand] = state.hands as [BlackjackHand];
  const playerNatural = isBlackjackNatural(hand.cards);
  if (isBlackjackNatural(state.dealer)) {
    return {
      ...state,
      hands: [
        {
          ...hand,
          done: true,
          result: playerNatural ? BlackjackResult.Push : BlackjackResult.DealerBlackjack,
        },
      ],
      active: -1,
      phase: 'settled',
      insurancePaid: state.insurance === 'taken',
    };
  }
  if (playerNatural) {
    return {
      ...state,
      hands: [{ ...hand, done: true, result: BlackjackResult.Blackjack }],
      active: -1,
      phase: 'settled',
    };
  }
  return { ...state, phase: 'player', active: 0 };
}

/**
 * Moves to the next hand that still decides (dealing a split hand its second card when it is
 * reached); after the last one the dealer plays and the round is settled.
 */
function advance(state: BlackjackState, rng: Rng): BlackjackState {
  let next = state;
  for (let i = Math.max(next.active, 0); i < next.hands.length; i += 1) {
    let hand = next.hands[i] as BlackjackHand;
    if (hand.cards.length === 1) {
      hand = newHand([...hand.cards, draw(rng)], true);
      next = withHand(next, i, hand);
    }
    if (!hand.done) return { ...next, active: i };
  }
  return settle(next, rng);
}

function settle(state: BlackjackState, rng: Rng): BlackjackState {
  const dealer = [...state.dealer];
  if (state.hands.some((hand) => total(hand.cards) <= 21)) {
    while (total(dealer) < 17) dealer.push(draw(rng));
  }
  const dealerTotal = total(dealer);
  const hands = state.hands.map((hand): BlackjackHand => {
    const own = total(hand.cards);
    let result: BlackjackResult;
    if (own > 21) result = BlackjackResult.Bust;
    else if (dealerTotal > 21) result = BlackjackResult.DealerBust;
    else if (own > dealerTotal) result = BlackjackResult.Win;
    else if (own === dealerTotal) result = BlackjackResult.Push;
    else result = BlackjackResult.Lose;
    return { ...hand, done: true, result };
  });
  return { ...state, dealer, hands, active: -1, phase: 'settled' };
}

/** Deals the opening four cards; the round may end at once on a natural. */
export function startRound(rng: Rng): ExtendedStep<BlackjackState> {
  const player1 = draw(rng);
  const up = draw(rng);
  const player2 = draw(rng);
  const hole = draw(rng);
  const state: BlackjackState = {
    dealer: [up, hole],
    hands: [{ ...newHand([player1, player2], false), done: false }], // a natural is settled after the peek
    active: -1,
    phase: 'insurance',
    insurance: 'offered',
    insurancePaid: false,
  };
  if (isAce(up)) return stepOf(state);
  return stepOf(afterPeek({ ...state, insurance: 'none' }));
}

/**
 * Applies one decision.
 *
 * @throws InvalidActionError when the decision is not allowed now (see `blackjackAllowedActions`)
 */
export function turnRound(
  state: BlackjackState,
  action: BlackjackAction,
  rng: Rng,
): ExtendedStep<BlackjackState> {
  if (state.phase === 'settled') throw new InvalidActionError('the round has already ended');
  const allowed = blackjackAllowedActions(state);
  if (!allowed.includes(action.action)) {
    throw new InvalidActionError(
      state.phase === 'insurance'
        ? 'accept or decline insurance first'
        : `${action.action} is not allowed now (allowed: ${allowed.join(', ')})`,
    );
  }
  if (action.action === 'insurance') {
    return stepOf(afterPeek({ ...state, insurance: action.accept ? 'taken' : 'declined' }));
  }
  const index = state.active;
  const hand = state.hands[index] as BlackjackHand;
  switch (action.action) {
    case 'stand':
      return stepOf(advance(withHand(state, index, { ...hand, done: true }), rng));
    case 'hit': {
      const cards = [...hand.cards, draw(rng)];
      return stepOf(advance(withHand(state, index, { ...hand, cards, done: total(cards) >= 21 }), rng));
    }
    case 'double': {
      const cards = [...hand.cards, draw(rng)];
      const doubled: BlackjackHand = { ...hand, cards, stake: hand.stake * 2, doubled: true, done: true };
      return stepOf(advance(withHand(state, index, doubled), rng));
    }
    case 'split':
      return stepOf(advance(split(state, index, hand, rng), rng));
  }
}

function split(state: BlackjackState, index: number, hand: BlackjackHand, rng: Rng): BlackjackState {
  const [first, second] = hand.cards as [number, number];
  const aces = blackjackCardValue(first) === 11;
  const left = newHand([first, draw(rng)], true);
  const right = newHand(aces ? [second, draw(rng)] : [second], true);
  const hands = [...state.hands];
  hands.splice(index, 1, aces ? { ...left, done: true } : left, aces ? { ...right, done: true } : right);
  return { ...state, hands };
}
