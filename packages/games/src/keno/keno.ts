import { selectWithoutReplacement } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, scaleToRtp } from '../house-edge.js';
import { type Ratio, cmpRatio } from '../ratio.js';
import { binomial, chance, decimals, memo } from '../tables.js';

/**
 * Keno: 40 squares numbered 1..40, the player picks 1 to 10, and 10 are drawn by selection without
 * replacement over [1, 2, ..., 40] with 10 floats (the public algorithm: float i picks
 * floor(float * (40 - i)) of the squares still undrawn). The payout depends on the risk level, the
 * number of picks and the number of hits.
 *
 * P(h hits | n picks) = C(n, h) * C(40 - n, 10 - h) / C(40, 10) (hypergeometric). Each conventional
 * row (risk, n) is scaled by one exact factor so its expected return is exactly 1 - edge
 * (`scaleToRtp`).
 */
export const KENO_SQUARES = 40;
/** Squares drawn each round. */
export const KENO_DRAWN = 10;
/** Most squares a player may pick. */
export const KENO_MAX_PICKS = 10;
/** Risk levels. */
export const KENO_RISKS = ['low', 'classic', 'medium', 'high'] as const;
/** A keno risk level. */
export type KenoRisk = (typeof KENO_RISKS)[number];

/** Conventional tables: BASE[risk][picks - 1][hits]. */
const BASE: Record<KenoRisk, readonly (readonly string[])[]> = {
  classic: [
    ['0', '3.96'],
    ['0', '1.9', '4.5'],
    ['0', '1', '3.1', '10.4'],
    ['0', '0.8', '1.8', '5', '22.5'],
    ['0', '0.25', '1.4', '4.1', '16.5', '36'],
    ['0', '0', '1', '3.68', '7', '16.5', '40'],
    ['0', '0', '0.47', '3', '4.5', '14', '31', '60'],
    ['0', '0', '0', '2.2', '4', '13', '22', '55', '70'],
    ['0', '0', '0', '1.55', '3', '8', '15', '44', '60', '85'],
    ['0', '0', '0', '1.4', '2.25', '4.5', '8', '17', '50', '80', '100'],
  ],
  low: [
    ['0.7', '1.85'],
    ['0', '2', '3.8'],
    ['0', '1.1', '1.38', '26'],
    ['0', '0', '2.2', '7.9', '90'],
    ['0', '0', '1.5', '4.2', '13', '300'],
    ['0', '0', '1.1', '2', '6.2', '100', '700'],
    ['0', '0', '1.1', '1.6', '3.5', '15', '225', '700'],
    ['0', '0', '1.1', '1.5', '2', '5.5', '39', '100', '800'],
    ['0', '0', '1.1', '1.3', '1.7', '2.5', '7.5', '50', '250', '1000'],
    ['0', '0', '1.1', '1.2', '1.3', '1.8', '3.5', '13', '50', '250', '1000'],
  ],
  medium: [
    ['0.4', '2.75'],
    ['0', '1.8', '5.1'],
    ['0', '0', '2.8', '50'],
    ['0', '0', '1.7', '10', '100'],
    ['0', '0', '1.4', '4', '14', '390'],
    ['0', '0', '0', '3', '9', '180', '710'],
    ['0', '0', '0', '2', '7', '30', '400', '800'],
    ['0', '0', '0', '2', '4', '11', '67', '400', '900'],
    ['0', '0', '0', '2', '2.5', '5', '15', '100', '500', '1000'],
    ['0', '0', '0', '1.6', '2', '4', '7', '26', '100', '500', '1000'],
  ],
  high: [
    ['0', '3.96'],
    ['0', '0', '17.1'],
    ['0', '0', '0', '81.5'],
    ['0', '0', '0', '10', '259'],
    ['0', '0', '0', '4.5', '48', '450'],
    ['0', '0', '0', '0', '11', '350', '710'],
    ['0', '0', '0', '0', '7', '90', '400', '800'],
    ['0', '0', '0', '0', '5', '20', '270', '600', '900'],
    ['0', '0', '0', '0', '4', '11', '56', '500', '800', '1000'],
    ['0', '0', '0', '0', '3.5', '8', '13', '63', '500', '800', '1000'],
  ],
};

/** The conventional (unscaled) row for `risk` and `picks`: picks + 1 entries indexed by hits. */
export function kenoBaseTable(risk: KenoRisk, picks: number): Ratio[] {
  const row = BASE[risk][picks - 1];
  if (!row) throw new RangeError(`keno takes 1 to ${KENO_MAX_PICKS} picks, got ${picks}`);
  return decimals(row);
}

/** P(hits | picks): hypergeometric over 40 squares with 10 drawn. */
export function kenoHitProbability(picks: number, hits: number): Ratio {
  return chance(
    binomial(picks, hits) * binomial(KENO_SQUARES - picks, KENO_DRAWN - hits),
    binomial(KENO_SQUARES, KENO_DRAWN),
  );
}

/** The payout row actually used (indexed by hits), scaled to RTP exactly 1 - edge. Memoised. */
export const kenoTable: (risk: KenoRisk, picks: number, houseEdgeBps: number) => readonly Ratio[] = memo(
  (risk: KenoRisk, picks: number, houseEdgeBps: number) =>
    scaleToRtp(
      kenoBaseTable(risk, picks).map((multiplier, hits) => ({
        multiplier,
        probability: kenoHitProbability(picks, hits),
      })),
      houseEdgeBps,
    ),
);

/** Bet parameters: 1..10 distinct squares in 1..40 and a risk level. */
export const kenoParamsSchema = z
  .object({
    picks: z
      .array(z.number().int().min(1).max(KENO_SQUARES))
      .min(1)
      .max(KENO_MAX_PICKS)
      .refine((picks) => new Set(picks).size === picks.length, { message: 'picks must be distinct' }),
    risk: z.enum(KENO_RISKS),
  })
  .strict();

/** Parsed keno params. */
export type KenoParams = z.infer<typeof kenoParamsSchema>;
/** A keno outcome: the 10 drawn squares in draw order, and which picks they hit (ascending). */
export interface KenoOutcome {
  readonly drawn: readonly number[];
  readonly hits: readonly number[];
}

const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** Keno: see {@link KENO_SQUARES}. */
export const keno: SingleRoundGame<'keno', KenoParams, KenoOutcome> = {
  id: 'keno',
  kind: 'single',
  name: 'Keno',
  params: kenoParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => KENO_DRAWN,
  outcome(values, params) {
    expectFloats(values, KENO_DRAWN);
    const drawn = selectWithoutReplacement(values, SQUARES);
    const drawnSet = new Set(drawn);
    return { drawn, hits: params.picks.filter((pick) => drawnSet.has(pick)).sort((a, b) => a - b) };
  },
  multiplier(params, outcome, houseEdgeBps) {
    const value = kenoTable(params.risk, params.picks.length, houseEdgeBps)[outcome.hits.length];
    if (!value) throw new RangeError(`${outcome.hits.length} hits with ${params.picks.length} picks`);
    return value;
  },
  maxMultiplier(params, houseEdgeBps) {
    return kenoTable(params.risk, params.picks.length, houseEdgeBps).reduce((a, b) =>
      cmpRatio(a, b) >= 0 ? a : b,
    );
  },
};
