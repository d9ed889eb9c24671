import { floatToIndex } from '@nebula/fairness';
import { z } from 'zod';
import { type SingleRoundGame, expectFloats } from '../definition.js';
import { DEFAULT_HOUSE_EDGE_BPS, scaleToRtp } from '../house-edge.js';
import { type Ratio, cmpRatio } from '../ratio.js';
import { chance, decimals, memo } from '../tables.js';

/**
 * Wheel: 10, 20, 30, 40 or 50 equal segments; the pointer stops on segment `floor(float * segments)`
 * (the public algorithm), counted from the top clockwise in the order of the layouts below.
 *
 * Layouts are conventional (low: mostly 1.2x with a few zeros; medium: every other segment pays 1.5x to
 * 5x; high: one segment pays everything). Each layout is scaled by one exact factor so the average
 * segment pays exactly 1 - edge (`scaleToRtp`); at 1% edge most layouts are already there (factor 1).
 */
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
/** Risk levels. */
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
/** A wheel risk level. */
export type WheelRisk = (typeof WHEEL_RISKS)[number];
/** A wheel size. */
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];

const LOW_10 = ['1.5', '1.2', '1.2', '1.2', '0', '1.2', '1.2', '1.2', '1.2', '0'];
/** Winning values of the medium layouts; zeros alternate with them. */
const MEDIUM_WINS: Record<WheelSegments, readonly string[]> = {
  10: ['1.9', '1.5', '2', '1.5', '3'],
  20: ['1.5', '2', '2', '2', '1.5', '3', '1.8', '2', '2', '2'],
  30: ['1.5', '1.5', '2', '1.5', '2', '2', '1.5', '3', '1.5', '2', '2', '1.7', '4', '1.5', '2'],
  40: [
    '2',
    '3',
    '2',
    '1.5',
    '3',
    '1.5',
    '1.5',
    '2',
    '1.5',
    '3',
    '1.5',
    '2',
    '2',
    '1.6',
    '2',
    '1.5',
    '3',
    '1.5',
    '2',
    '1.5',
  ],
  50: [
    '2',
    '1.5',
    '2',
    '1.5',
    '3',
    '1.5',
    '1.5',
    '2',
    '1.5',
    '3',
    '1.5',
    '2',
    '1.5',
    '2',
    '2',
    '1.5',
    '3',
    '1.5',
    '2',
    '1.5',
    '1.5',
    '5',
    '1.5',
    '2',
    '1.5',
  ],
};

/** The conventional (unscaled) layout, one multiplier per segment in wheel order. */
export function wheelBaseLayout(segments: number, risk: WheelRisk): Ratio[] {
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) {
    throw new RangeError(`wheel has ${WHEEL_SEGMENTS.join('/')} segments, got ${segments}`);
  }
  const n = segments as WheelSegments;
  if (risk === 'low') return decimals(Array.from({ length: n }, (_, i) => LOW_10[i % 10] as string));
  if (risk === 'medium') return decimals(MEDIUM_WINS[n].flatMap((win) => [win, '0']));
  return decimals(Array.from({ length: n }, (_, i) => (i === n - 1 ? String(n) : '0')));
}

/** The layout actually used, scaled so the mean segment pays exactly 1 - edge. Memoised. */
export const wheelLayout: (segments: number, risk: WheelRisk, houseEdgeBps: number) => readonly Ratio[] =
  memo((segments: number, risk: WheelRisk, houseEdgeBps: number) =>
    scaleToRtp(
      wheelBaseLayout(segments, risk).map((multiplier) => ({ multiplier, probability: chance(1, segments) })),
      houseEdgeBps,
    ),
  );

/** Bet parameters: segment count and risk. */
export const wheelParamsSchema = z
  .object({
    segments: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]),
    risk: z.enum(WHEEL_RISKS),
  })
  .strict();

/** Parsed wheel params. */
export type WheelParams = z.infer<typeof wheelParamsSchema>;
/** A wheel outcome: the segment index the pointer stops on. */
export interface WheelOutcome {
  readonly segment: number;
}

/** Wheel: see {@link WHEEL_SEGMENTS}. */
export const wheel: SingleRoundGame<'wheel', WheelParams, WheelOutcome> = {
  id: 'wheel',
  kind: 'single',
  name: 'Wheel',
  params: wheelParamsSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  floatsNeeded: () => 1,
  outcome(values, params) {
    expectFloats(values, 1);
    return { segment: floatToIndex(values[0] as number, params.segments) };
  },
  multiplier(params, outcome, houseEdgeBps) {
    const value = wheelLayout(params.segments, params.risk, houseEdgeBps)[outcome.segment];
    if (!value)
      throw new RangeError(`segment ${outcome.segment} is not on a ${params.segments}-segment wheel`);
    return value;
  },
  maxMultiplier(params, houseEdgeBps) {
    return wheelLayout(params.segments, params.risk, houseEdgeBps).reduce((a, b) =>
      cmpRatio(a, b) >= 0 ? a : b,
    );
  },
};
