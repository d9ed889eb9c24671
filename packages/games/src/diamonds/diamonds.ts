import { floatToIndex } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, scaleToRtp } from '../house-edge.js';
import type { Ratio } from '../ratio.js';
import { chance, decimals, memo } from '../tables.js';

/**
 * Diamonds: five gems, each `floor(float * 7)` into the public gem index (0 green, 1 purple, 2 yellow,
 * 3 red, 4 cyan, 5 orange, 6 blue), with replacement. The payout depends on the pattern of colours.
 *
 * Pattern counts over the 7^5 = 16,807 equally likely rows (multinomial): five of a kind 7, four of a
 * kind 210, full house 420, three of a kind 2,100, two pair 3,150, one pair 8,400, all different 2,520.
 * The conventional pay table (50x, 5x, 4x, 3x, 2x, 0.1x, 0x; base RTP 16,520 / 16,807 = 98.29%) is
 * scaled by one exact factor so the expected return is exactly 1 - edge (`scaleToRtp`).
 */
export const DIAMONDS_GEMS = ['green', 'purple', 'yellow', 'red', 'cyan', 'orange', 'blue'] as const;
/** Gems per round. */
export const DIAMONDS_COUNT = 5;
/** Patterns from best to worst. */
export const DIAMONDS_PATTERNS = [
  'fiveOfAKind',
  'fourOfAKind',
  'fullHouse',
  'threeOfAKind',
  'twoPair',
  'pair',
  'none',
] as const;
/** A diamonds pattern. */
export type DiamondsPattern = (typeof DIAMONDS_PATTERNS)[number];

const BASE = decimals(['50', '5', '4', '3', '2', '0.1', '0']);
/** Rows out of 16,807 with each pattern, in {@link DIAMONDS_PATTERNS} order (proved by a test). */
export const DIAMONDS_PATTERN_COUNTS = [7, 210, 420, 2100, 3150, 8400, 2520] as const;

/** The pay table actually used, in {@link DIAMONDS_PATTERNS} order, scaled to RTP 1 - edge. Memoised. */
export const diamondsTable: (houseEdgeBps: number) => readonly Ratio[] = memo((houseEdgeBps: number) =>
  scaleToRtp(
    BASE.map((multiplier, i) => ({
      multiplier,
      probability: chance(DIAMONDS_PATTERN_COUNTS[i] as number, 7 ** DIAMONDS_COUNT),
    })),
    houseEdgeBps,
  ),
);

/** The pattern of five gem indices. */
export function diamondsPattern(gems: readonly number[]): DiamondsPattern {
  const counts = new Map<number, number>();
  for (const gem of gems) counts.set(gem, (counts.get(gem) ?? 0) + 1);
  const shape = [...counts.values()].sort((a, b) => b - a).join('');
  switch (shape) {
    case '5':
      return 'fiveOfAKind';
    case '41':
      return 'fourOfAKind';
    case '32':
      return 'fullHouse';
    case '311':
      return 'threeOfAKind';
    case '221':
      return 'twoPair';
    case '2111':
      return 'pair';
    default:
      return 'none';
  }
}

/** Diamonds takes no parameters: an empty object. */
export const diamondsParamsSchema = z.object({}).strict();
/** Parsed diamonds params. */
export type DiamondsParams = z.infer<typeof diamondsParamsSchema>;
/** A diamonds outcome: five gem indices (see {@link DIAMONDS_GEMS}) and their pattern. */
export interface DiamondsOutcome {
  readonly gems: readonly number[];
  readonly pattern: DiamondsPattern;
}

/** Diamonds: see {@link DIAMONDS_GEMS}. */
export const diamonds: SingleRoundGame<'diamonds', DiamondsParams, DiamondsOutcome> = {
  id: 'diamonds',
  kind: 'single',
  name: 'Diamonds',
  params: diamondsParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => DIAMONDS_COUNT,
  outcome(values) {
    expectFloats(values, DIAMONDS_COUNT);
    const gems = values.map((value) => floatToIndex(value, DIAMONDS_GEMS.length));
    return { gems, pattern: diamondsPattern(gems) };
  },
  multiplier(_params, outcome, houseEdgeBps) {
    return diamondsTable(houseEdgeBps)[DIAMONDS_PATTERNS.indexOf(outcome.pattern)] as Ratio;
  },
  maxMultiplier: (_params, houseEdgeBps) => diamondsTable(houseEdgeBps)[0] as Ratio,
};
