import { describe, expect, it } from 'vitest';
import { type Ratio, addRatio, ratio, ratioToDecimal, rtpOf } from '../index.js';
import {
  ROULETTE_RED,
  type RoulettePlacement,
  roulette,
  roulettePlacementSchema,
  rouletteParamsSchema,
  rouletteTotalWager,
} from './roulette.js';

/** Every valid single placement of each bet type (inside bets by brute force over number sets). */
function everyPlacement(): Map<string, RoulettePlacement[]> {
  const byType = new Map<string, RoulettePlacement[]>();
  const add = (candidate: unknown) => {
    const parsed = roulettePlacementSchema.safeParse(candidate);
    if (parsed.success) byType.set(parsed.data.type, [...(byType.get(parsed.data.type) ?? []), parsed.data]);
  };
  const amount = '1';
  for (let a = 0; a <= 36; a += 1) {
    add({ type: 'straight', numbers: [a], amount });
    for (let b = a + 1; b <= 36; b += 1) {
      add({ type: 'split', numbers: [a, b], amount });
      for (let c = b + 1; c <= Math.min(36, b + 3); c += 1) {
        add({ type: 'street', numbers: [a, b, c], amount });
        for (let d = c + 1; d <= Math.min(36, c + 3); d += 1)
          add({ type: 'corner', numbers: [a, b, c, d], amount });
      }
    }
  }
  for (let r = 0; r <= 36; r += 1)
    add({ type: 'line', numbers: Array.from({ length: 6 }, (_, i) => r + i), amount });
  for (const index of [1, 2, 3]) {
    add({ type: 'dozen', index, amount });
    add({ type: 'column', index, amount });
  }
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high']) add({ type, amount });
  return byType;
}

/** Exact RTP of a bet: the mean multiplier over the 37 pockets, each reached through outcome(). */
function rtpOfBet(placements: RoulettePlacement[], edge: number): Ratio {
  let total: Ratio = ratio(0);
  for (let pocket = 0; pocket < 37; pocket += 1) {
    const outcome = roulette.outcome([(pocket + 0.5) / 37], { placements }, edge);
    expect(outcome.number).toBe(pocket);
    total = addRatio(total, roulette.multiplier({ placements }, outcome, edge));
  }
  return ratio(total.num, total.den * 37n);
}

describe('roulette', () => {
  const placements = everyPlacement();

  it('knows the European table: 37 straights, 60 splits, 14 streets, 23 corners, 11 lines', () => {
    expect(placements.get('straight')).toHaveLength(37);
    expect(placements.get('split')).toHaveLength(60); // 24 across, 33 down, 0-1, 0-2, 0-3
    expect(placements.get('street')).toHaveLength(14); // 12 rows, 0-1-2, 0-2-3
    expect(placements.get('corner')).toHaveLength(23); // 22 squares, 0-1-2-3
    expect(placements.get('line')).toHaveLength(11);
    expect(placements.get('dozen')).toHaveLength(3);
    expect(placements.get('column')).toHaveLength(3);
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'])
      expect(placements.get(type)).toHaveLength(1);
    expect(roulettePlacementSchema.safeParse({ type: 'split', numbers: [3, 4], amount: '1' }).success).toBe(
      false,
    );
    expect(
      roulettePlacementSchema.safeParse({ type: 'corner', numbers: [3, 4, 6, 7], amount: '1' }).success,
    ).toBe(false);
  });

  it('RTP is exactly 1 - edge for every single placement of every bet type, edges 0, 1%, 2.7%', () => {
    for (const edge of [0, 100, 270]) {
      for (const [, list] of placements) {
        for (const placement of list) expect(rtpOfBet([placement], edge)).toEqual(rtpOf(edge));
      }
    }
  });

  it('a mixed bet pays the stake-weighted sum, and its RTP is still exactly 1 - edge', () => {
    const mixed: RoulettePlacement[] = [
      { type: 'straight', numbers: [17], amount: '1000' },
      { type: 'corner', numbers: [17, 18, 20, 21], amount: '10' },
      { type: 'red', amount: '10000' },
      { type: 'column', index: 2, amount: '100' },
      { type: 'split', numbers: [0, 2], amount: '1' },
    ];
    expect(rouletteTotalWager({ placements: mixed })).toBe(11_111n);
    expect(rtpOfBet(mixed, 100)).toEqual(rtpOf(100));
    // 17 is black, column 2: straight 1000 * 36.63 + corner 10 * 9.1575 + column 100 * 3.0525 = 37,026.825
    expect(ratioToDecimal(roulette.multiplier({ placements: mixed }, { number: 17 }, 100), 8)).toBe(
      ratioToDecimal(ratio(37_026_825n, 11_111_000n), 8),
    );
    expect(roulette.totalWager?.({ placements: mixed })).toBe(11_111n);
  });

  it('classic payouts: straight (1-e)*37, even-money (1-e)*37/18; red numbers as on the wheel', () => {
    expect(
      roulette.maxMultiplier({ placements: [{ type: 'straight', numbers: [0], amount: '1' }] }, 100),
    ).toEqual(ratio(3663, 100));
    expect(roulette.maxMultiplier({ placements: [{ type: 'red', amount: '1' }] }, 100)).toEqual(
      ratio(3663, 1800),
    );
    expect(ROULETTE_RED).toHaveLength(18);
    expect(roulette.multiplier({ placements: [{ type: 'red', amount: '5' }] }, { number: 0 }, 100)).toEqual(
      ratio(0),
    );
  });

  it('validates placements and amounts', () => {
    expect(rouletteParamsSchema.safeParse({ placements: [] }).success).toBe(false);
    expect(rouletteParamsSchema.safeParse({ placements: [{ type: 'red', amount: '0' }] }).success).toBe(
      false,
    );
    expect(rouletteParamsSchema.safeParse({ placements: [{ type: 'red', amount: '1.5' }] }).success).toBe(
      false,
    );
    expect(
      rouletteParamsSchema.safeParse({ placements: [{ type: 'dozen', index: 4, amount: '1' }] }).success,
    ).toBe(false);
    expect(
      rouletteParamsSchema.safeParse({ placements: [{ type: 'straight', numbers: [37], amount: '1' }] })
        .success,
    ).toBe(false);
  });
});
