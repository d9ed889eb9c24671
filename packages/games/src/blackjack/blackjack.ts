import { type ExtendedGame } from '../extended.js';
import { type Ratio, ZERO_RATIO, addRatio, mulRatioExact, ratio } from '../ratio.js';
import { startRound, turnRound } from './round.js';
import {
  BLACKJACK_RETURNS,
  BlackjackResult,
  type BlackjackAction,
  type BlackjackParams,
  type BlackjackState,
  type BlackjackView,
  blackjackActionSchema,
  blackjackActiveHand,
  blackjackAllowedActions,
  blackjackParamsSchema,
} from './state.js';

export * from './hand.js';
export * from './state.js';

/**
 * Blackjack against the dealer, one seat, an unlimited deck: every card is one float of the bet,
 * `cardIndexFromFloat` (`floor(float * 52)`) in the `@nebula/fairness` card order, so each rank comes
 * with probability 1/13 whatever was dealt before. The deal order and the floats each decision reads
 * are documented in `round.ts`.
 *
 * Rules: the dealer stands on all 17s (soft 17 too) and peeks for a natural under an ace or a ten-value
 * up card; a natural pays 3:2 (returns 2.5x its stake), other wins 1:1, ties push; double on the first
 * two cards of any hand (also after a split) for one more base wager, one card, then stand; split two
 * cards of the same value (10/J/Q/K are all 10) for one more base wager, up to 4 hands; split aces take
 * one card each and cannot be resplit; a split hand's 21 is not a natural; no surrender. When the
 * dealer shows an ace the first decision must be insurance (`{ action: 'insurance', accept }`, spec 3:
 * "insurance only when the dealer shows an ace"): accepting stakes half a base wager, which returns 3x
 * (pays 2:1) when the dealer has a natural. Result codes per hand: {@link BlackjackResult}.
 *
 * House edge: the rules set it. With optimal (basic) strategy this game returns
 * {@link BLACKJACK_BASIC_STRATEGY_RTP} = 99.488% (edge 0.512%): computed exactly for an unlimited deck
 * by `strategy.ts` (in line with the roughly 0.5% usually quoted for unlimited-deck S17, double after
 * split, no surrender games) and matched by a 200,000-round simulation through the engine in the
 * tests. Worse play returns less (never taking insurance is part of the optimum). The operator's house
 * edge setting does NOT change blackjack: scaling its pays would break the 3:2 / 1:1 / 2:1 the rules
 * promise (and a push would no longer return the stake), so `houseEdgeBps` is accepted and ignored, and
 * {@link BLACKJACK_HOUSE_EDGE_BPS} is the game's default (what the lobby and the fairness page show).
 *
 * Money: `payout` is relative to the base wager: the sum over hands of stake x return (2 win, 1 push,
 * 2.5 natural, 0 loss) plus 3/2 when insurance paid; a doubled win returns 4. `stake` is the hands'
 * stakes plus 1/2 for insurance taken. A round cannot be taken (cashed out) or cancelled: once the cards
 * are dealt, they are the player's (a cancel after seeing them would be a free option).
 */
export const BLACKJACK_BASIC_STRATEGY_RTP: Ratio = ratio(99_488, 100_000);
/** The rules' edge with basic strategy, 0.512%, rounded to whole basis points: the game's default. */
export const BLACKJACK_HOUSE_EDGE_BPS = 51;

const HALF = ratio(1, 2);
const INSURANCE_RETURN = ratio(3, 2);

/** What the round pays per base wager once settled (0 while open). */
export function blackjackPayout(state: BlackjackState): Ratio {
  if (state.phase !== 'settled') return ZERO_RATIO;
  let paid: Ratio = state.insurancePaid ? INSURANCE_RETURN : ZERO_RATIO;
  for (const hand of state.hands) {
    const perStake = BLACKJACK_RETURNS[hand.result ?? BlackjackResult.Lose];
    paid = addRatio(paid, mulRatioExact(perStake, ratio(hand.stake)));
  }
  return paid;
}

/** Base wagers staked: the hands' stakes plus 1/2 for insurance taken. */
export function blackjackStake(state: BlackjackState): Ratio {
  let staked: Ratio = state.insurance === 'taken' ? HALF : ZERO_RATIO;
  for (const hand of state.hands) staked = addRatio(staked, ratio(hand.stake));
  return staked;
}

/** What the player sees while the round is open: no hole card, plus the allowed decisions. */
export function blackjackView(state: BlackjackState): BlackjackView {
  const dealer = state.phase === 'settled' ? state.dealer : state.dealer.slice(0, 1);
  return { ...state, dealer, actions: blackjackAllowedActions(state) };
}

/** Blackjack: see {@link BLACKJACK_BASIC_STRATEGY_RTP}. */
export const blackjack: ExtendedGame<'blackjack', BlackjackParams, BlackjackState, BlackjackAction> = {
  id: 'blackjack',
  kind: 'extended',
  name: 'Blackjack',
  params: blackjackParamsSchema,
  action: blackjackActionSchema,
  defaultHouseEdgeBps: BLACKJACK_HOUSE_EDGE_BPS,
  start: (_params, rng) => startRound(rng),
  turn: (state, action, rng) => turnRound(state, action, rng),
  payout: (state) => blackjackPayout(state),
  canTake: () => false,
  canCancel: () => false,
  stake: blackjackStake,
  actionStake(state, action) {
    if (!blackjackAllowedActions(state).includes(action.action)) return ZERO_RATIO;
    if (action.action === 'insurance') return action.accept ? HALF : ZERO_RATIO;
    if (action.action === 'double' || action.action === 'split') {
      return ratio(blackjackActiveHand(state)?.stake ?? 1);
    }
    return ZERO_RATIO;
  },
  view: blackjackView,
};
