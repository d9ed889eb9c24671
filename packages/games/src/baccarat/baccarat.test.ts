import { cardFromIndex } from '@nebula/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratio, ratioToDecimal, rtpOf } from '../index.js';
import {
  BACCARAT_COUNTS,
  baccarat,
  baccaratCardValue,
  baccaratParamsSchema,
  baccaratSideMultiplier,
  playBaccarat,
} from './baccarat.js';

/** A card index of each baccarat value 0..9 (♦10, ♦A, ♦2 .. ♦9) and how many of the 13 ranks have it. */
const CARD_OF_VALUE = [32, 48, 0, 4, 8, 12, 16, 20, 24, 28];
const RANKS_OF_VALUE = [4n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n, 1n];

describe('baccarat', () => {
  it('values cards A=1, 2-9 face, 10/J/Q/K=0', () => {
    expect(Array.from({ length: 13 }, (_, r) => baccaratCardValue(r * 4 + 3))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1,
    ]);
    CARD_OF_VALUE.forEach((card, value) => expect(baccaratCardValue(card)).toBe(value));
  });

  it('deals P, B, P, B, then the next card to whoever draws', () => {
    // P: 2+3 = 5 draws the 5th card (4 -> 9); B: 4+2 = 6 draws on player third 6 or 7 only -> stands.
    const [c2, c3, c4, c6, c9] = [0, 4, 8, 16, 28];
    expect(playBaccarat([c2, c4, c3, c2, c9, c6])).toMatchObject({
      player: [c2, c3, c9],
      banker: [c4, c2],
      playerTotal: 4,
      bankerTotal: 6,
      winner: 'banker',
    });
    // Player stands on 7, banker draws on 5 with the 5th card.
    const c7 = 20;
    const c5 = 12;
    expect(playBaccarat([c7, c5, 32, 32, c4, c9])).toMatchObject({
      player: [c7, 32],
      banker: [c5, 32, c4],
      bankerTotal: 9,
      winner: 'banker',
    });
    // A natural ends the coup.
    const c8 = 24;
    expect(playBaccarat([c8, 0, 32, 0, 0, 0])).toMatchObject({
      player: [c8, 32],
      banker: [0, 0],
      winner: 'player',
    });
  });

  it('follows the banker drawing table for every banker total 0..7 and player third card 0..9', () => {
    // Rows: banker total 3..6; columns: player's third card 0..9; D = draws (standard table).
    const table: Record<number, string> = {
      3: 'DDDDDDDDSD',
      4: 'SSDDDDDDSS',
      5: 'SSSSDDDDSS',
      6: 'SSSSSSDDSS',
    };
    for (let bankerTotal = 0; bankerTotal <= 7; bankerTotal += 1) {
      for (let third = 0; third <= 9; third += 1) {
        // Player 0 + 0 (draws), banker total from a 10 and a card of that value.
        const cards = [32, 32, 32, CARD_OF_VALUE[bankerTotal] as number, CARD_OF_VALUE[third] as number, 48];
        const outcome = playBaccarat(cards);
        const expected =
          bankerTotal <= 2 ? 'D' : bankerTotal === 7 ? 'S' : (table[bankerTotal] as string)[third];
        expect(outcome.banker.length === 3 ? 'D' : 'S').toBe(expected);
      }
    }
  });

  it('never deals more than 3 cards a hand and totals are the sums mod 10 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 6, maxLength: 6 }), (ks) => {
        const outcome = baccarat.outcome(
          ks.map((k) => k / 2 ** 32),
          { player: '1', banker: '0', tie: '0' },
          100,
        );
        expect(outcome.player.length).toBeGreaterThanOrEqual(2);
        expect(outcome.player.length).toBeLessThanOrEqual(3);
        expect(outcome.banker.length).toBeLessThanOrEqual(3);
        const total = (cards: readonly number[]) => cards.reduce((s, c) => s + baccaratCardValue(c), 0) % 10;
        expect(outcome.playerTotal).toBe(total(outcome.player));
        expect(outcome.bankerTotal).toBe(total(outcome.banker));
        for (const card of [...outcome.player, ...outcome.banker])
          expect(cardFromIndex(card).index).toBe(card);
      }),
    );
  });

  it('RTP of each side is exactly 1 - edge by full enumeration of the unlimited deck (13^6 rank sequences)', () => {
    const counts = { player: 0n, banker: 0n, tie: 0n };
    for (let code = 0; code < 1_000_000; code += 1) {
      const cards: number[] = [];
      let weight = 1n;
      for (let i = 0, rest = code; i < 6; i += 1, rest = Math.floor(rest / 10)) {
        cards.push(CARD_OF_VALUE[rest % 10] as number);
        weight *= RANKS_OF_VALUE[rest % 10] as bigint;
      }
      counts[playBaccarat(cards).winner] += weight;
    }
    expect(counts).toEqual({
      player: BACCARAT_COUNTS.player,
      banker: BACCARAT_COUNTS.banker,
      tie: BACCARAT_COUNTS.tie,
    });
    expect(counts.player + counts.banker + counts.tie).toBe(13n ** 6n);

    for (const edge of [0, 100, 250]) {
      for (const side of ['player', 'banker', 'tie'] as const) {
        let num = 0n;
        let den = 1n;
        for (const winner of ['player', 'banker', 'tie'] as const) {
          const m = baccaratSideMultiplier(side, winner, edge);
          num = num * m.den + counts[winner] * m.num * den;
          den *= m.den;
        }
        expect(ratio(num, den * 13n ** 6n)).toEqual(rtpOf(edge));
      }
    }
  });

  it('pays about 2.005x player, 1.951x banker, 10.375x tie at 1%; tie pushes player and banker bets', () => {
    expect(ratioToDecimal(baccaratSideMultiplier('player', 'player', 100), 4)).toBe('2.0051');
    expect(ratioToDecimal(baccaratSideMultiplier('banker', 'banker', 100), 4)).toBe('1.9513');
    expect(ratioToDecimal(baccaratSideMultiplier('tie', 'tie', 100), 4)).toBe('10.3745');
    expect(baccaratSideMultiplier('player', 'tie', 100)).toEqual(ratio(1));
    expect(baccaratSideMultiplier('banker', 'player', 100)).toEqual(ratio(0));
  });

  it('validates stakes: non-negative integers, at least one side', () => {
    expect(baccaratParamsSchema.safeParse({}).success).toBe(false);
    expect(baccaratParamsSchema.safeParse({ tie: '0' }).success).toBe(false);
    expect(baccaratParamsSchema.safeParse({ banker: '-1' }).success).toBe(false);
    expect(baccaratParamsSchema.parse({ banker: '250' })).toEqual({ player: '0', banker: '250', tie: '0' });
    expect(baccarat.totalWager?.(baccaratParamsSchema.parse({ player: '5', tie: '2' }))).toBe(7n);
  });
});
