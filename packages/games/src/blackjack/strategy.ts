import { blackjackCardValue, blackjackTotal } from './hand.js';

/**
 * Exact infinite-deck analysis of this blackjack (the rules of `blackjack.ts`): the expected value of
 * every decision, the optimal (basic) strategy that follows from it, and the return of a round played
 * with it. In an unlimited deck every card is 2..9 with probability 1/13 each, a ten-value card with
 * 4/13 and an ace with 1/13, whatever was dealt before, so a decision depends only on the hand's total,
 * whether it is soft, whether it is a pair, whether it may still double, and the dealer's up card.
 *
 * Rules analysed: the dealer stands on all 17s and peeks for blackjack under an ace or a ten (a dealer
 * natural takes only the original stake), natural pays 3:2, double on any first two cards (also after a
 * split), split equal values up to 4 hands, split aces take one card each and cannot be resplit, no
 * surrender, insurance declined (it is a losing side bet: it pays 2:1 on a 4/13 chance).
 *
 * Numbers are JavaScript doubles: this is analysis (the documented edge and the test player), never
 * money.
 */

/** Card values with their probability in an unlimited deck: 2..9 and A (11) 1/13 each, 10 4/13. */
const DRAWS: readonly (readonly [value: number, probability: number])[] = [
  [2, 1 / 13],
  [3, 1 / 13],
  [4, 1 / 13],
  [5, 1 / 13],
  [6, 1 / 13],
  [7, 1 / 13],
  [8, 1 / 13],
  [9, 1 / 13],
  [10, 4 / 13],
  [11, 1 / 13],
];
/** Hands a round may split into. */
const MAX_HANDS = 4;

/** A hand reduced to what matters: the hard total (aces as 1) and whether it holds an ace. */
interface Hard {
  readonly hard: number;
  readonly ace: boolean;
}

const add = (hand: Hard, value: number): Hard => ({
  hard: hand.hard + (value === 11 ? 1 : value),
  ace: hand.ace || value === 11,
});
const best = ({ hard, ace }: Hard): number => (ace && hard + 10 <= 21 ? hard + 10 : hard);
const single = (value: number): Hard => add({ hard: 0, ace: false }, value);

/** The dealer's final total, 17..21, or 22 for a bust: index total - 17. */
type DealerOutcomes = readonly number[];

const dealerMemo = new Map<string, number[]>();
function dealerFrom(hand: Hard): number[] {
  const total = best(hand);
  const result = [0, 0, 0, 0, 0, 0];
  if (total > 21) {
    result[5] = 1;
    return result;
  }
  if (total >= 17) {
    result[total - 17] = 1;
    return result;
  }
  const key = `${hand.hard}|${hand.ace}`;
  const cached = dealerMemo.get(key);
  if (cached) return cached;
  for (const [value, p] of DRAWS) {
    const next = dealerFrom(add(hand, value));
    for (let i = 0; i < 6; i += 1) result[i] = (result[i] as number) + p * (next[i] as number);
  }
  dealerMemo.set(key, result);
  return result;
}

/** The dealer's final totals for an up card value (2..11), given that the dealer has no natural. */
export function dealerOutcomes(up: number): DealerOutcomes {
  const holes = DRAWS.filter(([value]) => !(up === 11 && value === 10) && !(up === 10 && value === 11));
  const mass = holes.reduce((sum, [, p]) => sum + p, 0);
  const result = [0, 0, 0, 0, 0, 0];
  for (const [value, p] of holes) {
    const next = dealerFrom(add(single(up), value));
    for (let i = 0; i < 6; i += 1) result[i] = (result[i] as number) + (p / mass) * (next[i] as number);
  }
  return result;
}

/** Expected values (per unit of the hand's stake) of the decisions on one hand against one up card. */
export class BlackjackAnalysis {
  private readonly dealer: DealerOutcomes;
  private readonly hitMemo = new Map<string, number>();
  private readonly splitMemo = new Map<number, number>();

  constructor(readonly up: number) {
    this.dealer = dealerOutcomes(up);
  }

  /** Standing on `total`. */
  stand(total: number): number {
    if (total > 21) return -1;
    let ev = this.dealer[5] as number;
    for (let d = 17; d <= 21; d += 1) {
      const p = this.dealer[d - 17] as number;
      if (total > d) ev += p;
      else if (total < d) ev -= p;
    }
    return ev;
  }

  /** Hitting `hand`, then playing on optimally (hit or stand). */
  hit(hand: Hard): number {
    const key = `${hand.hard}|${hand.ace}`;
    const cached = this.hitMemo.get(key);
    if (cached !== undefined) return cached;
    let ev = 0;
    for (const [value, p] of DRAWS) {
      const next = add(hand, value);
      const total = best(next);
      ev +=
        p * (total > 21 ? -1 : total === 21 ? this.stand(21) : Math.max(this.stand(total), this.hit(next)));
    }
    this.hitMemo.set(key, ev);
    return ev;
  }

  /** Doubling `hand`: one card, then stand, twice the stake. */
  double(hand: Hard): number {
    let ev = 0;
    for (const [value, p] of DRAWS) ev += p * this.stand(best(add(hand, value)));
    return 2 * ev;
  }

  /** The best of stand, hit and (when allowed) double on a hand that is not split. */
  playOn(hand: Hard, canDouble: boolean): number {
    const total = best(hand);
    if (total >= 21) return this.stand(total);
    const options = [this.stand(total), this.hit(hand)];
    if (canDouble) options.push(this.double(hand));
    return Math.max(...options);
  }

  /**
   * Splitting a pair of `value` from one hand into two, resplitting every further pair while fewer
   * than 4 hands exist (the policy of {@link basicStrategy}); the sum over the resulting hands.
   */
  split(value: number): number {
    let ev = this.splitMemo.get(value);
    if (ev === undefined) {
      ev = this.splitUncached(value);
      this.splitMemo.set(value, ev);
    }
    return ev;
  }

  private splitUncached(value: number): number {
    if (value === 11) {
      let one = 0;
      for (const [drawn, p] of DRAWS) one += p * this.stand(best(add(single(11), drawn)));
      return 2 * one;
    }
    const [, pairP] = DRAWS.find(([drawn]) => drawn === value) as readonly [number, number];
    let other = 0;
    for (const [drawn, p] of DRAWS) {
      if (drawn !== value) other += p * this.playOn(add(single(value), drawn), true);
    }
    const unmatched = other / (1 - pairP);
    const matched = this.playOn(add(single(value), value), true);
    // Hands are dealt their second card one after the other; a match splits again while hands < 4.
    const counts = (hands: number, waiting: number): [number, number] => {
      if (waiting === 0) return [0, 0];
      const [restN, restM] = counts(hands, waiting - 1);
      if (hands < MAX_HANDS) {
        const [splitN, splitM] = counts(hands + 1, waiting + 1);
        return [(1 - pairP) * (1 + restN) + pairP * splitN, (1 - pairP) * restM + pairP * splitM];
      }
      return [(1 - pairP) * (1 + restN) + pairP * restN, (1 - pairP) * restM + pairP * (1 + restM)];
    };
    const [nUnmatched, nMatched] = counts(2, 2);
    return nUnmatched * unmatched + nMatched * matched;
  }
}

const analyses = new Map<number, BlackjackAnalysis>();
/** The (memoised) analysis against an up card of value 2..11. */
export function blackjackAnalysis(up: number): BlackjackAnalysis {
  let analysis = analyses.get(up);
  if (!analysis) {
    analysis = new BlackjackAnalysis(up);
    analyses.set(up, analysis);
  }
  return analysis;
}

/** A decision of {@link basicStrategy}. */
export type BlackjackMove = 'hit' | 'stand' | 'double' | 'split';

/**
 * The optimal decision for a hand (card indices) against the dealer's up card (card index), when the
 * hand may double and / or split. Insurance is never taken.
 */
export function basicStrategy(
  cards: readonly number[],
  dealerUp: number,
  options: { canDouble: boolean; canSplit: boolean },
): BlackjackMove {
  const analysis = blackjackAnalysis(blackjackCardValue(dealerUp));
  const hand = cards.reduce<Hard>((acc, card) => add(acc, blackjackCardValue(card)), { hard: 0, ace: false });
  const { total } = blackjackTotal(cards);
  const moves: [BlackjackMove, number][] = [
    ['stand', analysis.stand(total)],
    ['hit', analysis.hit(hand)],
  ];
  if (options.canDouble) moves.push(['double', analysis.double(hand)]);
  if (options.canSplit) moves.push(['split', analysis.split(blackjackCardValue(cards[0] as number))]);
  return moves.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/**
 * The expected return of a round per base wager (1 = break even) with {@link basicStrategy}: the
 * rules' own return to player, 1 minus their house edge.
 */
export function basicStrategyReturn(): number {
  const pNatural = 2 * (1 / 13) * (4 / 13);
  let ev = 0;
  for (const [up, pUp] of DRAWS) {
    const analysis = blackjackAnalysis(up);
    const pDealerNatural = up === 11 ? 4 / 13 : up === 10 ? 1 / 13 : 0;
    let open = pNatural * 1.5;
    for (const [a, pa] of DRAWS) {
      for (const [b, pb] of DRAWS) {
        const hand = add(single(a), b);
        if (best(hand) === 21) continue; // the natural, counted above
        let value = analysis.playOn(hand, true);
        if (a === b) value = Math.max(value, analysis.split(a));
        open += pa * pb * value;
      }
    }
    ev += pUp * (pDealerNatural * -(1 - pNatural) + (1 - pDealerNatural) * open);
  }
  return 1 + ev;
}
