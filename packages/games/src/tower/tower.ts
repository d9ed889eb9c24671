import { z } from 'zod';
import type { ExtendedGame } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS } from '../house-edge.js';
import type { Ratio } from '../ratio.js';
import {
  type LadderShape,
  type LadderStatus,
  drawLadder,
  drawLadderSafe,
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
 * Fairness: the whole tower is fixed when the round opens, level 0, 1, ..., 8 in order, by selection
 * without replacement over the level's tiles `[0, 1, ..., tiles - 1]` (float i picks
 * `floor(float * (tiles - i))` of the tiles still free). What is drawn depends on the round's version
 * (`v` in the params, absent meaning 1):
 * - version 2 (every round since the switch): the level's `safe` tiles, as the large casino's Dragon
 *   Tower draws its eggs (low, medium and high are its easy, medium and expert): 27 floats on low, 18
 *   on medium, 9 on high. Its public verifiers reproduce these towers.
 * - version 1 (rounds stored before): the level's `tiles - safe` bombs: 9 floats on low and medium, 18
 *   on high.
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

/** A tower version: which tiles a level draws (version 1 the bombs, version 2 the safe tiles). */
export type TowerVersion = 1 | 2;
/** The versions a round can have been played with. */
export const TOWER_VERSIONS: readonly TowerVersion[] = [1, 2];
/** The version new rounds are played with (the server stamps it with `forNewBet`). */
export const TOWER_VERSION: TowerVersion = 2;

/**
 * Play `data`: the difficulty (default medium), and the version the round is played with (`v`; absent:
 * version 1, every round stored before versions existed; new rounds are stamped by the server).
 */
export const towerParamsSchema = z
  .object({
    difficulty: z.enum(TOWER_DIFFICULTIES).default('medium'),
    v: z.union([z.literal(1), z.literal(2)]).optional(),
  })
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
  /** Per level (bottom first), its bomb tiles: in draw order (version 1), ascending (version 2). */
  readonly layout: readonly (readonly number[])[];
  /** Version 2 only: per level (bottom first), its safe tiles in draw order (what the floats picked). */
  readonly safe?: readonly (readonly number[])[];
  /** The version the round is played with; absent: version 1. */
  readonly v?: 2;
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

/** The version a round with these params is played with: `params.v`, else 1. */
export function towerVersion(params: TowerParams): TowerVersion {
  return params.v ?? 1;
}

/** Tower: see {@link TOWER_LEVELS}. */
export const tower: ExtendedGame<'tower', TowerParams, TowerState, TowerAction> = {
  id: 'tower',
  kind: 'extended',
  name: 'Tower',
  params: towerParamsSchema,
  action: towerActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,
  forNewBet: (params) => ({ ...params, v: TOWER_VERSION }),
  start(params, rng) {
    const shape = towerShape(params.difficulty);
    if (towerVersion(params) === 2) {
      const { safe, layout } = drawLadderSafe(shape, rng);
      return {
        state: { difficulty: params.difficulty, layout, safe, v: 2, picks: [], status: 'open' },
        type: 'continue',
      };
    }
    // Version 1 keeps the state it always had, so stored rounds read the same.
    const layout = drawLadder(shape, rng);
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
