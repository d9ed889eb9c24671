import { z } from 'zod';
import type { ExtendedGame } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS } from '../house-edge.js';
import type { Ratio } from '../ratio.js';
import {
  type LadderShape,
  type LadderStatus,
  drawLadder,
  ladderCanCancel,
  ladderCanTake,
  ladderMultiplier,
  ladderPayout,
  ladderStep,
  ladderSurvival,
} from '../tower/ladder.js';

/**
 * Stairs: a staircase of 13 rows of 7 stones; the player chooses how many stones of every row crumble
 * (1 to 6) and climbs one row per move by stepping on a stone, taking the current multiplier whenever
 * they like; the 13th row ends the round.
 *
 * Fairness: the whole staircase is fixed when the round opens. For row 0, 1, ..., 12 in order, the
 * row's `hazards` crumbling stones are drawn by selection without replacement over `[0, 1, ..., 6]`
 * (float i picks `floor(float * (7 - i))` of the stones still free): `13 * hazards` floats. Moves read
 * no floats.
 *
 * Payout: after k safe rows the base wager pays `rtp / ((7 - hazards) / 7)^k` (0 before the first move
 * and after a crumbling stone), so every way of playing returns exactly `1 - houseEdge`.
 */
export const STAIRS_ROWS = 13;
/** Stones per row. */
export const STAIRS_STONES = 7;
/** Fewest crumbling stones per row. */
export const STAIRS_MIN_HAZARDS = 1;
/** Most crumbling stones per row. */
export const STAIRS_MAX_HAZARDS = 6;
/** Crumbling stones per row when the player chose nothing. */
export const STAIRS_DEFAULT_HAZARDS = 2;

/** The ladder shape for `hazards` crumbling stones per row. */
export function stairsShape(hazards: number): LadderShape {
  if (!Number.isInteger(hazards) || hazards < STAIRS_MIN_HAZARDS || hazards > STAIRS_MAX_HAZARDS) {
    throw new RangeError(`stairs take ${STAIRS_MIN_HAZARDS}..${STAIRS_MAX_HAZARDS} hazards, got ${hazards}`);
  }
  return { rows: STAIRS_ROWS, tiles: STAIRS_STONES, hazards };
}

/**
 * What the base wager pays after `rows` safe rows with `hazards` per row (0 for 0 rows).
 *
 * @throws RangeError for rows outside 0..13, hazards outside 1..6 or a bad house edge
 */
export function stairsMultiplier(hazards: number, rows: number, houseEdgeBps: number): Ratio {
  return ladderMultiplier(stairsShape(hazards), rows, houseEdgeBps);
}

/** P(the first `rows` rows all survived): `((7 - hazards) / 7)^rows`. */
export function stairsSurvival(hazards: number, rows: number): Ratio {
  return ladderSurvival(stairsShape(hazards), rows);
}

/** Play `data`: crumbling stones per row, 1..6 (default 2). */
export const stairsParamsSchema = z
  .object({
    hazards: z.number().int().min(STAIRS_MIN_HAZARDS).max(STAIRS_MAX_HAZARDS).default(STAIRS_DEFAULT_HAZARDS),
  })
  .strict();
/** Parsed stairs params. */
export type StairsParams = z.infer<typeof stairsParamsSchema>;

/** Turn `data`: the stone stepped on in the next row, 0..6 from the left. */
export const stairsActionSchema = z
  .object({
    stone: z
      .number()
      .int()
      .min(0)
      .max(STAIRS_STONES - 1),
  })
  .strict();
/** A stairs move. */
export type StairsAction = z.infer<typeof stairsActionSchema>;

/** A stairs round's full state (stored by the server; the view hides {@link layout} while open). */
export interface StairsState {
  /** Crumbling stones per row. */
  readonly hazards: number;
  /** Per row (bottom first), its crumbling stones in draw order. */
  readonly layout: readonly (readonly number[])[];
  /** The stone stepped on in each row reached, bottom first; after a loss the last one crumbled. */
  readonly picks: readonly number[];
  readonly status: LadderStatus;
}

/** What the player sees of an open staircase: the hazard count and the path taken, never the layout. */
export interface StairsView {
  readonly hazards: number;
  readonly picks: readonly number[];
  readonly status: LadderStatus;
}

/** Stairs: see {@link STAIRS_ROWS}. */
export const stairs: ExtendedGame<'stairs', StairsParams, StairsState, StairsAction> = {
  id: 'stairs',
  kind: 'extended',
  name: 'Stairs',
  params: stairsParamsSchema,
  action: stairsActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  start(params, rng) {
    const layout = drawLadder(stairsShape(params.hazards), rng);
    return { state: { hazards: params.hazards, layout, picks: [], status: 'open' }, type: 'continue' };
  },
  turn(state, action) {
    return ladderStep(stairsShape(state.hazards), state, action.stone);
  },
  payout(state, houseEdgeBps) {
    return ladderPayout(stairsShape(state.hazards), state, houseEdgeBps);
  },
  canTake: ladderCanTake,
  canCancel: ladderCanCancel,
  view(state): StairsView {
    return { hazards: state.hazards, picks: [...state.picks], status: state.status };
  },
};
