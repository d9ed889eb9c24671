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
 *
 * Layouts are versioned ({@link WHEEL_LAYOUT_VERSIONS}); a bet's params carry the version it was played
 * with (`layout`), absent meaning version 1 (every bet stored before versions existed). Version 2 is the
 * public table of the large casino's wheel: it differs from version 1 only in medium risk with 10
 * segments, where version 1 started with a win (`1.9 0 1.5 0 2 0 1.5 0 3 0`) and version 2 starts with
 * a zero (`0 1.9 0 1.5 0 2 0 1.5 0 3`); the other 14 layouts are the same in both. New bets are played
 * with {@link WHEEL_LAYOUT} (the server stamps it with `forNewBet`).
 */
export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
/** Risk levels. */
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const;
/** A wheel risk level. */
export type WheelRisk = (typeof WHEEL_RISKS)[number];
/** A wheel size. */
export type WheelSegments = (typeof WHEEL_SEGMENTS)[number];

/** Layout versions: 1 = the first (medium/10 shifted by one segment), 2 = the public table. */
export const WHEEL_LAYOUT_VERSIONS = [1, 2] as const;
/** A wheel layout version. */
export type WheelLayoutVersion = (typeof WHEEL_LAYOUT_VERSIONS)[number];
/** The layout version new bets are played with. */
export const WHEEL_LAYOUT: WheelLayoutVersion = 2;

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

/**
 * The conventional (unscaled) layout, one multiplier per segment in wheel order, of layout `version`
 * (default: the current one, {@link WHEEL_LAYOUT}).
 */
export function wheelBaseLayout(
  segments: number,
  risk: WheelRisk,
  version: WheelLayoutVersion = WHEEL_LAYOUT,
): Ratio[] {
  if (!(WHEEL_LAYOUT_VERSIONS as readonly number[]).includes(version)) {
    throw new RangeError(`wheel layout versions are ${WHEEL_LAYOUT_VERSIONS.join('/')}, got ${version}`);
  }
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) {
    throw new RangeError(`wheel has ${WHEEL_SEGMENTS.join('/')} segments, got ${segments}`);
  }
  const n = segments as WheelSegments;
  if (risk === 'low') return decimals(Array.from({ length: n }, (_, i) => LOW_10[i % 10] as string));
  if (risk === 'medium') {
    // Version 2's medium/10 puts the zero first (the public table); everything else alternates win, zero.
    const zeroFirst = version === 2 && n === 10;
    return decimals(MEDIUM_WINS[n].flatMap((win) => (zeroFirst ? ['0', win] : [win, '0'])));
  }
  return decimals(Array.from({ length: n }, (_, i) => (i === n - 1 ? String(n) : '0')));
}

const scaledLayout = memo(
  (segments: number, risk: WheelRisk, houseEdgeBps: number, version: WheelLayoutVersion) =>
    scaleToRtp(
      wheelBaseLayout(segments, risk, version).map((multiplier) => ({
        multiplier,
        probability: chance(1, segments),
      })),
      houseEdgeBps,
    ),
);

/**
 * The layout actually used, scaled so the mean segment pays exactly 1 - edge, of layout `version`
 * (default: the current one). Memoised.
 */
export function wheelLayout(
  segments: number,
  risk: WheelRisk,
  houseEdgeBps: number,
  version: WheelLayoutVersion = WHEEL_LAYOUT,
): readonly Ratio[] {
  return scaledLayout(segments, risk, houseEdgeBps, version);
}

/** Bet parameters: segment count and risk. */
export const wheelParamsSchema = z
  .object({
    segments: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]),
    risk: z.enum(WHEEL_RISKS),
    /** The layout version the bet was played with; absent: version 1 (bets stored before versions). */
    layout: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .strict();

/** Parsed wheel params. */
export type WheelParams = z.infer<typeof wheelParamsSchema>;
/** The layout version a bet with these params pays by: `params.layout`, else 1. */
export function wheelLayoutOf(params: WheelParams): WheelLayoutVersion {
  return params.layout ?? 1;
}

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
  forNewBet: (params) => ({ ...params, layout: WHEEL_LAYOUT }),
  outcome(values, params) {
    expectFloats(values, 1);
    return { segment: floatToIndex(values[0] as number, params.segments) };
  },
  multiplier(params, outcome, houseEdgeBps) {
    const value = wheelLayout(params.segments, params.risk, houseEdgeBps, wheelLayoutOf(params))[
      outcome.segment
    ];
    if (!value)
      throw new RangeError(`segment ${outcome.segment} is not on a ${params.segments}-segment wheel`);
    return value;
  },
  maxMultiplier(params, houseEdgeBps) {
    return wheelLayout(params.segments, params.risk, houseEdgeBps, wheelLayoutOf(params)).reduce((a, b) =>
      cmpRatio(a, b) >= 0 ? a : b,
    );
  },
};
