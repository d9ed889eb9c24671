/**
 * What the mines board shows, derived from the frame's round (pure, unit tested): each tile's state,
 * which tiles animate for the latest answer, and the multipliers of the strip and the ladder.
 */
import {
  MINES_CELLS,
  MINES_COLUMNS,
  MINES_MAX,
  MINES_MIN,
  type MinesParams,
  type MinesState,
  type MinesView,
  type Ratio,
  minesMultiplier,
  ratioToDecimal,
} from '@nebula/games';
import { groupDigits } from '../kit/format';
import type { ExtendedRoundView } from '../types';

/** `data-state` of a tile. */
export type TileState = 'hidden' | 'gem' | 'mine';

/** One tile of the board. */
export interface TileModel {
  index: number;
  state: TileState;
  /** A gem the player found (bright), as opposed to one shown when the round ended (dimmed). */
  found: boolean;
  /** The mine that ended the round. */
  hit: boolean;
  /** Revealed by the latest answer (animates: gem pop or explosion). */
  fresh: boolean;
  /** Shown by the end-of-round reveal; animates with a delay that grows with {@link TileModel.wave}. */
  shown: boolean;
  /** Distance (in tiles) from where the round ended: the reveal ripples outwards from there. */
  wave: number;
}

/**
 * `idle`: no round of this mine count to show (before the first round, or the player changed the
 * count after one): tiles are inert; `open`: a round in progress; `ended`: the last round, revealed.
 */
export type BoardPhase = 'idle' | 'open' | 'ended';

export interface BoardModel {
  phase: BoardPhase;
  mineCount: number;
  /** Gems found. */
  found: number;
  tiles: TileModel[];
  /** Set once a round ended: lost on a mine, cleared the board, taken or cancelled by the player. */
  outcome: 'lost' | 'cleared' | 'taken' | 'cancelled' | null;
}

/** True when `view` is the full state (a finished round), i.e. it carries the mine positions. */
export function isFullState(view: unknown): view is MinesState {
  return (
    typeof view === 'object' &&
    view !== null &&
    Array.isArray((view as Partial<MinesState>).mines) &&
    Array.isArray((view as Partial<MinesState>).revealed)
  );
}

function isView(view: unknown): view is MinesView {
  return (
    typeof view === 'object' &&
    view !== null &&
    typeof (view as Partial<MinesView>).mineCount === 'number' &&
    Array.isArray((view as Partial<MinesView>).revealed)
  );
}

/** Chebyshev distance between two cells of the 5x5 board. */
export function tileDistance(a: number, b: number): number {
  return Math.max(
    Math.abs((a % MINES_COLUMNS) - (b % MINES_COLUMNS)),
    Math.abs(Math.floor(a / MINES_COLUMNS) - Math.floor(b / MINES_COLUMNS)),
  );
}

const INDICES = Array.from({ length: MINES_CELLS }, (_, i) => i);

function idleModel(mineCount: number): BoardModel {
  return {
    phase: 'idle',
    mineCount,
    found: 0,
    outcome: null,
    tiles: INDICES.map((index) => ({
      index,
      state: 'hidden',
      found: false,
      hit: false,
      fresh: false,
      shown: false,
      wave: 0,
    })),
  };
}

/**
 * The board for `round` (the frame's last answer) with the player's current `params`. A finished
 * round stays on the board until the next Play, unless the player changes the mine count (then the
 * board previews the new count, as keno clears its table when the picks change).
 */
export function boardModel(round: ExtendedRoundView<unknown> | null, params: MinesParams): BoardModel {
  if (!round || !isView(round.view)) return idleModel(params.mines);
  const view = round.view;
  const finished = round.state === 'finished';
  if (finished && view.mineCount !== params.mines) return idleModel(params.mines);
  const revealed = new Set(view.revealed);
  const latest = view.revealed[view.revealed.length - 1];
  const full = finished && isFullState(view) ? view : null;
  const mines = new Set(full?.mines ?? []);
  const hit = full?.hit ?? null;
  const animate = round.last !== 'restore' && round.last !== 'start';
  // The reveal ripples out from the mine hit, else from the last gem, else from the centre.
  const origin = hit ?? latest ?? Math.floor(MINES_CELLS / 2);
  const tiles = INDICES.map((index): TileModel => {
    const found = revealed.has(index);
    const isHit = index === hit;
    const shown = full !== null && !found && !isHit;
    return {
      index,
      state: found ? 'gem' : mines.has(index) ? 'mine' : full ? 'gem' : 'hidden',
      found,
      hit: isHit,
      fresh:
        animate &&
        ((isHit && round.last === 'lose') ||
          (found && index === latest && (round.last === 'continue' || round.last === 'finish'))),
      shown,
      wave: shown ? tileDistance(origin, index) : 0,
    };
  });
  return {
    phase: finished ? 'ended' : 'open',
    mineCount: view.mineCount,
    found: view.revealed.length,
    tiles,
    outcome: !finished
      ? null
      : hit !== null || round.last === 'lose'
        ? 'lost'
        : full?.status === 'cleared' || round.last === 'finish'
          ? 'cleared'
          : view.revealed.length === 0 || round.last === 'cancel'
            ? 'cancelled'
            : 'taken',
  };
}

/** The strip's numbers: the multiplier now, the next gem's, and the chance the next tile is a gem. */
export interface StripModel {
  /** Null before the first gem (nothing won yet). */
  current: Ratio | null;
  /** Null when no safe tile is left or the round has ended. */
  next: Ratio | null;
  /** P(next tile is a gem) in percent, or null with {@link next}. */
  nextChance: number | null;
}

/** The strip for a board: current and next multiplier with the house edge. */
export function stripModel(board: BoardModel, houseEdgeBps: number): StripModel {
  const safe = MINES_CELLS - board.mineCount;
  const current =
    board.found > 0 && board.outcome !== 'lost'
      ? minesMultiplier(board.mineCount, board.found, houseEdgeBps)
      : null;
  const canGoOn = board.phase !== 'ended' && board.found < safe;
  return {
    current,
    next: canGoOn ? minesMultiplier(board.mineCount, board.found + 1, houseEdgeBps) : null,
    nextChance: canGoOn ? ((safe - board.found) / (MINES_CELLS - board.found)) * 100 : null,
  };
}

/** Every step of the ladder: the multiplier after 1, 2, ..., 25 - mines gems. */
export function ladder(mineCount: number, houseEdgeBps: number): Ratio[] {
  return Array.from({ length: MINES_CELLS - mineCount }, (_, i) =>
    minesMultiplier(mineCount, i + 1, houseEdgeBps),
  );
}

/** Why a typed mine count is rejected, or null when it is valid (spec 3 section 5 form messages). */
export type CountProblem = 'required' | 'tooSmall' | 'tooLarge' | 'invalid';

/** Parses a typed mine count: an integer 1..24 (surrounding spaces allowed). */
export function parseMineCount(text: string): { value: number } | { problem: CountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'required' };
  if (!/^-?\d+$/.test(trimmed)) return { problem: 'invalid' };
  const value = Number(trimmed);
  if (value < MINES_MIN) return { problem: 'tooSmall' };
  if (value > MINES_MAX) return { problem: 'tooLarge' };
  return { value };
}

/** The mine count one step up or down, kept within 1..24. */
export function stepMineCount(count: number, direction: 1 | -1): number {
  return Math.min(MINES_MAX, Math.max(MINES_MIN, count + direction));
}

/** A multiplier with two decimals, rounded down and grouped: `1.03`, `5,148,297.00`. */
export function formatMultiplier(multiplier: Ratio): string {
  const [whole, fraction] = ratioToDecimal(multiplier, 2).split('.');
  return `${groupDigits(whole ?? '0')}.${fraction ?? '00'}`;
}
