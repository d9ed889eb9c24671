import { floatToIndex, selectWithoutReplacement } from '@nebula/fairness';
import { z } from 'zod';
import { type ExtendedGame, type ExtendedStep, type FloatSource, InvalidActionError } from '../extended.js';
import { DEFAULT_HOUSE_EDGE_BPS, rtpOf } from '../house-edge.js';
import { type Ratio, ZERO_RATIO, divRatio } from '../ratio.js';
import { binomial, chance, memo } from '../tables.js';

/**
 * Mines: a 5x5 board (cells 0..24, row by row) hides 1 to 24 mines. The player reveals cells one at a
 * time and may take the win after any safe one; a mine ends the round paying nothing, and revealing
 * the last safe cell ends it paying the top multiplier.
 *
 * Fairness: the board is fixed when the round opens. `start` reads `mines` floats and places the mines
 * by selection without replacement over [0, 1, ..., 24] (float i takes floor(float * (25 - i)) of the
 * cells still free). A cell decision reads no float; the auto-pick reads one more float and reveals
 * `unrevealed[floor(float * unrevealed.length)]` of the unrevealed cells in ascending order.
 *
 * Payout: with m mines, k cells revealed safely in a row has probability C(25 - m, k) / C(25, k), so the
 * round pays `rtp * C(25, k) / C(25 - m, k)` after k >= 1 safe cells (the house edge applied once to the
 * total). Every way of playing therefore returns exactly `1 - edge`.
 */
export const MINES_CELLS = 25;
/** Fewest mines on the board. */
export const MINES_MIN = 1;
/** Most mines on the board (one safe cell is left). */
export const MINES_MAX = MINES_CELLS - 1;
/** The mine count a new player starts with. */
export const MINES_DEFAULT = 3;
/** Cells per row of the square board. */
export const MINES_COLUMNS = 5;

/** Play params: the number of mines, an integer 1..24. */
export const minesParamsSchema = z
  .object({
    mines: z.number().int().min(MINES_MIN).max(MINES_MAX),
  })
  .strict();
/** Parsed mines params. */
export type MinesParams = z.infer<typeof minesParamsSchema>;

/** Turn data: reveal one cell, or let the game pick one of the unrevealed cells at random. */
export const minesActionSchema = z.union([
  z
    .object({
      cell: z
        .number()
        .int()
        .min(0)
        .max(MINES_CELLS - 1),
    })
    .strict(),
  z.object({ random: z.literal(true) }).strict(),
]);
/** A parsed mines decision. */
export type MinesAction = z.infer<typeof minesActionSchema>;

/** `open` while the player may reveal or take; `lost` after a mine; `cleared` after the last safe cell. */
export type MinesStatus = 'open' | 'lost' | 'cleared';

/** The full state of a round (stored as is; holds the mine positions, so never shown while open). */
export interface MinesState {
  /** Mines on the board (1..24). */
  readonly mineCount: number;
  /** The mine cells, ascending. */
  readonly mines: readonly number[];
  /** The safe cells revealed, in the order they were revealed. */
  readonly revealed: readonly number[];
  /** The mine that ended the round, or null. */
  readonly hit: number | null;
  readonly status: MinesStatus;
}

/** What the player sees while the round is open: the mine count and the safe cells found so far. */
export interface MinesView {
  readonly mineCount: number;
  readonly revealed: readonly number[];
}

const CELLS = Array.from({ length: MINES_CELLS }, (_, i) => i);

function assertMineCount(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) {
    throw new RangeError(`mines takes ${MINES_MIN} to ${MINES_MAX} mines, got ${mines}`);
  }
}

/** Safe cells on a board with `mines` mines: the most cells a round can reveal. */
export function minesSafeCells(mines: number): number {
  assertMineCount(mines);
  return MINES_CELLS - mines;
}

/**
 * P(the first `k` cells revealed are all safe) with `mines` mines: C(25 - mines, k) / C(25, k).
 *
 * @throws RangeError for a mine count outside 1..24 or `k` outside 0..25 - mines
 */
export function minesSafeProbability(mines: number, k: number): Ratio {
  if (!Number.isInteger(k) || k < 0 || k > minesSafeCells(mines)) {
    throw new RangeError(`with ${mines} mines 0 to ${MINES_CELLS - mines} cells can be safe, got ${k}`);
  }
  return chance(binomial(MINES_CELLS - mines, k), binomial(MINES_CELLS, k));
}

/**
 * The multiplier after `k` safe cells with `mines` mines: `rtp * C(25, k) / C(25 - mines, k)`; 0 for
 * k = 0 (nothing is won before the first cell). The UI uses it for the multiplier ladder and the next
 * cell's preview; {@link mines}' payout is exactly this.
 *
 * Memoised (a pure function of its arguments).
 *
 * @throws RangeError for a mine count outside 1..24, `k` outside 0..25 - mines or a bad house edge
 */
export const minesMultiplier: (mines: number, k: number, houseEdgeBps: number) => Ratio = memo(
  (mines: number, k: number, houseEdgeBps: number): Ratio => {
    const probability = minesSafeProbability(mines, k);
    const rtp = rtpOf(houseEdgeBps);
    return k === 0 ? ZERO_RATIO : divRatio(rtp, probability);
  },
);

/** The unrevealed cells of a state, ascending (mines included: the player cannot tell them apart). */
export function minesUnrevealed(state: Pick<MinesState, 'revealed'>): number[] {
  const revealed = new Set(state.revealed);
  return CELLS.filter((cell) => !revealed.has(cell));
}

/** The mines of a new round: `mines` floats by selection without replacement over cells 0..24, ascending. */
export function placeMines(values: readonly number[]): number[] {
  return selectWithoutReplacement(values, CELLS).sort((a, b) => a - b);
}

function reveal(state: MinesState, cell: number): ExtendedStep<MinesState> {
  if (state.mines.includes(cell)) {
    return { state: { ...state, hit: cell, status: 'lost' }, type: 'lose' };
  }
  const revealed = [...state.revealed, cell];
  const cleared = revealed.length === MINES_CELLS - state.mineCount;
  return {
    state: { ...state, revealed, status: cleared ? 'cleared' : 'open' },
    type: cleared ? 'finish' : 'continue',
  };
}

/** Mines: see {@link MINES_CELLS}. */
export const mines: ExtendedGame<'mines', MinesParams, MinesState, MinesAction> = {
  id: 'mines',
  kind: 'extended',
  name: 'Mines',
  params: minesParamsSchema,
  action: minesActionSchema,
  defaultHouseEdgeBps: DEFAULT_HOUSE_EDGE_BPS,

  start(params: MinesParams, rng: FloatSource, houseEdgeBps: number): ExtendedStep<MinesState> {
    assertMineCount(params.mines);
    rtpOf(houseEdgeBps);
    const values = Array.from({ length: params.mines }, () => rng.next());
    return {
      state: { mineCount: params.mines, mines: placeMines(values), revealed: [], hit: null, status: 'open' },
      type: 'continue',
    };
  },

  turn(state: MinesState, action: MinesAction, rng: FloatSource): ExtendedStep<MinesState> {
    if (state.status !== 'open') throw new InvalidActionError('the round has already ended');
    if ('random' in action) {
      // Never empty while open: at least one safe cell is left (else the round was cleared).
      const unrevealed = minesUnrevealed(state);
      return reveal(state, unrevealed[floatToIndex(rng.next(), unrevealed.length)] as number);
    }
    const { cell } = action;
    if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS) {
      throw new InvalidActionError(`cell ${cell} is not on the board`);
    }
    if (state.revealed.includes(cell)) throw new InvalidActionError(`cell ${cell} is already revealed`);
    return reveal(state, cell);
  },

  payout(state: MinesState, houseEdgeBps: number): Ratio {
    if (state.status === 'lost') return ZERO_RATIO;
    return minesMultiplier(state.mineCount, state.revealed.length, houseEdgeBps);
  },

  canTake(state: MinesState): boolean {
    return state.status === 'open' && state.revealed.length >= 1;
  },

  canCancel(state: MinesState): boolean {
    return state.status === 'open' && state.revealed.length === 0;
  },

  view(state: MinesState): MinesView {
    return { mineCount: state.mineCount, revealed: [...state.revealed] };
  },
};
