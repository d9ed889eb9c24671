import { CARD_RANKS, cardIndexFromFloat, floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { InvalidActionError, arraySource, floatSource, replayExtended } from '../extended.js';
import { ratio } from '../ratio.js';
import {
  type BlackjackAction,
  BlackjackResult,
  type BlackjackState,
  blackjack,
  blackjackActionSchema,
  blackjackParamsSchema,
  blackjackTotal,
} from './blackjack.js';

/** The float that deals `rank` (suit ♦) from the unlimited deck: the middle of its 1/52 slice. */
const card = (rank: (typeof CARD_RANKS)[number]): number => (4 * CARD_RANKS.indexOf(rank) + 0.5) / 52;
const deck = (...ranks: (typeof CARD_RANKS)[number][]) => ranks.map(card);
const rankOf = (index: number) => CARD_RANKS[Math.floor(index / 4)];
const ranks = (cards: readonly number[]) => cards.map(rankOf);

const HIT: BlackjackAction = { action: 'hit' };
const STAND: BlackjackAction = { action: 'stand' };
const DOUBLE: BlackjackAction = { action: 'double' };
const SPLIT: BlackjackAction = { action: 'split' };
const YES: BlackjackAction = { action: 'insurance', accept: true };
const NO: BlackjackAction = { action: 'insurance', accept: false };

/** Replays `actions` over the cards `ranks` (deal order: player, dealer, player, dealer, then draws). */
function play(cards: (typeof CARD_RANKS)[number][], actions: BlackjackAction[] = []) {
  const rng = arraySource(deck(...cards));
  const replay = replayExtended(blackjack, {}, actions, rng, 100);
  return { ...replay, payout: blackjack.payout(replay.state, 100), stake: blackjack.stake!(replay.state) };
}

function expectInvalid(cards: (typeof CARD_RANKS)[number][], actions: BlackjackAction[], message?: RegExp) {
  const attempt = () => play(cards, actions);
  expect(attempt).toThrow(InvalidActionError);
  if (message) expect(attempt).toThrow(message);
}

describe('blackjack deal and naturals', () => {
  it('deals player, dealer, player, dealer from floats 0..3 and hides the hole card in the view', () => {
    const round = play(['10', '5', '6', 'K']);
    expect(round.type).toBe('continue');
    expect(round.floatsUsed).toBe(4);
    expect(ranks(round.state.hands[0]!.cards)).toEqual(['10', '6']);
    expect(ranks(round.state.dealer)).toEqual(['5', 'K']);
    const view = blackjack.view(round.state) as BlackjackState & { actions: string[] };
    expect(ranks(view.dealer)).toEqual(['5']);
    expect(JSON.stringify(view)).not.toContain(String(round.state.dealer[1]));
    expect(view.actions).toEqual(['hit', 'stand', 'double']);
    expect(round.payout).toEqual(ratio(0));
    expect(blackjack.canTake(round.state)).toBe(false);
    expect(blackjack.canCancel(round.state)).toBe(false);
  });

  it('a player natural pays 3:2 at once (2.5x) when the dealer shows no ace', () => {
    const round = play(['A', '9', 'K', '7']);
    expect(round.type).toBe('finish');
    expect(round.state.hands[0]!.result).toBe(BlackjackResult.Blackjack);
    expect(round.payout).toEqual(ratio(5, 2));
    expect(round.stake).toEqual(ratio(1));
    expect(blackjack.view(round.state)).toMatchObject({ dealer: round.state.dealer, actions: [] });
  });

  it('the dealer peeks under a ten: a dealer natural ends the round (lose, or push on a player natural)', () => {
    const lost = play(['9', 'Q', '9', 'A']);
    expect(lost.type).toBe('lose');
    expect(lost.floatsUsed).toBe(4);
    expect(lost.state.hands[0]!.result).toBe(BlackjackResult.DealerBlackjack);
    expect(lost.state.insurance).toBe('none');
    const pushed = play(['A', 'Q', 'J', 'A']);
    expect(pushed.type).toBe('finish');
    expect(pushed.state.hands[0]!.result).toBe(BlackjackResult.Push);
    expect(pushed.payout).toEqual(ratio(1));
  });
});

describe('blackjack insurance', () => {
  it('is the first decision when the dealer shows an ace, and pays 2:1 on a dealer natural', () => {
    const open = play(['9', 'A', '8', 'K']);
    expect(open.type).toBe('continue');
    expect(blackjack.view(open.state)).toMatchObject({ phase: 'insurance', actions: ['insurance'] });
    expect(blackjack.actionStake!(open.state, YES)).toEqual(ratio(1, 2));
    expect(blackjack.actionStake!(open.state, NO)).toEqual(ratio(0));
    expect(blackjack.actionStake!(open.state, HIT)).toEqual(ratio(0));
    const insured = play(['9', 'A', '8', 'K'], [YES]);
    expect(insured.type).toBe('finish');
    expect(insured.state.insurancePaid).toBe(true);
    expect(insured.state.hands[0]!.result).toBe(BlackjackResult.DealerBlackjack);
    expect(insured.payout).toEqual(ratio(3, 2));
    expect(insured.stake).toEqual(ratio(3, 2));
    const declined = play(['9', 'A', '8', 'K'], [NO]);
    expect(declined.type).toBe('lose');
    expect(declined.stake).toEqual(ratio(1));
  });

  it('taken and lost when the dealer has no natural, then the hand plays on', () => {
    const round = play(['10', 'A', '9', '7'], [YES, STAND]);
    // Dealer A,7 is a soft 18 and stands (all 17s and up stand); 19 wins 1:1, insurance lost.
    expect(round.type).toBe('finish');
    expect(round.floatsUsed).toBe(4);
    expect(round.state.insurancePaid).toBe(false);
    expect(round.state.hands[0]!.result).toBe(BlackjackResult.Win);
    expect(round.payout).toEqual(ratio(2));
    expect(round.stake).toEqual(ratio(3, 2));
  });

  it('asks first even on a player natural, which then pays 3:2 or pushes', () => {
    expect(play(['A', 'A', 'K', '5']).type).toBe('continue');
    expect(play(['A', 'A', 'K', '5'], [NO]).payout).toEqual(ratio(5, 2));
    const both = play(['A', 'A', 'K', 'Q'], [YES]);
    expect(both.state.hands[0]!.result).toBe(BlackjackResult.Push);
    expect(both.payout).toEqual(ratio(5, 2)); // the stake back plus 3/2 insurance
  });

  it('refuses every other decision before insurance, and insurance anywhere else', () => {
    for (const action of [HIT, STAND, DOUBLE, SPLIT]) {
      expectInvalid(['8', 'A', '8', '5'], [action], /insurance first/);
    }
    expectInvalid(['8', 'K', '8', '5'], [YES]);
    expectInvalid(['8', 'A', '8', '5'], [NO, NO]);
    expectInvalid(['8', 'A', '8', '5', '2'], [NO, HIT, YES]);
  });
});

describe('blackjack decisions', () => {
  it('hit draws one card each; a bust ends the round and the dealer draws nothing', () => {
    const round = play(['10', '7', '2', '9', '3', 'K'], [HIT, HIT]);
    expect(round.type).toBe('lose');
    expect(round.floatsUsed).toBe(6);
    expect(ranks(round.state.hands[0]!.cards)).toEqual(['10', '2', '3', 'K']);
    expect(round.state.hands[0]!.result).toBe(BlackjackResult.Bust);
    expect(round.state.dealer).toHaveLength(2);
  });

  it('a hand reaching 21 stands by itself and the dealer plays', () => {
    const round = play(['5', '10', '6', '6', 'K', '5'], [HIT]);
    // 5+6+K = 21; dealer 10,6 = 16 draws 5 = 21: push.
    expect(round.steps).toEqual(['continue', 'finish']);
    expect(round.state.hands[0]!.result).toBe(BlackjackResult.Push);
    expect(round.payout).toEqual(ratio(1));
  });

  it('the dealer stands on soft 17 and draws to 16', () => {
    const soft = play(['10', 'A', '7', '6'], [NO, STAND]);
    expect(ranks(soft.state.dealer)).toEqual(['A', '6']);
    expect(soft.state.hands[0]!.result).toBe(BlackjackResult.Push);
    const drawn = play(['10', '6', '7', 'Q', '2'], [STAND]);
    expect(ranks(drawn.state.dealer)).toEqual(['6', 'Q', '2']);
    expect(drawn.state.hands[0]!.result).toBe(BlackjackResult.Lose);
    expect(drawn.type).toBe('lose');
  });

  it('double: one card for one more wager, then stand; a doubled win returns 4', () => {
    const round = play(['5', '6', '6', '10', '10', '10'], [DOUBLE]);
    expect(round.state.hands[0]).toMatchObject({
      stake: 2,
      doubled: true,
      result: BlackjackResult.DealerBust,
    });
    expect(ranks(round.state.hands[0]!.cards)).toEqual(['5', '6', '10']);
    expect(round.payout).toEqual(ratio(4));
    expect(round.stake).toEqual(ratio(2));
    const open = play(['5', '6', '6', '10']);
    expect(blackjack.actionStake!(open.state, DOUBLE)).toEqual(ratio(1));
    expect(blackjack.actionStake!(open.state, SPLIT)).toEqual(ratio(0));
  });

  it('double is only allowed on the first two cards', () => {
    expectInvalid(['2', '6', '3', '10', '2'], [HIT, DOUBLE], /double is not allowed/);
  });

  it('split: a pair becomes two hands, each playing on (double after split allowed)', () => {
    // 8,8 vs 10 (hole 7): left 8+3 doubles to 8+3+10 = 21, right 8+9 = 17 stands; dealer 17.
    const round = play(['8', '10', '8', '7', '3', '10', '9'], [SPLIT, DOUBLE, STAND]);
    expect(round.steps).toEqual(['continue', 'continue', 'continue', 'finish']);
    const [left, right] = round.state.hands;
    expect(ranks(left!.cards)).toEqual(['8', '3', '10']);
    expect(left).toMatchObject({ split: true, stake: 2, result: BlackjackResult.Win });
    expect(ranks(right!.cards)).toEqual(['8', '9']);
    expect(right!.result).toBe(BlackjackResult.Push);
    expect(round.payout).toEqual(ratio(5));
    expect(round.stake).toEqual(ratio(3));
  });

  it('split ten-values of different ranks; a split hand 21 is no natural', () => {
    const round = play(['K', '9', 'J', '9', 'A', '5', '10'], [SPLIT, STAND]);
    // Left K,A = 21 stands by itself (pays 1:1); right J,5 stands; dealer 9,9 = 18.
    const [left, right] = round.state.hands;
    expect(ranks(left!.cards)).toEqual(['K', 'A']);
    expect(left!.result).toBe(BlackjackResult.Win);
    expect(ranks(right!.cards)).toEqual(['J', '5']);
    expect(right!.result).toBe(BlackjackResult.Lose);
    expect(round.payout).toEqual(ratio(2));
  });

  it('split aces take one card each (no resplit) and stand', () => {
    const round = play(['A', '9', 'A', '8', 'K', 'A'], [SPLIT]);
    expect(round.type).toBe('finish');
    const [left, right] = round.state.hands;
    expect(ranks(left!.cards)).toEqual(['A', 'K']);
    expect(left!.result).toBe(BlackjackResult.Win);
    expect(ranks(right!.cards)).toEqual(['A', 'A']);
    expect(right!.result).toBe(BlackjackResult.Lose);
    expect(round.payout).toEqual(ratio(2));
    expect(round.stake).toEqual(ratio(2));
  });

  it('resplits up to 4 hands, never a fifth', () => {
    const cards = ['8', '10', '8', '10', '8', '8', '8', '2', '10', '10', '10'] as const;
    const actions = [SPLIT, SPLIT, SPLIT];
    const four = play([...cards], actions);
    expect(four.state.hands).toHaveLength(4);
    expect(blackjack.view(four.state)).toMatchObject({ active: 0, actions: ['hit', 'stand', 'double'] });
    expectInvalid([...cards], [...actions, SPLIT], /split is not allowed/);
    const done = play([...cards], [...actions, STAND, STAND, STAND, STAND]);
    expect(done.state.hands.map((hand) => ranks(hand.cards))).toEqual([
      ['8', '8'],
      ['8', '2'],
      ['8', '10'],
      ['8', '10'],
    ]);
    expect(done.state.hands.map((hand) => hand.result)).toEqual([0, 0, 0, 0]);
    expect(done.stake).toEqual(ratio(4));
    expect(done.type).toBe('lose');
  });

  it('refuses splits of non-pairs and of three cards, and anything after the round ended', () => {
    expectInvalid(['8', '10', '9', '7'], [SPLIT], /split is not allowed/);
    expectInvalid(['4', '10', '4', '7', '2'], [HIT, SPLIT]);
    expectInvalid(['A', '9', 'K', '7'], [STAND], /already ended/);
    const settled = play(['10', '6', '8', 'Q', '2'], [STAND]);
    expect(() => blackjack.turn(settled.state, HIT, arraySource([]), 100)).toThrow(/already ended/);
  });
});

describe('blackjack schemas and seeds', () => {
  it('takes an empty params object and the five decisions only', () => {
    expect(blackjackParamsSchema.parse(undefined)).toEqual({});
    expect(blackjackParamsSchema.safeParse({ decks: 6 }).success).toBe(false);
    expect(blackjackActionSchema.safeParse({ action: 'insurance' }).success).toBe(false);
    expect(blackjackActionSchema.safeParse({ action: 'surrender' }).success).toBe(false);
    expect(blackjackActionSchema.safeParse({ action: 'hit', extra: 1 }).success).toBe(false);
    expect(blackjackActionSchema.parse({ action: 'insurance', accept: false })).toEqual(NO);
  });

  it('deals from the bet stream: card i is floor(float_i * 52) of HMAC(server, client:nonce:round)', () => {
    const values = floats('blackjack-vector-server', 'client', 7, 4).map(cardIndexFromFloat);
    const round = blackjack.start({}, floatSource('blackjack-vector-server', 'client', 7), 100).state;
    expect([round.hands[0]!.cards[0], round.dealer[0], round.hands[0]!.cards[1], round.dealer[1]]).toEqual(
      values,
    );
    expect(blackjackTotal(round.hands[0]!.cards).total).toBeGreaterThanOrEqual(4);
  });

  it('ignores the house edge setting: the rules set the return', () => {
    for (const edge of [0, 100, 500]) {
      const rng = arraySource(deck('5', '6', '6', '10', '10', '10'));
      const { state } = replayExtended(blackjack, {}, [DOUBLE], rng, edge);
      expect(blackjack.payout(state, edge)).toEqual(ratio(4));
    }
  });
});
