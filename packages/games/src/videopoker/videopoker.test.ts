import { CARD_RANKS, floats, shuffle52 } from '@nebula/fairness';
import { describe, expect, it } from 'vitest';
import { InvalidActionError, arraySource, floatSource, replayExtended } from '../extended.js';
import { rtpOf } from '../house-edge.js';
import { divRatio, mulRatioExact, ratio } from '../ratio.js';
import { binomial } from '../tables.js';
import {
  VIDEO_POKER_BASE_TABLE,
  VIDEO_POKER_HANDS,
  type VideoPokerHand,
  type VideoPokerState,
  evaluateVideoPokerHand,
  videoPokerActionSchema,
  videoPokerParamsSchema,
  videoPokerTable,
  videopoker,
} from './videopoker.js';

/** `'As Kd 10h'` -> card indices (suits: d diamonds, h hearts, s spades, c clubs). */
function hand(text: string): number[] {
  return text.split(' ').map((label) => {
    const rank = label.slice(0, -1) as (typeof CARD_RANKS)[number];
    const suit = 'dhsc'.indexOf(label.slice(-1));
    expect(CARD_RANKS.indexOf(rank)).toBeGreaterThanOrEqual(0);
    return 4 * CARD_RANKS.indexOf(rank) + suit;
  });
}

const C = (n: number, k: number) => binomial(n, k);
/** Five-card hands of each class among C(52, 5) (standard combinatorics). */
const EXACT_COUNTS: Record<VideoPokerHand, bigint> = {
  'royal-flush': 4n,
  'straight-flush': 10n * 4n - 4n,
  'four-of-a-kind': 13n * 48n,
  'full-house': 13n * C(4, 3) * 12n * C(4, 2),
  flush: 4n * C(13, 5) - 40n,
  straight: 10n * 4n ** 5n - 40n,
  'three-of-a-kind': 13n * C(4, 3) * C(12, 2) * 4n * 4n,
  'two-pair': C(13, 2) * C(4, 2) * C(4, 2) * 11n * 4n,
  'jacks-or-better': 4n * C(4, 2) * C(12, 3) * 4n ** 3n,
  nothing: 0n,
};
EXACT_COUNTS.nothing = C(52, 5) - Object.values(EXACT_COUNTS).reduce((a, b) => a + b, 0n);

describe('video poker hand evaluator', () => {
  it('classifies known hands', () => {
    const cases: [string, VideoPokerHand][] = [
      ['10s Js Qs Ks As', 'royal-flush'],
      ['Ks Qs As Js 10s', 'royal-flush'],
      ['9h 10h Jh Qh Kh', 'straight-flush'],
      ['Ac 2c 3c 4c 5c', 'straight-flush'],
      ['7d 7h 7s 7c 2d', 'four-of-a-kind'],
      ['3d 3h 3s 9c 9d', 'full-house'],
      ['2h 7h 9h Jh Ah', 'flush'],
      ['Ad 2h 3s 4c 5d', 'straight'],
      ['10d Jh Qs Kc Ad', 'straight'],
      ['Qd Kh As 2c 3d', 'nothing'],
      ['5d 5h 5s Kc 2d', 'three-of-a-kind'],
      ['4d 4h 9s 9c Ad', 'two-pair'],
      ['Jd Jh 2s 5c 9d', 'jacks-or-better'],
      ['Ad As 2s 5c 9d', 'jacks-or-better'],
      ['10d 10h 2s 5c 9d', 'nothing'],
      ['2d 4h 6s 8c 10d', 'nothing'],
    ];
    for (const [text, expected] of cases)
      expect([text, evaluateVideoPokerHand(hand(text))]).toEqual([text, expected]);
    expect(() => evaluateVideoPokerHand([1, 2, 3, 4])).toThrow(RangeError);
    expect(() => evaluateVideoPokerHand([1, 1, 2, 3, 4])).toThrow(RangeError);
    expect(() => evaluateVideoPokerHand([1, 2, 3, 4, 52])).toThrow(RangeError);
  });

  it('counts every class over all C(52, 5) = 2,598,960 hands exactly as combinatorics does', () => {
    expect(C(52, 5)).toBe(2_598_960n);
    expect(EXACT_COUNTS['jacks-or-better']).toBe(337_920n);
    expect(EXACT_COUNTS.nothing).toBe(2_062_860n);
    const counts = Object.fromEntries(VIDEO_POKER_HANDS.map((name) => [name, 0n])) as Record<
      VideoPokerHand,
      bigint
    >;
    const cards = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a += 1)
      for (let b = a + 1; b < 52; b += 1)
        for (let c = b + 1; c < 52; c += 1)
          for (let d = c + 1; d < 52; d += 1)
            for (let e = d + 1; e < 52; e += 1) {
              cards[0] = a;
              cards[1] = b;
              cards[2] = c;
              cards[3] = d;
              cards[4] = e;
              const name = evaluateVideoPokerHand(cards);
              counts[name] += 1n;
            }
    expect(counts).toEqual(EXACT_COUNTS);
  }, 60_000);
});

describe('video poker pay table', () => {
  it('is the 9/6 table scaled by exactly rtp / 0.99544', () => {
    for (const edge of [0, 100, 250]) {
      const table = videoPokerTable(edge);
      const factor = divRatio(rtpOf(edge), ratio(99_544, 100_000));
      for (const name of VIDEO_POKER_HANDS) {
        expect(table[name]).toEqual(mulRatioExact(VIDEO_POKER_BASE_TABLE[name], factor));
      }
    }
    expect(videoPokerTable(100)['royal-flush']).toEqual(ratio(800n * 99n * 100_000n, 100n * 99_544n));
    expect(videoPokerTable(100)['jacks-or-better']).toEqual(ratio(9_900_000, 9_954_400));
    expect(videoPokerTable(100).nothing).toEqual(ratio(0));
    expect(Object.values(VIDEO_POKER_BASE_TABLE).map((r) => Number(r.num))).toEqual([
      800, 50, 25, 9, 6, 4, 3, 2, 1, 0,
    ]);
  });
});

describe('video poker rounds', () => {
  const values = floats('videopoker-vector-server', 'client', 3, 10);
  const deck = shuffle52(values);

  it('deals the first five of a 10-float shuffle and shows them with their class', () => {
    const step = videopoker.start({}, arraySource(values), 100);
    expect(step.type).toBe('continue');
    expect(step.state.deck).toEqual(deck);
    expect(step.state.cards).toEqual(deck.slice(0, 5));
    expect(new Set(deck).size).toBe(10);
    const view = videopoker.view(step.state) as Partial<VideoPokerState>;
    expect(view).toEqual({
      cards: deck.slice(0, 5),
      held: null,
      hand: evaluateVideoPokerHand(deck.slice(0, 5)),
    });
    expect(view.deck).toBeUndefined();
    expect(videopoker.payout(step.state, 100)).toEqual(ratio(0));
    expect(videopoker.canTake(step.state)).toBe(false);
    expect(videopoker.canCancel(step.state)).toBe(false);
  });

  it('replaces the discarded positions left to right with cards 5..9, reading no more floats', () => {
    const hold = [true, false, true, false, false];
    const replay = replayExtended(
      videopoker,
      {},
      [{ hold }],
      floatSource('videopoker-vector-server', 'client', 3),
      100,
    );
    expect(replay.floatsUsed).toBe(10);
    expect(replay.state.cards).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(replay.state.held).toEqual(hold);
    const all = replayExtended(
      videopoker,
      {},
      [{ hold: [true, true, true, true, true] }],
      arraySource(values),
      100,
    );
    expect(all.state.cards).toEqual(deck.slice(0, 5));
    const none = replayExtended(
      videopoker,
      {},
      [{ hold: [false, false, false, false, false] }],
      arraySource(values),
      100,
    );
    expect(none.state.cards).toEqual(deck.slice(5, 10));
  });

  it('pays the final class from the scaled table: finish on a paying hand, lose otherwise', () => {
    // Deal 10s Js Qs Ks 2d; replacements As 3d 4h 8s 9c.
    const royal = hand('10s Js Qs Ks 2d As 3d 4h 8s 9c');
    const state: VideoPokerState = { deck: royal, cards: royal.slice(0, 5), held: null, hand: 'nothing' };
    const won = videopoker.turn(state, { hold: [true, true, true, true, false] }, arraySource([]), 100);
    expect(won.type).toBe('finish');
    expect(won.state.hand).toBe('royal-flush');
    expect(videopoker.payout(won.state, 100)).toEqual(videoPokerTable(100)['royal-flush']);
    const lost = videopoker.turn(state, { hold: [false, false, false, false, true] }, arraySource([]), 100);
    expect(lost.state.cards).toEqual([royal[5], royal[6], royal[7], royal[8], royal[4]]);
    expect(lost.state.hand).toBe('nothing');
    expect(lost.type).toBe('lose');
    expect(videopoker.payout(lost.state, 100)).toEqual(ratio(0));
  });

  it('draws exactly once and validates the holds', () => {
    const replay = () =>
      replayExtended(
        videopoker,
        {},
        [{ hold: [true, true, true, true, true] }, { hold: [true, true, true, true, true] }],
        arraySource(values),
        100,
      );
    expect(replay).toThrow(InvalidActionError);
    const drawn = videopoker.turn(
      videopoker.start({}, arraySource(values), 100).state,
      { hold: [false, false, false, false, false] },
      arraySource([]),
      100,
    );
    expect(() =>
      videopoker.turn(drawn.state, { hold: [false, false, false, false, false] }, arraySource([]), 100),
    ).toThrow(/already been drawn/);
    expect(videoPokerActionSchema.safeParse({ hold: [true, true, true, true] }).success).toBe(false);
    expect(videoPokerActionSchema.safeParse({ hold: [true, true, true, true, true, true] }).success).toBe(
      false,
    );
    expect(videoPokerActionSchema.safeParse({ hold: [1, 0, 1, 0, 1] }).success).toBe(false);
    expect(videoPokerActionSchema.safeParse({ hold: [true, true, true, true, true], extra: 1 }).success).toBe(
      false,
    );
    expect(videoPokerParamsSchema.parse(undefined)).toEqual({});
    expect(videoPokerParamsSchema.safeParse({ coins: 5 }).success).toBe(false);
  });
});
