import { floats } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import {
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
  verifyExtended,
} from '../index.js';
import {
  COINFLIP_MAX_FLIPS,
  type CoinflipAction,
  type CoinflipSide,
  type CoinflipState,
  coinflip,
  coinflipActionSchema,
  coinflipMultiplier,
  coinflipParamsSchema,
  coinflipSide,
  coinflipStreak,
  coinflipVersion,
} from './coinflip.js';

const HEADS = 0.25;
const TAILS = 0.75;
const floatOf = (side: CoinflipSide) => (side === 'heads' ? HEADS : TAILS);
const call = (side: CoinflipSide): CoinflipAction => ({ side });

describe('coinflip', () => {
  it('heads below 0.5, tails from 0.5: exactly half of the 2^32 floats each', () => {
    const step = 2 ** -32;
    expect(coinflipSide(0)).toBe('heads');
    expect(coinflipSide(0.5 - step)).toBe('heads');
    expect(coinflipSide(0.5)).toBe('tails');
    expect(coinflipSide(1 - step)).toBe('tails');
    // Floats are k / 2^32: heads for k < 2^31, i.e. 2^31 of the 2^32 values.
    expect((0.5 - step) * 2 ** 32 + 1).toBe(2 ** 31);
    expect(() => coinflipSide(1)).toThrow(RangeError);
  });

  it('frozen vector: one float per flip from the bet seeds', () => {
    const values = floats('coinflip-vector-seed', 'player-seed', 7, 5);
    // prettier-ignore
    expect(values.map((value) => value.toFixed(6))).toEqual([
      '0.659191', '0.258698', '0.236462', '0.878131', '0.539444',
    ]);
    const actions = (['tails', 'heads', 'heads', 'tails', 'heads'] as const).map(call);
    const replay = replayExtended(
      coinflip,
      {},
      actions,
      floatSource('coinflip-vector-seed', 'player-seed', 7),
      100,
    );
    expect(replay.state.flips.map((flip) => flip.result)).toEqual([
      'tails',
      'heads',
      'heads',
      'tails',
      'tails',
    ]);
    expect(replay.steps).toEqual(['continue', 'continue', 'continue', 'continue', 'continue', 'lose']);
    expect(replay.floatsUsed).toBe(5);
    expect(coinflip.payout(replay.state, 100)).toEqual(ZERO_RATIO);

    const open = replayExtended(
      coinflip,
      {},
      actions.slice(0, 4),
      floatSource('coinflip-vector-seed', 'player-seed', 7),
      100,
    );
    expect(coinflip.payout(open.state, 100)).toEqual(ratio(99 * 16, 100));
    expect(coinflip.view(open.state)).toMatchObject({ streak: 4, factor: '16' });
    expect(coinflip.canTake(open.state)).toBe(true);
    expect(coinflip.canCancel(open.state)).toBe(false);
  });

  it('start draws nothing; cancel before the first flip, take after a right one', () => {
    const rng = arraySource([]);
    const { state, type } = coinflip.start({}, rng, 100);
    expect(type).toBe('continue');
    expect(rng.used).toBe(0);
    expect(coinflip.canCancel(state)).toBe(true);
    expect(coinflip.canTake(state)).toBe(false);
    expect(coinflip.payout(state, 100)).toEqual(ZERO_RATIO);
    const right = coinflip.turn(state, call('tails'), arraySource([TAILS]), 100);
    expect(right.type).toBe('continue');
    expect(coinflip.payout(right.state, 100)).toEqual(ratio(198, 100));
    expect([coinflip.canTake(right.state), coinflip.canCancel(right.state)]).toEqual([true, false]);
    const wrong = coinflip.turn(state, call('heads'), arraySource([TAILS]), 100);
    expect(wrong.type).toBe('lose');
    expect([coinflip.canTake(wrong.state), coinflip.canCancel(wrong.state)]).toEqual([false, false]);
    expect(() => coinflip.turn(wrong.state, call('tails'), arraySource([TAILS]), 100)).toThrow(
      InvalidActionError,
    );
  });

  it('the 20th right call finishes the round and pays rtp * 2^20', () => {
    const sides: CoinflipSide[] = Array.from({ length: COINFLIP_MAX_FLIPS }, (_, i) =>
      i % 3 ? 'heads' : 'tails',
    );
    const replay = replayExtended(coinflip, {}, sides.map(call), arraySource(sides.map(floatOf)), 100);
    expect(replay.steps.slice(1, -1).every((type) => type === 'continue')).toBe(true);
    expect(replay.type).toBe('finish');
    expect(coinflip.payout(replay.state, 100)).toEqual(ratio(99 * 2 ** 20, 100));
    expect(coinflip.canTake(replay.state)).toBe(false);
    expect(() => coinflip.turn(replay.state, call('heads'), arraySource([HEADS]), 100)).toThrow(
      InvalidActionError,
    );
    // Losing on the 20th flip pays nothing.
    const last = sides.map(floatOf);
    last[COINFLIP_MAX_FLIPS - 1] = floatOf(sides[COINFLIP_MAX_FLIPS - 1] === 'heads' ? 'tails' : 'heads');
    expect(replayExtended(coinflip, {}, sides.map(call), arraySource(last), 100).type).toBe('lose');
  });

  it('RTP is exactly 1 - edge for every cash-out target (exact enumeration through the reducer)', () => {
    for (const edge of [0, 100, 300]) {
      for (let target = 1; target <= COINFLIP_MAX_FLIPS; target += 1) {
        // P(target right calls in a row) * multiplier: one path wins, every other path loses.
        expect(mulRatioExact(ratio(1, 2 ** target), coinflipMultiplier(target, edge))).toEqual(rtpOf(edge));
      }
      // Every coin sequence of 6 flips, calling heads-tails alternately and taking after `target`.
      for (let target = 1; target <= 6; target += 1) {
        let expected: Ratio = ZERO_RATIO;
        for (let mask = 0; mask < 2 ** 6; mask += 1) {
          const coins = Array.from({ length: 6 }, (_, i) => ((mask >> i) & 1 ? TAILS : HEADS));
          const rng = arraySource(coins);
          let step = coinflip.start({}, rng, edge);
          for (let i = 0; step.type === 'continue' && coinflipStreak(step.state) < target; i += 1) {
            step = coinflip.turn(step.state, call(i % 2 ? 'tails' : 'heads'), rng, edge);
          }
          expected = addRatio(expected, mulRatioExact(ratio(1, 64), coinflip.payout(step.state, edge)));
        }
        expect(expected).toEqual(rtpOf(edge));
      }
    }
  });

  it('simulated play over 6,000 seeds returns 99% (replayExtended reproduces every round)', () => {
    const rounds = 6_000;
    let sum = 0;
    let sumSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const target = 1 + (nonce % 4);
      const rng = floatSource('coinflip-sim', 'client', nonce);
      let step = coinflip.start({}, rng, 100);
      const actions: CoinflipAction[] = [];
      while (step.type === 'continue' && coinflipStreak(step.state) < target) {
        actions.push(call(nonce % 2 ? 'heads' : 'tails'));
        step = coinflip.turn(step.state, actions[actions.length - 1] as CoinflipAction, rng, 100);
      }
      const replay = replayExtended(coinflip, {}, actions, floatSource('coinflip-sim', 'client', nonce), 100);
      expect(replay.state).toEqual<CoinflipState>(step.state);
      const payout = ratioToNumber(coinflip.payout(step.state, 100));
      sum += payout;
      sumSquares += payout * payout;
    }
    const mean = sum / rounds;
    const sd = Math.sqrt(sumSquares / rounds - mean * mean);
    expect(Math.abs(mean - 0.99)).toBeLessThan((4 * sd) / Math.sqrt(rounds));
  }, 60_000);

  it('version 2 maps like floor(float * 2): 0 tails, 1 heads; version 1 (the default) the other way', () => {
    const step = 2 ** -32;
    for (const [value, v1, v2] of [
      [0, 'heads', 'tails'],
      [0.5 - step, 'heads', 'tails'],
      [0.5, 'tails', 'heads'],
      [1 - step, 'tails', 'heads'],
    ] as const) {
      expect(coinflipSide(value), String(value)).toBe(v1);
      expect(coinflipSide(value, 1), String(value)).toBe(v1);
      expect(coinflipSide(value, 2), String(value)).toBe(v2);
    }
    expect(() => coinflipSide(1, 2)).toThrow(RangeError);
  });

  it('the version comes from the params, is kept in the state, and new rounds are stamped with 2', () => {
    expect(coinflipVersion(coinflipParamsSchema.parse({}))).toBe(1);
    expect(coinflipVersion(coinflipParamsSchema.parse({ v: 1 }))).toBe(1);
    expect(coinflipVersion(coinflipParamsSchema.parse({ v: 2 }))).toBe(2);
    expect(coinflipParamsSchema.safeParse({ v: 3 }).success).toBe(false);
    expect(coinflip.forNewBet?.({})).toEqual({ v: 2 });
    // A player cannot choose version 1 for a new round.
    expect(coinflip.forNewBet?.({ v: 1 })).toEqual({ v: 2 });
    // Version 1 keeps the state stored rounds have; version 2 marks its state, so turns map by it.
    expect(coinflip.start({}, arraySource([]), 100).state).toStrictEqual({ flips: [] });
    expect(coinflip.start({ v: 1 }, arraySource([]), 100).state).toStrictEqual({ flips: [] });
    const v2 = coinflip.start({ v: 2 }, arraySource([]), 100).state;
    expect(v2).toStrictEqual({ flips: [], v: 2 });
    const right = coinflip.turn(v2, call('heads'), arraySource([TAILS]), 100);
    expect(right.type).toBe('continue');
    expect(right.state).toStrictEqual({ flips: [{ call: 'heads', result: 'heads' }], v: 2 });
    const wrong = coinflip.turn(right.state, call('heads'), arraySource([HEADS]), 100);
    expect(wrong.state.flips[1]).toEqual({ call: 'heads', result: 'tails' });
    expect(wrong.state.v).toBe(2);
  });

  it('the verifier replays each round by the version in its params', () => {
    // The frozen vector above (floats 0.659191, 0.258698, ...): version 1 flips T H H T T.
    const actions = (['tails', 'heads', 'heads', 'tails'] as const).map(call);
    const v1 = verifyExtended('coinflip', 'coinflip-vector-seed', 'player-seed', 7, {}, actions, 100);
    expect(v1.ending).toBe('take');
    expect(v1.payoutDecimal).toBe('15.84000000');
    const v2 = verifyExtended(
      'coinflip',
      'coinflip-vector-seed',
      'player-seed',
      7,
      { v: 2 },
      actions.slice(0, 1),
      100,
    );
    expect(v2.params).toEqual({ v: 2 });
    expect(v2.ending).toBe('lose');
    // The version 1 round's decisions do not replay as version 2: its first call lost there.
    expect(() =>
      verifyExtended('coinflip', 'coinflip-vector-seed', 'player-seed', 7, { v: 2 }, actions, 100),
    ).toThrow(/Decision 2 is not allowed/);
    expect((v2.state as CoinflipState).flips).toEqual([{ call: 'tails', result: 'heads' }]);
    // The same floats read the other way: version 2 flips H T T H.
    const flipped = (['heads', 'tails', 'tails', 'heads'] as const).map(call);
    const v2won = verifyExtended(
      'coinflip',
      'coinflip-vector-seed',
      'player-seed',
      7,
      { v: 2 },
      flipped,
      100,
    );
    expect(v2won.ending).toBe('take');
    expect(v2won.payoutDecimal).toBe('15.84000000');
  });

  it('validates params ({} or omitted) and actions', () => {
    expect(coinflipParamsSchema.parse({})).toEqual({});
    expect(coinflipParamsSchema.parse(undefined)).toEqual({});
    expect(coinflipParamsSchema.safeParse({ side: 'heads' }).success).toBe(false);
    expect(coinflipActionSchema.safeParse({ side: 'heads' }).success).toBe(true);
    expect(coinflipActionSchema.safeParse({ side: 'tails' }).success).toBe(true);
    for (const action of [{}, { side: 'edge' }, { side: 'heads', skip: true }, { guess: 'higher' }]) {
      expect(coinflipActionSchema.safeParse(action).success).toBe(false);
    }
    expect(() => coinflipMultiplier(21, 100)).toThrow(RangeError);
    expect(() => coinflip.start({}, arraySource([]), -1)).toThrow(RangeError);
  });
});
