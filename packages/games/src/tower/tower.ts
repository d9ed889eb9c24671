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
} from './ladder.js';

export {
  type LadderProgress,
  type LadderShape,
  type LadderStatus,
  ladderClimbed,
  ladderSafeChance,
  ladderSurvival,
} from './ladder.js';

/**
 * Tower: 9 levels stacked bottom to top, each a row of tiles hiding one or two bombs. The player picks
 * one tile per level, climbing while the tiles are safe, and may take the current multiplier after any
 * level; the top level ends the round. The difficulty sets the row (table {@link TOWER_DIFFICULTY}).
 *
 * Fairness: the whole tower is fixed when the round opens. For level 0, 1, ..., 8 in order, the level's
 * `tiles - safe` bombs are drawn by selection without replacement over `[0, 1, ..., tiles - 1]` (float
 * i picks `floor(float * (tiles - i))` of the tiles still free): 9 floats on low and medium, 18 on high.
 * Decisions read no floats.
 *
 * Payout: after k safe levels the base wager pays `rtp / p^k` with `p = safe / tiles` (0 before the first
 * level and after a bomb), so every way of playing returns exactly `1 - houseEdge` (see ladder.ts).
 */
export const TOWER_LEVELS = 9;
/** Difficulties, easiest first. */
export const TOWER_DIFFICULTIES = ['low', 'medium', 'high'] as const;
/** A tower difficulty. */
export type TowerDifficulty = (typeof TOWER_DIFFICULTIES)[number];

/** Tiles per level and how many of them are safe, per difficulty. */
export const TOWER_DIFFICULTY: Readonly<
  Record<TowerDifficulty, { readonly tiles: number; readonly safe: number }>
> = {
  low: { tiles: 4, safe: 3 },
  medium: { tiles: 3, safe: 2 },
  high: { tiles: 3, safe: 1 },
};

/** Most tiles a level has on any difficulty. */
export const TOWER_MAX_TILES = 4;

/** The ladder shape of a difficulty: 9 rows, its tiles, its bombs per row. */
export function towerShape(difficulty: TowerDifficulty): LadderShape {
  const { tiles, safe } = TOWER_DIFFICULTY[difficulty];
  return { rows: TOWER_LEVELS, tiles, hazards: tiles - safe };
}

/**
 * What the base wager pays after `levels` safe levels on `difficulty` (0 for 0 levels).
 *
 * @throws RangeError for levels outside 0..9 or a bad house edge
 */
export function towerMultiplier(difficulty: TowerDifficulty, levels: number, houseEdgeBps: number): Ratio {
  return ladderMultiplier(towerShape(difficulty), levels, houseEdgeBps);
}

/** P(the first `levels` levels all survived) on `difficulty`: `(safe / tiles)^levels`. */
export function towerSurvival(difficulty: TowerDifficulty, levels: number): Ratio {
  return ladderSurvival(towerShape(difficulty), levels);
}

/** Play `data`: the difficulty (default medium). */
export const towerParamsSchema = z
  .object({ difficulty: z.enum(TOWER_DIFFICULTIES).default('medium') })
  .strict();
/** Parsed tower params. */
export type TowerParams = z.infer<typeof towerParamsSchema>;

/** Turn `data`: the tile picked on the next level (0-based from the left; checked against the row). */
export const towerActionSchema = z
  .object({
    tile: z
      .number()
      .int()
      .min(0)
      .max(TOWER_MAX_TILES - 1),
  })
  .strict();
/** A tower decision. */
export type TowerAction = z.infer<typeof towerActionSchema>;

/** A tower round's full state (stored by the server; the view hides {@link layout} while open). */
export interface TowerState {
  readonly difficulty: TowerDifficulty;
  /** Per level (bottom first), its bomb tiles in draw order. */
  readonly layout: readonly (readonly number[])[];
  /** The tile picked on each level reached, bottom first; after a loss the last one is the bomb. */
  readonly picks: readonly number[];
  readonly status: LadderStatus;
}

/** What the player sees of an open tower: the difficulty and the path picked, never the bombs. */
export interface TowerView {
  readonly difficulty: TowerDifficulty;
  readonly picks: readonly number[];
  readonly status: LadderStatus;
}

/** Tower: see {@link TOWER_LEVELS}. */
export const tower: ExtendedGame<'tower', TowerParams, TowerState, TowerAction> = {
  id: 'tower',
  kind: 'extended',
  name: 'Tower',
  params: towerParamsSchema,
  action: towerActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  start(params, rng) {
    const layout = drawLadder(towerShape(params.difficulty), rng);
    return { state: { difficulty: params.difficulty, layout, picks: [], status: 'open' }, type: 'continue' };
  },
  turn(state, action) {
    return ladderStep(towerShape(state.difficulty), state, action.tile);
  },
  payout(state, houseEdgeBps) {
    return ladderPayout(towerShape(state.difficulty), state, houseEdgeBps);
  },
  canTake: ladderCanTake,
  canCancel: ladderCanCancel,
  view(state): TowerView {
    return { difficulty: state.difficulty, picks: [...state.picks], status: state.status };
  },
};
