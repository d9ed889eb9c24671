import { floatToIndex } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, fairMultiplier } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, addRatio, cmpRatio, mulRatioExact, ratio } from '../ratio.js';
import { chance } from '../tables.js';

/**
 * European roulette (single zero, pockets 0..36). The ball lands in `floor(float * 37)` (the public
 * algorithm). A bet is a list of chip placements; each placement covers a set of n numbers and, when
 * the ball lands in it, pays true odds times (1 - edge): multiplier (1 - edge) * 37 / n, stake
 * included (at 1% edge a straight pays 36.63x, red 1.98x; the classic 36x / 2x table is a 1/37 =
 * 2.7027% edge). The bet's multiplier is the stake-weighted sum: sum(amount_i * m_i) / sum(amount_i),
 * so payout = floor(sum(amount_i * m_i)).
 *
 * Table layout (for split/street/corner/line validity): rows of three, `3r+1, 3r+2, 3r+3` for r = 0..11;
 * columns are n % 3 == 1, 2, 0. Bets touching zero: splits 0-1, 0-2, 0-3; streets (trios) 0-1-2 and
 * 0-2-3; corner (first four) 0-1-2-3.
 */
export const ROULETTE_POCKETS = 37;
/** Red numbers of the European wheel. */
export const ROULETTE_RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;
/** Chip values the chip selector offers (spec 3 section 3), in the currency's display units. */
export const ROULETTE_CHIPS = [1, 10, 100, 1000, 10000] as const;
/** Most placements in one bet. */
export const ROULETTE_MAX_PLACEMENTS = 200;

const RED = new Set<number>(ROULETTE_RED);
const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(',');

function buildInsideSets(): Record<'split' | 'street' | 'corner' | 'line', Set<string>> {
  const split = new Set<string>(['0,1', '0,2', '0,3']);
  const street = new Set<string>(['0,1,2', '0,2,3']);
  const corner = new Set<string>(['0,1,2,3']);
  const line = new Set<string>();
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n + 3 <= 36) split.add(key([n, n + 3]));
    if (n % 3 !== 0 && n + 4 <= 36) corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  for (let r = 0; r < 12; r += 1) {
    street.add(key([3 * r + 1, 3 * r + 2, 3 * r + 3]));
    if (r < 11) line.add(key(Array.from({ length: 6 }, (_, i) => 3 * r + 1 + i)));
  }
  return { split, street, corner, line };
}
const INSIDE = buildInsideSets();

const amountSchema = z.string().regex(/^[1-9]\d{0,37}$/, 'amount: positive integer of atomic units');
const numberSchema = z.number().int().min(0).max(36);
const insideBet = <T extends string>(type: T, size: number, valid?: Set<string>) =>
  z
    .object({ type: z.literal(type), numbers: z.array(numberSchema).length(size), amount: amountSchema })
    .strict()
    .refine((bet) => !valid || valid.has(key(bet.numbers)), {
      message: `not a ${type} on the European table`,
    });
const outsideBet = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), amount: amountSchema }).strict();

/** One chip placement. `amount` is a positive integer of atomic units, as a string (JSON has no bigint). */
export const roulettePlacementSchema = z.union([
  insideBet('straight', 1),
  insideBet('split', 2, INSIDE.split),
  insideBet('street', 3, INSIDE.street),
  insideBet('corner', 4, INSIDE.corner),
  insideBet('line', 6, INSIDE.line),
  z
    .object({ type: z.enum(['dozen', 'column']), index: z.union([z.literal(1), z.literal(2), z.literal(3)]) })
    .extend({ amount: amountSchema })
    .strict(),
  outsideBet('red'),
  outsideBet('black'),
  outsideBet('odd'),
  outsideBet('even'),
  outsideBet('low'),
  outsideBet('high'),
]);

/** Bet parameters: 1..200 chip placements. */
export const rouletteParamsSchema = z
  .object({ placements: z.array(roulettePlacementSchema).min(1).max(ROULETTE_MAX_PLACEMENTS) })
  .strict();

/** Parsed roulette params. */
export type RouletteParams = z.infer<typeof rouletteParamsSchema>;
/** One parsed chip placement. */
export type RoulettePlacement = z.infer<typeof roulettePlacementSchema>;
/** A roulette outcome: the pocket the ball lands in. */
export interface RouletteOutcome {
  readonly number: number;
}

/** The numbers a placement covers. */
export function rouletteCovered(placement: RoulettePlacement): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (placement.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return [...placement.numbers];
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === placement.index);
    case 'column':
      return all.filter((n) => (n % 3 === 0 ? 3 : n % 3) === placement.index);
    case 'red':
      return all.filter((n) => RED.has(n));
    case 'black':
      return all.filter((n) => !RED.has(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
  }
}

/** What one placement pays per unit staked when it wins: (1 - edge) * 37 / covered numbers. */
export function roulettePlacementMultiplier(placement: RoulettePlacement, houseEdgeBps: number): Ratio {
  return fairMultiplier(chance(rouletteCovered(placement).length, ROULETTE_POCKETS), houseEdgeBps);
}

/** Sum of all chip amounts in atomic units: the engine checks it equals the bet amount. */
export function rouletteTotalWager(params: RouletteParams): bigint {
  return params.placements.reduce((sum, placement) => sum + BigInt(placement.amount), 0n);
}

function multiplierFor(params: RouletteParams, pocket: number, houseEdgeBps: number): Ratio {
  let returned: Ratio = ZERO_RATIO;
  for (const placement of params.placements) {
    if (rouletteCovered(placement).includes(pocket)) {
      const stake = ratio(BigInt(placement.amount));
      returned = addRatio(
        returned,
        mulRatioExact(stake, roulettePlacementMultiplier(placement, houseEdgeBps)),
      );
    }
  }
  return mulRatioExact(returned, ratio(1n, rouletteTotalWager(params)));
}

/** Roulette: see {@link ROULETTE_POCKETS}. */
export const roulette: SingleRoundGame<'roulette', RouletteParams, RouletteOutcome> = {
  id: 'roulette',
  kind: 'single',
  name: 'Roulette',
  params: rouletteParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => 1,
  outcome(values) {
    expectFloats(values, 1);
    return { number: floatToIndex(values[0] as number, ROULETTE_POCKETS) };
  },
  multiplier: (params, outcome, houseEdgeBps) => multiplierFor(params, outcome.number, houseEdgeBps),
  maxMultiplier(params, houseEdgeBps) {
    let best: Ratio = ZERO_RATIO;
    for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) {
      const value = multiplierFor(params, pocket, houseEdgeBps);
      if (cmpRatio(value, best) > 0) best = value;
    }
    return best;
  },
  totalWager: rouletteTotalWager,
};
