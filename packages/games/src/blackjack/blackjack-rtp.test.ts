import { CARD_RANKS } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { floatSource, replayExtended } from '../extended.js';
import { ratioToNumber } from '../ratio.js';
import {
  BLACKJACK_BASIC_STRATEGY_RTP,
  type BlackjackAction,
  type BlackjackView,
  blackjack,
} from './blackjack.js';
import { basicStrategy, basicStrategyReturn } from './strategy.js';

const idx = (rank: (typeof CARD_RANKS)[number]): number => 4 * CARD_RANKS.indexOf(rank);
const bs = (hand: (typeof CARD_RANKS)[number][], up: (typeof CARD_RANKS)[number]) =>
  basicStrategy(hand.map(idx), idx(up), {
    canDouble: hand.length === 2,
    canSplit: hand.length === 2 && hand[0] === hand[1],
  });

/** The basic-strategy player: declines insurance, then plays the exact optimum from `strategy.ts`. */
function decide(view: BlackjackView): BlackjackAction {
  if (view.actions.includes('insurance')) return { action: 'insurance', accept: false };
  const hand = view.hands[view.active];
  if (!hand) throw new Error('no hand to play');
  const move = basicStrategy(hand.cards, view.dealer[0] as number, {
    canDouble: view.actions.includes('double'),
    canSplit: view.actions.includes('split'),
  });
  return { action: move };
}

describe('blackjack return to player', () => {
  it('basic strategy returns 99.488% by exact unlimited-deck analysis (edge 0.512%)', () => {
    const rtp = basicStrategyReturn();
    expect(Math.abs(rtp - ratioToNumber(BLACKJACK_BASIC_STRATEGY_RTP))).toBeLessThan(5e-6);
    // The published figure for unlimited-deck S17, DAS, resplit to 4, no surrender is about 0.5%.
    expect(1 - rtp).toBeGreaterThan(0.0045);
    expect(1 - rtp).toBeLessThan(0.0055);
  });

  it('the derived strategy is the published S17 basic strategy chart', () => {
    expect(bs(['10', '6'], '10')).toBe('hit');
    expect(bs(['10', '6'], '6')).toBe('stand');
    expect(bs(['10', '2'], '3')).toBe('hit');
    expect(bs(['10', '2'], '4')).toBe('stand');
    expect(bs(['6', '5'], '10')).toBe('double');
    expect(bs(['6', '5'], 'A')).toBe('hit'); // S17: 11 against an ace hits
    expect(bs(['6', '4'], '9')).toBe('double');
    expect(bs(['5', '4'], '2')).toBe('hit');
    expect(bs(['5', '4'], '3')).toBe('double');
    expect(bs(['A', '7'], '3')).toBe('double');
    expect(bs(['A', '7'], '2')).toBe('stand');
    expect(bs(['A', '7'], '9')).toBe('hit');
    expect(bs(['A', 'A'], 'A')).toBe('split');
    expect(bs(['8', '8'], '10')).toBe('split');
    expect(bs(['10', '10'], '6')).toBe('stand');
    expect(bs(['9', '9'], '7')).toBe('stand');
    expect(bs(['9', '9'], '8')).toBe('split');
    expect(bs(['4', '4'], '5')).toBe('split'); // with double after split
    expect(bs(['5', '5'], '9')).toBe('double');
    expect(bs(['10', '3', '3'], '2')).toBe('stand');
    expect(bs(['5', '3', '2', '2', '4'], '10')).toBe('hit');
  });

  it('a basic-strategy player over 200,000 seeded rounds returns the analysed RTP (within 4 sigma)', () => {
    const rounds = 200_000;
    const expected = basicStrategyReturn();
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const rng = floatSource('blackjack-rtp-server-seed', 'client', nonce);
      let step = blackjack.start({}, rng, 100);
      const actions: BlackjackAction[] = [];
      while (step.type === 'continue') {
        const action = decide(blackjack.view(step.state) as BlackjackView);
        actions.push(action);
        step = blackjack.turn(step.state, action, rng, 100);
      }
      const profit =
        ratioToNumber(blackjack.payout(step.state, 100)) - ratioToNumber(blackjack.stake!(step.state));
      sum += profit;
      sumSquares += profit * profit;
      if (nonce % 1000 === 0) {
        // The verifier's replay of the stored actions reaches the same round.
        const replay = replayExtended(
          blackjack,
          {},
          actions,
          floatSource('blackjack-rtp-server-seed', 'client', nonce),
          100,
        );
        expect(replay.state).toEqual(step.state);
        expect(replay.floatsUsed).toBe(rng.used);
      }
    }
    const mean = sum / rounds;
    const sigma = Math.sqrt((sumSquares / rounds - mean * mean) / rounds);
    expect(sigma).toBeLessThan(0.003);
    expect(Math.abs(1 + mean - expected)).toBeLessThan(4 * sigma);
  }, 60_000);
});
