/**
 * Geometry of the European betting table, in cell units of a uniform grid. The horizontal table is
 * 14 x 5 cells (zero, twelve number columns, the 2:1 column bets; three number rows, then the dozens
 * row and the even-money row). The vertical (phone) table is the same table turned: 5 x 14 cells,
 * zero on top, 1-2-3 in the first row, dozens and even-money bets in the two left columns.
 *
 * Inside bets between numbers (splits, streets, corners, lines, the zero trios and the first four)
 * are hotspots: points on the cell edges and corners where their chips sit.
 */
import { ROULETTE_RED } from '@nebula/games';
import type { RouletteSpot } from './params';
import { spotKey } from './params';

/** Table orientation: horizontal on wide boards, vertical on phones. */
export type Orientation = 'horizontal' | 'vertical';

/** Grid size of the horizontal table (the vertical one swaps them). */
export const GRID_COLS = 14;
export const GRID_ROWS = 5;

/** A rectangle in cell units. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Pocket colours. */
export type PocketColor = 'red' | 'black' | 'green';

const RED = new Set<number>(ROULETTE_RED);

/** The colour of a pocket. */
export function pocketColor(n: number): PocketColor {
  if (n === 0) return 'green';
  return RED.has(n) ? 'red' : 'black';
}

/** What a table cell is, for styling and labels. */
export type CellKind = 'zero' | 'number' | 'column' | 'dozen' | 'outside';

/** A clickable cell of the table. */
export interface TableCell {
  key: string;
  spot: RouletteSpot;
  rect: Rect;
  kind: CellKind;
  /** The pocket of a zero or number cell. */
  number?: number;
  /** Text key or literal shown in the cell (numbers use `number`). */
  label: string;
}

/** How a hotspot lies: on a horizontal edge, a vertical edge, or a corner (in table coordinates). */
export type HotspotShape = 'edge-h' | 'edge-v' | 'corner';

/** An inside bet between cells: its chip sits at (x, y). */
export interface Hotspot {
  key: string;
  spot: RouletteSpot;
  x: number;
  y: number;
  shape: HotspotShape;
}

/** Row (0 = top) and column (1..12) of a number 1..36 on the horizontal table. */
export function numberPosition(n: number): { col: number; row: number } {
  const inColumn = n % 3 === 0 ? 3 : n % 3; // 1 bottom .. 3 top
  return { col: Math.ceil(n / 3), row: 3 - inColumn };
}

function buildCells(): TableCell[] {
  const cells: TableCell[] = [];
  const add = (spot: RouletteSpot, rect: Rect, kind: CellKind, label: string, number?: number) =>
    cells.push({ key: spotKey(spot), spot, rect, kind, label, number });
  add({ type: 'straight', numbers: [0] }, { x: 0, y: 0, w: 1, h: 3 }, 'zero', '0', 0);
  for (let n = 1; n <= 36; n += 1) {
    const { col, row } = numberPosition(n);
    add({ type: 'straight', numbers: [n] }, { x: col, y: row, w: 1, h: 1 }, 'number', String(n), n);
  }
  for (const index of [1, 2, 3] as const) {
    add({ type: 'column', index }, { x: 13, y: 3 - index, w: 1, h: 1 }, 'column', '2:1');
  }
  for (const index of [1, 2, 3] as const) {
    add({ type: 'dozen', index }, { x: 1 + 4 * (index - 1), y: 3, w: 4, h: 1 }, 'dozen', `dozen${index}`);
  }
  const outside = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;
  outside.forEach((type, i) => add({ type }, { x: 1 + 2 * i, y: 4, w: 2, h: 1 }, 'outside', type));
  return cells;
}

function buildHotspots(): Hotspot[] {
  const spots: Hotspot[] = [];
  const add = (spot: RouletteSpot, x: number, y: number, shape: HotspotShape) =>
    spots.push({ key: spotKey(spot), spot, x, y, shape });
  for (let n = 1; n <= 36; n += 1) {
    const { col, row } = numberPosition(n);
    if (n % 3 !== 0) add({ type: 'split', numbers: [n, n + 1] }, col + 0.5, row, 'edge-h');
    if (n + 3 <= 36) add({ type: 'split', numbers: [n, n + 3] }, col + 1, row + 0.5, 'edge-v');
    if (n % 3 !== 0 && n + 4 <= 36) {
      add({ type: 'corner', numbers: [n, n + 1, n + 3, n + 4] }, col + 1, row, 'corner');
    }
    if (n % 3 === 1) {
      add({ type: 'street', numbers: [n, n + 1, n + 2] }, col + 0.5, 3, 'edge-h');
      if (n + 5 <= 36) {
        const numbers = Array.from({ length: 6 }, (_, i) => n + i);
        add({ type: 'line', numbers }, col + 1, 3, 'corner');
      }
    }
  }
  for (const n of [1, 2, 3])
    add({ type: 'split', numbers: [0, n] }, 1, numberPosition(n).row + 0.5, 'edge-v');
  add({ type: 'street', numbers: [0, 1, 2] }, 1, 2, 'corner');
  add({ type: 'street', numbers: [0, 2, 3] }, 1, 1, 'corner');
  add({ type: 'corner', numbers: [0, 1, 2, 3] }, 1, 3, 'corner');
  return spots;
}

/** Every cell of the table (37 pockets, 3 columns, 3 dozens, 6 even-money bets). */
export const TABLE_CELLS: readonly TableCell[] = buildCells();
/** Every inside bet between cells. */
export const TABLE_HOTSPOTS: readonly Hotspot[] = buildHotspots();

/** A rectangle of the horizontal table in the given orientation. */
export function orientRect(rect: Rect, orientation: Orientation): Rect {
  if (orientation === 'horizontal') return rect;
  return { x: GRID_ROWS - rect.y - rect.h, y: rect.x, w: rect.h, h: rect.w };
}

/** A point of the horizontal table in the given orientation. */
export function orientPoint(x: number, y: number, orientation: Orientation): { x: number; y: number } {
  return orientation === 'horizontal' ? { x, y } : { x: GRID_ROWS - y, y: x };
}

/** A hotspot's shape in the given orientation (edges turn with the table). */
export function orientShape(shape: HotspotShape, orientation: Orientation): HotspotShape {
  if (orientation === 'horizontal' || shape === 'corner') return shape;
  return shape === 'edge-h' ? 'edge-v' : 'edge-h';
}

/** Grid size in the given orientation. */
export function gridSize(orientation: Orientation): { cols: number; rows: number } {
  return orientation === 'horizontal'
    ? { cols: GRID_COLS, rows: GRID_ROWS }
    : { cols: GRID_ROWS, rows: GRID_COLS };
}

/** A cell's chip: centred, except on the wide outside cells, where it sits near the end beside the label. */
function chipPoint(cell: TableCell): { x: number; y: number } {
  const y = cell.rect.y + cell.rect.h / 2;
  if (cell.rect.w > 1) return { x: cell.rect.x + cell.rect.w - 0.42, y };
  return { x: cell.rect.x + cell.rect.w / 2, y };
}

/** Where the chip of each spot sits (horizontal coordinates): cell centres and hotspot points. */
export const CHIP_POINTS: ReadonlyMap<string, { x: number; y: number }> = new Map([
  ...TABLE_CELLS.map((cell) => [cell.key, chipPoint(cell)] as const),
  ...TABLE_HOTSPOTS.map((spot) => [spot.key, { x: spot.x, y: spot.y }] as const),
]);
