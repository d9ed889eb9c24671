import { floatToIndex } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, scaleToRtp } from '../house-edge.js';
import { type Ratio, cmpRatio } from '../ratio.js';
import { binomial, chance, decimals, memo } from '../tables.js';

/**
 * Plinko. One float per row: `floor(float * 2)` is 0 (left) or 1 (right); the bucket is the number of
 * rights, 0..rows (the public algorithm). Bucket k has probability C(rows, k) / 2^rows.
 *
 * Payouts: the conventional tables below (the shape players know, symmetric, big edges and small middle)
 * are scaled by one exact factor per (rows, risk) so the expected return is exactly 1 - edge
 * (`scaleToRtp`): multiplier_k = base_k * (1 - edge) / sum_j(P_j * base_j).
 */
export const PLINKO_MIN_ROWS = 8;
/** Most rows. */
export const PLINKO_MAX_ROWS = 16;
/** Risk levels. */
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
/** A plinko risk level. */
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Left half of each base table incl. the middle bucket; the right half mirrors it. */
const HALF_TABLES: Record<PlinkoRisk, Record<number, readonly string[]>> = {
  low: {
    8: ['5.6', '2.1', '1.1', '1', '0.5'],
    9: ['5.6', '2', '1.6', '1', '0.7'],
    10: ['8.9', '3', '1.4', '1.1', '1', '0.5'],
    11: ['8.4', '3', '1.9', '1.3', '1', '0.7'],
    12: ['10', '3', '1.6', '1.4', '1.1', '1', '0.5'],
    13: ['8.1', '4', '3', '1.9', '1.2', '0.9', '0.7'],
    14: ['7.1', '4', '1.9', '1.4', '1.3', '1.1', '1', '0.5'],
    15: ['15', '8', '3', '2', '1.5', '1.1', '1', '0.7'],
    16: ['16', '9', '2', '1.4', '1.4', '1.2', '1.1', '1', '0.5'],
  },
  medium: {
    8: ['13', '3', '1.3', '0.7', '0.4'],
    9: ['18', '4', '1.7', '0.9', '0.5'],
    10: ['22', '5', '2', '1.4', '0.6', '0.4'],
    11: ['24', '6', '3', '1.8', '0.7', '0.5'],
    12: ['33', '11', '4', '2', '1.1', '0.6', '0.3'],
    13: ['43', '13', '6', '3', '1.3', '0.7', '0.4'],
    14: ['58', '15', '7', '4', '1.9', '1', '0.5', '0.2'],
    15: ['88', '18', '11', '5', '3', '1.3', '0.5', '0.3'],
    16: ['110', '41', '10', '5', '3', '1.5', '1', '0.5', '0.3'],
  },
  high: {
    8: ['29', '4', '1.5', '0.3', '0.2'],
    9: ['43', '7', '2', '0.6', '0.2'],
    10: ['76', '10', '3', '0.9', '0.3', '0.2'],
    11: ['120', '14', '5.2', '1.4', '0.4', '0.2'],
    12: ['170', '24', '8.1', '2', '0.7', '0.2', '0.2'],
    13: ['260', '37', '11', '4', '1', '0.2', '0.2'],
    14: ['420', '56', '18', '5', '1.9', '0.3', '0.2', '0.2'],
    15: ['620', '83', '27', '8', '3', '0.5', '0.2', '0.2'],
    16: ['1000', '130', '26', '9', '4', '2', '0.2', '0.2', '0.2'],
  },
};

/** The conventional (unscaled) table for `rows` and `risk`: rows + 1 entries, symmetric. */
export function plinkoBaseTable(rows: number, risk: PlinkoRisk): Ratio[] {
  const half = HALF_TABLES[risk][rows];
  if (!half) throw new RangeError(`plinko has ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS} rows, got ${rows}`);
  const left = decimals(half);
  const full: Ratio[] = [];
  for (let k = 0; k <= rows; k += 1) full.push(left[Math.min(k, rows - k)] as Ratio);
  return full;
}

/** P(bucket = k) = C(rows, k) / 2^rows. */
export function plinkoBucketProbability(rows: number, bucket: number): Ratio {
  return chance(binomial(rows, bucket), 2n ** BigInt(rows));
}

/** The payout table actually used: the base table scaled to RTP exactly 1 - edge. Memoised. */
export const plinkoTable: (rows: number, risk: PlinkoRisk, houseEdgeBps: number) => readonly Ratio[] = memo(
  (rows: number, risk: PlinkoRisk, houseEdgeBps: number) =>
    scaleToRtp(
      plinkoBaseTable(rows, risk).map((multiplier, k) => ({
        multiplier,
        probability: plinkoBucketProbability(rows, k),
      })),
      houseEdgeBps,
    ),
);

/** Bet parameters: rows 8..16 and risk. */
export const plinkoParamsSchema = z
  .object({
    rows: z.number().int().min(PLINKO_MIN_ROWS).max(PLINKO_MAX_ROWS),
    risk: z.enum(PLINKO_RISKS),
  })
  .strict();

/** Parsed plinko params. */
export type PlinkoParams = z.infer<typeof plinkoParamsSchema>;
/** A plinko outcome: the path (0 left, 1 right, one per row) and the bucket (number of rights). */
export interface PlinkoOutcome {
  readonly path: readonly (0 | 1)[];
  readonly bucket: number;
}

/** Plinko: see {@link PLINKO_MIN_ROWS}. */
export const plinko: SingleRoundGame<'plinko', PlinkoParams, PlinkoOutcome> = {
  id: 'plinko',
  kind: 'single',
  name: 'Plinko',
  params: plinkoParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: (params) => params.rows,
  outcome(values, params) {
    expectFloats(values, params.rows);
    const path = values.map((value) => floatToIndex(value, 2) as 0 | 1);
    return { path, bucket: path.reduce<number>((sum, step) => sum + step, 0) };
  },
  multiplier(params, outcome, houseEdgeBps) {
    const table = plinkoTable(params.rows, params.risk, houseEdgeBps);
    const value = table[outcome.bucket];
    if (!value) throw new RangeError(`bucket ${outcome.bucket} is not on a ${params.rows}-row board`);
    return value;
  },
  maxMultiplier(params, houseEdgeBps) {
    return plinkoTable(params.rows, params.risk, houseEdgeBps).reduce((a, b) =>
      cmpRatio(a, b) >= 0 ? a : b,
    );
  },
};
