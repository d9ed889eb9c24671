import { selectWithoutReplacement } from '@nebula/fairness';
import { type ExtendedStep, type FloatSource, InvalidActionError } from '../extended.js';
import { rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, divRatio, ratio } from '../ratio.js';

/**
 * The climbing core shared by tower and stairs: a ladder of `rows` rows, each of `tiles` tiles of
 * which `hazards` hide a trap. The whole ladder is drawn when the round opens: for row 0, 1, 2, ... in
 * order, `hazards` floats pick the trapped tiles by selection without replacement over
 * `[0, 1, ..., tiles - 1]` (float i picks `floor(float * (tiles - i))` of the tiles still free). A
 * decision picks one tile of the next row: a trap ends the round paying nothing, a safe tile climbs one
 * row, the top row ends it paying the top multiplier.
 *
 * Rows are independent and every tile of a row is trapped with probability `hazards / tiles`, so
 * whatever tiles the player picks, P(k rows climbed) = `p^k` with `p = (tiles - hazards) / tiles`. The
 * cash-out value after k rows is `rtp / p^k` (house edge applied once to the total), so every stopping
 * rule returns exactly `rtp`.
 */
export interface LadderShape {
  /** Rows to climb. */
  readonly rows: number;
  /** Tiles per row. */
  readonly tiles: number;
  /** Trapped tiles per row (1 .. tiles - 1). */
  readonly hazards: number;
}

/** Where a climb stands: `open` (more rows to go), `lost` (a trap was picked), `cleared` (top reached). */
export type LadderStatus = 'open' | 'lost' | 'cleared';

/** The part of a round's state every ladder game shares (JSON-safe). */
export interface LadderProgress {
  /** Per row, its trapped tiles in draw order (the player's view never holds this while open). */
  readonly layout: readonly (readonly number[])[];
  /** The tile picked on each row reached, bottom first; after a loss the last one is the trap. */
  readonly picks: readonly number[];
  readonly status: LadderStatus;
}

/** P(one row survived) = (tiles - hazards) / tiles. */
export function ladderSafeChance(shape: LadderShape): Ratio {
  return ratio(shape.tiles - shape.hazards, shape.tiles);
}

/** P(the first `climbed` rows survived) = p^climbed, whatever tiles are picked. */
export function ladderSurvival(shape: LadderShape, climbed: number): Ratio {
  assertClimbed(shape, climbed);
  const safe = BigInt(shape.tiles - shape.hazards);
  const tiles = BigInt(shape.tiles);
  return ratio(safe ** BigInt(climbed), tiles ** BigInt(climbed));
}

/**
 * What the base wager pays after `climbed` safe rows: `rtp / p^climbed` (0 before the first row, where
 * Finish cancels and refunds instead).
 *
 * @throws RangeError for a count outside 0..rows or a bad house edge
 */
export function ladderMultiplier(shape: LadderShape, climbed: number, houseEdgeBps: number): Ratio {
  const rtp = rtpOf(houseEdgeBps);
  if (climbed === 0) {
    assertClimbed(shape, climbed);
    return ZERO_RATIO;
  }
  return divRatio(rtp, ladderSurvival(shape, climbed));
}

/** Draws every row's trapped tiles from the stream (rows bottom first): `rows * hazards` floats. */
export function drawLadder(shape: LadderShape, rng: FloatSource): number[][] {
  const pool = Array.from({ length: shape.tiles }, (_, i) => i);
  const layout: number[][] = [];
  for (let row = 0; row < shape.rows; row += 1) {
    const values = Array.from({ length: shape.hazards }, () => rng.next());
    layout.push(selectWithoutReplacement(values, pool));
  }
  return layout;
}

/**
 * Draws every row's SAFE tiles from the stream (rows bottom first): `tiles - hazards` floats per row, by
 * selection without replacement over `[0, 1, ..., tiles - 1]`, as the large casino's Dragon Tower draws
 * its eggs. `safe` holds each row's safe tiles in draw order; `layout` each row's trapped tiles (the
 * ones not drawn), ascending. `rows * (tiles - hazards)` floats.
 */
export function drawLadderSafe(
  shape: LadderShape,
  rng: FloatSource,
): { safe: number[][]; layout: number[][] } {
  const pool = Array.from({ length: shape.tiles }, (_, i) => i);
  const safe: number[][] = [];
  const layout: number[][] = [];
  for (let row = 0; row < shape.rows; row += 1) {
    const values = Array.from({ length: shape.tiles - shape.hazards }, () => rng.next());
    const drawn = selectWithoutReplacement(values, pool);
    safe.push(drawn);
    layout.push(pool.filter((tile) => !drawn.includes(tile)));
  }
  return { safe, layout };
}

/** Rows climbed safely so far. */
export function ladderClimbed(progress: Pick<LadderProgress, 'picks' | 'status'>): number {
  return progress.status === 'lost' ? progress.picks.length - 1 : progress.picks.length;
}

/**
 * Picks `tile` on the next row.
 *
 * @throws InvalidActionError when the round has ended or the tile is not one of the row's
 */
export function ladderStep<S extends LadderProgress>(
  shape: LadderShape,
  state: S,
  tile: number,
): ExtendedStep<S> {
  if (state.status !== 'open') throw new InvalidActionError('the round has already ended');
  if (!Number.isInteger(tile) || tile < 0 || tile >= shape.tiles) {
    throw new InvalidActionError(`pick a tile 0..${shape.tiles - 1}, got ${tile}`);
  }
  const row = state.picks.length;
  const trapped = state.layout[row];
  if (!trapped) throw new InvalidActionError('the top row has already been reached');
  const picks = [...state.picks, tile];
  if (trapped.includes(tile)) return { state: { ...state, picks, status: 'lost' }, type: 'lose' };
  if (picks.length === shape.rows) return { state: { ...state, picks, status: 'cleared' }, type: 'finish' };
  return { state: { ...state, picks, status: 'open' }, type: 'continue' };
}

/** The round's multiplier now: 0 after a loss, else {@link ladderMultiplier} of the rows climbed. */
export function ladderPayout(shape: LadderShape, progress: LadderProgress, houseEdgeBps: number): Ratio {
  if (progress.status === 'lost') {
    rtpOf(houseEdgeBps);
    return ZERO_RATIO;
  }
  return ladderMultiplier(shape, progress.picks.length, houseEdgeBps);
}

/** True while the round is open with at least one row climbed (Finish takes the profit). */
export function ladderCanTake(progress: LadderProgress): boolean {
  return progress.status === 'open' && progress.picks.length > 0;
}

/** True while the round is open and nothing was picked (Finish cancels and refunds). */
export function ladderCanCancel(progress: LadderProgress): boolean {
  return progress.status === 'open' && progress.picks.length === 0;
}

function assertClimbed(shape: LadderShape, climbed: number): void {
  if (!Number.isInteger(climbed) || climbed < 0 || climbed > shape.rows) {
    throw new RangeError(`climbed rows must be 0..${shape.rows}, got ${climbed}`);
  }
}
