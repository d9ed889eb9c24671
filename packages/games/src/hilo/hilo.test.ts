import { cardFromIndex, floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import {
  type FloatSource,
  InvalidActionError,
  type Ratio,
  ZERO_RATIO,
  addRatio,
  arraySource,
  floatSource,
  mulRatioExact,
  ratio,
  ratioToNumber,
  replayExtended,
  rtpOf,
} from '../index.js';
import {
  HILO_GUESSES,
  HILO_MAX_SKIPS,
  type HiloAction,
  type HiloState,
  hilo,
  hiloActionSchema,
  hiloChance,
  hiloCurrentCard,
  hiloFactor,
  hiloGuessWins,
  hiloOptions,
  hiloParamsSchema,
  hiloRank,
} from './hilo.js';

/** A card index of each game rank 1 (A) .. 13 (K): A = 48 (♦A), n = 4 * (n - 2) (♦n). */
const cardOfRank = (rank: number) => (rank === 1 ? 48 : 4 * (rank - 2));
/** A float that draws the card of `rank` (the middle of its 1/52 slot). */
const floatOfRank = (rank: number) => (cardOfRank(rank) + 0.5) / 52;
const RANKS = Array.from({ length: 13 }, (_, i) => i + 1);

/** A rng that fails the test if the game reads a float it should not. */
const noFloats: FloatSource = arraySource([]);

function play(ranks: number[], actions: HiloAction[], edge = 100) {
  return replayExtended(hilo, {}, actions, arraySource(ranks.map(floatOfRank)), edge);
}

describe('hilo', () => {
  it('ranks A lowest (1) to K highest (13), four cards each', () => {
    const labels = Array.from({ length: 52 }, (_, i) => i).filter((i) => i % 4 === 0);
    // prettier-ignore
    expect(labels.map((i) => `${cardFromIndex(i).rank}=${hiloRank(i)}`)).toEqual([
      '2=2', '3=3', '4=4', '5=5', '6=6', '7=7', '8=8', '9=9', '10=10', 'J=11', 'Q=12', 'K=13', 'A=1',
    ]);
    const counts = new Array<number>(14).fill(0);
    for (let i = 0; i < 52; i += 1) counts[hiloRank(i)] = (counts[hiloRank(i)] as number) + 1;
    expect(counts.slice(1)).toEqual(new Array<number>(13).fill(4));
    RANKS.forEach((rank) => expect(hiloRank(cardOfRank(rank))).toBe(rank));
  });

  it('frozen vector: one float per card from the bet seeds', () => {
    const values = floats('hilo-vector-seed', 'player-seed', 1, 5);
    // prettier-ignore
    expect(values.map((value) => value.toFixed(6))).toEqual([
      '0.663270', '0.092119', '0.411743', '0.399691', '0.608386',
    ]);
    const actions: HiloAction[] = [
      { guess: 'lower' },
      { skip: true },
      { guess: 'higher' },
      { guess: 'equal' },
    ];
    const replay = replayExtended(hilo, {}, actions, floatSource('hilo-vector-seed', 'player-seed', 1), 100);
    // ♠10; lower -> ♦3 (3 <= 10); skip -> ♥7; higher -> ♦7 (same counts); equal -> ♣9: lost.
    // prettier-ignore
    expect(replay.state.cards.map((c) => `${cardFromIndex(c.card).label}:${c.decision}`)).toEqual([
      '♠10:lower', '♦3:skip', '♥7:higher', '♦7:equal', '♣9:null',
    ]);
    expect(replay.steps).toEqual(['continue', 'continue', 'continue', 'continue', 'lose']);
    expect(replay.floatsUsed).toBe(5);
    expect(replay.state.lost).toBe(true);
    expect(hilo.payout(replay.state, 100)).toEqual(ZERO_RATIO);

    // The same bet taken after the third card: rtp * 13/10 * 13/7 = 0.99 * 169/70.
    const open = replayExtended(
      hilo,
      {},
      actions.slice(0, 3),
      floatSource('hilo-vector-seed', 'player-seed', 1),
      100,
    );
    expect(hilo.canTake(open.state)).toBe(true);
    expect(hilo.payout(open.state, 100)).toEqual(ratio(99 * 169, 100 * 70));
    expect(hilo.view(open.state)).toMatchObject({ card: 20, rank: 7, correct: 2, skips: 1, skipsLeft: 51 });
    expect(hilo.view(open.state)).toMatchObject({ factor: '2.41428571' });
  });

  it('probabilities: higher-or-same (14-r)/13, lower-or-same r/13, equal 1/13; edges behave as equal', () => {
    for (const rank of RANKS) {
      expect(hiloChance(rank, 'higher')).toEqual(ratio(14 - rank, 13));
      expect(hiloChance(rank, 'lower')).toEqual(ratio(rank, 13));
      expect(hiloChance(rank, 'equal')).toEqual(ratio(1, 13));
      for (const guess of HILO_GUESSES) {
        const winning = RANKS.filter((next) => hiloGuessWins(rank, guess, next)).length;
        expect(hiloChance(rank, guess)).toEqual(ratio(winning, 13));
      }
    }
    // A: lower only on another A (= equal); K: higher only on another K (= equal).
    expect(RANKS.filter((next) => hiloGuessWins(1, 'lower', next))).toEqual([1]);
    expect(RANKS.filter((next) => hiloGuessWins(13, 'higher', next))).toEqual([13]);
    expect(hiloChance(1, 'lower')).toEqual(hiloChance(1, 'equal'));
    expect(hiloChance(13, 'higher')).toEqual(hiloChance(13, 'equal'));
  });

  it('every guess from every rank is a fair bet: P(true) * factor = 1 (rationals)', () => {
    for (const rank of RANKS) {
      for (const guess of HILO_GUESSES) {
        let expected: Ratio = ZERO_RATIO;
        for (const next of RANKS) {
          if (!hiloGuessWins(rank, guess, next)) continue;
          const cards = [
            { card: cardOfRank(rank), decision: guess },
            { card: cardOfRank(next), decision: null },
          ];
          expected = addRatio(expected, mulRatioExact(ratio(1, 13), hiloFactor(cards)));
        }
        expect(expected).toEqual(ratio(1));
      }
    }
  });

  it('RTP is exactly 1 - edge for whole strategies, through the reducer (exact tree over 13 ranks)', () => {
    type Strategy = (state: HiloState) => HiloAction | 'take';
    /** E[payout] of playing `strategy` from `state`: each next card's rank has probability 1/13. */
    const value = (state: HiloState, strategy: Strategy, edge: number): Ratio => {
      const choice = strategy(state);
      if (choice === 'take') return hilo.payout(state, edge);
      let sum: Ratio = ZERO_RATIO;
      for (const next of RANKS) {
        const step = hilo.turn(state, choice, arraySource([floatOfRank(next)]), edge);
        const v = step.type === 'lose' ? hilo.payout(step.state, edge) : value(step.state, strategy, edge);
        sum = addRatio(sum, mulRatioExact(ratio(1, 13), v));
      }
      return sum;
    };
    const rtpOfStrategy = (strategy: Strategy, edge: number) => {
      let sum: Ratio = ZERO_RATIO;
      for (const first of RANKS) {
        const { state } = hilo.start({}, arraySource([floatOfRank(first)]), edge);
        sum = addRatio(sum, mulRatioExact(ratio(1, 13), value(state, strategy, edge)));
      }
      return sum;
    };
    const rank = (state: HiloState) => hiloRank(hiloCurrentCard(state));
    const likelier = (state: HiloState): HiloAction => ({ guess: rank(state) <= 7 ? 'higher' : 'lower' });
    const correct = (state: HiloState) => hilo.view(state) as { correct: number; skips: number };
    const strategies: Strategy[] = [
      // The likelier side twice, then take.
      (state) => (correct(state).correct >= 2 ? 'take' : likelier(state)),
      // Skip a middle card once, then the likelier side, take after two.
      (state) => {
        if (correct(state).correct >= 2) return 'take';
        if (rank(state) >= 6 && rank(state) <= 8 && correct(state).skips === 0) return { skip: true };
        return likelier(state);
      },
      // Long shots: 'equal', or the unlikely side at the edges (A lower, K higher), take after one.
      (state) => {
        if (correct(state).correct >= 1) return 'take';
        if (rank(state) === 1) return { guess: 'lower' };
        if (rank(state) === 13) return { guess: 'higher' };
        return { guess: rank(state) % 2 ? 'equal' : 'higher' };
      },
      // The unlikely side, then the likelier one, then take.
      (state) => {
        const done = correct(state).correct;
        if (done >= 2) return 'take';
        return done === 0 ? { guess: rank(state) <= 7 ? 'lower' : 'higher' } : likelier(state);
      },
    ];
    for (const edge of [0, 100, 250]) {
      for (const strategy of strategies) expect(rtpOfStrategy(strategy, edge)).toEqual(rtpOf(edge));
    }
  });

  it('simulated strategy over 8,000 seeds returns 99% (replayExtended reproduces every round)', () => {
    const rounds = 8_000;
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const target = 1 + (nonce % 3);
      const rng = floatSource('hilo-sim', 'client', nonce);
      let step = hilo.start({}, rng, 100);
      const actions: HiloAction[] = [];
      while (step.type === 'continue' && !(hilo.view(step.state) as { correct: number }).correct) {
        // Skip sevens (up to 3 times), otherwise the likelier side.
        const view = hilo.view(step.state) as { rank: number; skips: number };
        const action: HiloAction =
          view.rank === 7 && view.skips < 3 ? { skip: true } : { guess: view.rank <= 7 ? 'higher' : 'lower' };
        actions.push(action);
        step = hilo.turn(step.state, action, rng, 100);
      }
      while (step.type === 'continue' && (hilo.view(step.state) as { correct: number }).correct < target) {
        const { rank } = hilo.view(step.state) as { rank: number };
        const action: HiloAction = { guess: rank <= 7 ? 'higher' : 'lower' };
        actions.push(action);
        step = hilo.turn(step.state, action, rng, 100);
      }
      const replay = replayExtended(hilo, {}, actions, floatSource('hilo-sim', 'client', nonce), 100);
      expect(replay.state).toEqual(step.state);
      const payout = ratioToNumber(hilo.payout(step.state, 100));
      sum += payout;
      sumSquares += payout * payout;
    }
    const mean = sum / rounds;
    const sd = Math.sqrt(sumSquares / rounds - mean * mean);
    expect(Math.abs(mean - 0.99)).toBeLessThan((4 * sd) / Math.sqrt(rounds));
  }, 60_000);

  it('skips replace the card, keep the multiplier, at most 52; a round with only skips can be cancelled', () => {
    const ranks = [5, ...new Array<number>(HILO_MAX_SKIPS).fill(9), 3];
    const skips: HiloAction[] = new Array<HiloAction>(HILO_MAX_SKIPS).fill({ skip: true });
    const { state, steps } = play(ranks.slice(0, -1), skips);
    expect(steps.every((type) => type === 'continue')).toBe(true);
    expect(hilo.canCancel(state)).toBe(true);
    expect(hilo.canTake(state)).toBe(false);
    expect(hilo.payout(state, 100)).toEqual(ZERO_RATIO);
    expect(hilo.view(state)).toMatchObject({ skips: 52, skipsLeft: 0, correct: 0, factor: '1.00000000' });
    expect(() => hilo.turn(state, { skip: true }, noFloats, 100)).toThrow(InvalidActionError);
    // A guess is still allowed after the last skip: lower from 9 with a 3.
    const next = hilo.turn(state, { guess: 'lower' }, arraySource([floatOfRank(3)]), 100);
    expect(next.type).toBe('continue');
    expect(hilo.payout(next.state, 100)).toEqual(ratio(99 * 13, 100 * 9));
    expect(hilo.canCancel(next.state)).toBe(false);

    // A skip between guesses leaves the multiplier unchanged.
    const before = play([4, 10], [{ guess: 'higher' }]).state;
    const after = play([4, 10, 2], [{ guess: 'higher' }, { skip: true }]).state;
    expect(hilo.payout(after, 100)).toEqual(hilo.payout(before, 100));
    expect(hilo.canTake(after)).toBe(true);
  });

  it('a wrong guess loses; a guess that cannot lose keeps the multiplier', () => {
    const lost = play([12, 11], [{ guess: 'higher' }]);
    expect(lost.type).toBe('lose');
    expect(hilo.canTake(lost.state)).toBe(false);
    expect(hilo.canCancel(lost.state)).toBe(false);
    expect(() => hilo.turn(lost.state, { guess: 'lower' }, noFloats, 100)).toThrow(InvalidActionError);
    expect(() => hilo.turn(lost.state, { skip: true }, noFloats, 100)).toThrow(InvalidActionError);
    expect(() => play([12, 11, 5], [{ guess: 'higher' }, { guess: 'lower' }])).toThrow(InvalidActionError);

    // At A 'higher' always comes true (13/13): one guess, multiplier rtp * 1.
    const sure = play([1, 6], [{ guess: 'higher' }]);
    expect(sure.type).toBe('continue');
    expect(hilo.payout(sure.state, 100)).toEqual(ratio(99, 100));
    // A lower at A wins only on an A: 13x.
    expect(hilo.payout(play([1, 1], [{ guess: 'lower' }]).state, 100)).toEqual(ratio(99 * 13, 100));
    expect(play([1, 2], [{ guess: 'lower' }]).type).toBe('lose');
  });

  it('options show each guess with its chance and the multiplier it would pay', () => {
    const state = play([10, 10], [{ guess: 'equal' }]).state; // factor 13
    const options = hiloOptions(state, 100);
    expect(options.map((option) => option.guess)).toEqual(['higher', 'lower', 'equal']);
    expect(options.map((option) => option.chance)).toEqual([ratio(4, 13), ratio(10, 13), ratio(1, 13)]);
    expect(options.map((option) => option.multiplier)).toEqual([
      ratio(99 * 13 * 13, 100 * 4),
      ratio(99 * 13 * 13, 100 * 10),
      ratio(99 * 13 * 13, 100),
    ]);
    for (const option of options) {
      const [guess, next] = [option.guess, option.guess === 'lower' ? 2 : 10];
      const step = hilo.turn(state, { guess }, arraySource([floatOfRank(next)]), 100);
      expect(hilo.payout(step.state, 100)).toEqual(option.multiplier);
    }
  });

  it('validates params ({} or omitted) and actions', () => {
    expect(hiloParamsSchema.parse({})).toEqual({});
    expect(hiloParamsSchema.parse(undefined)).toEqual({});
    expect(hiloParamsSchema.safeParse({ risk: 'low' }).success).toBe(false);
    expect(hiloParamsSchema.safeParse(null).success).toBe(false);
    for (const action of [{ guess: 'higher' }, { guess: 'lower' }, { guess: 'equal' }, { skip: true }]) {
      expect(hiloActionSchema.safeParse(action).success).toBe(true);
    }
    for (const action of [
      {},
      { guess: 'up' },
      { skip: false },
      { guess: 'higher', skip: true },
      { side: 'heads' },
    ]) {
      expect(hiloActionSchema.safeParse(action).success).toBe(false);
    }
    expect(() => play([5], [], 20_000)).toThrow(RangeError);
  });
});
