/**
 * Plinko board geometry and looks, pure: pin and slot positions in an SVG view box of width
 * {@link VIEW_WIDTH}, the ball's position along an outcome's path, slot colours and labels.
 */
import { type Ratio, plinkoBucketProbability, ratioToDecimal, ratioToNumber } from '@nebula/games';

/** Width of the SVG view box; the height follows from the rows. */
export const VIEW_WIDTH = 1000;

/** Where everything sits on a board of `rows` rows. */
export interface PlinkoGeometry {
  rows: number;
  width: number;
  height: number;
  /** Horizontal distance between neighbouring pins (= slot pitch). */
  spacing: number;
  /** Vertical distance between pin rows. */
  rowHeight: number;
  pinRadius: number;
  ballRadius: number;
  /** Y of the first pin row. */
  top: number;
  slotTop: number;
  slotHeight: number;
  slotWidth: number;
}

/** The geometry of a board with `rows` rows (row r has r + 3 pins; rows + 1 slots below). */
export function plinkoGeometry(rows: number): PlinkoGeometry {
  const spacing = VIEW_WIDTH / (rows + 1.6);
  const rowHeight = spacing * 0.9;
  const top = spacing * 0.9;
  const slotTop = top + (rows - 1) * rowHeight + rowHeight * 0.62;
  const slotHeight = spacing * 0.72;
  return {
    rows,
    width: VIEW_WIDTH,
    height: slotTop + slotHeight + spacing * 0.3,
    spacing,
    rowHeight,
    pinRadius: Math.max(spacing * 0.11, 5),
    ballRadius: spacing * 0.24,
    top,
    slotTop,
    slotHeight,
    slotWidth: spacing * 0.92,
  };
}

/** Centre of pin `index` (0..row + 2) in row `row` (0..rows - 1). */
export function pinPosition(geometry: PlinkoGeometry, row: number, index: number): { x: number; y: number } {
  return {
    x: geometry.width / 2 + (index - (row + 2) / 2) * geometry.spacing,
    y: geometry.top + row * geometry.rowHeight,
  };
}

/** Centre x of slot `bucket` (0..rows). */
export function slotX(geometry: PlinkoGeometry, bucket: number): number {
  return geometry.width / 2 + (bucket - geometry.rows / 2) * geometry.spacing;
}

/** The points the ball touches: the start, one pin top per row, the slot. */
export function ballWaypoints(
  geometry: PlinkoGeometry,
  path: readonly (0 | 1)[],
): { x: number; y: number }[] {
  const { width, rowHeight, pinRadius, ballRadius } = geometry;
  const points = [{ x: width / 2, y: geometry.top - rowHeight * 1.05 }];
  let rights = 0;
  path.forEach((step, row) => {
    const pin = pinPosition(geometry, row, rights + 1);
    points.push({ x: pin.x, y: pin.y - pinRadius - ballRadius });
    rights += step;
  });
  points.push({ x: slotX(geometry, rights), y: geometry.slotTop + geometry.slotHeight * 0.32 });
  return points;
}

/**
 * The ball at `progress` (0..1) of its fall through `waypoints`: equal time per leg; the first leg
 * falls straight, every later leg bounces up off its pin and arcs down to the next one.
 * `leg` is the index of the current leg (leg r + 1 starts when the ball hits row r's pin).
 */
export function ballAt(
  geometry: PlinkoGeometry,
  waypoints: readonly { x: number; y: number }[],
  progress: number,
): { x: number; y: number; leg: number } {
  const legs = waypoints.length - 1;
  const clamped = Math.min(Math.max(progress, 0), 1);
  const leg = Math.min(Math.floor(clamped * legs), legs - 1);
  const t = clamped * legs - leg;
  const from = waypoints[leg] as { x: number; y: number };
  const to = waypoints[leg + 1] as { x: number; y: number };
  const bounce = leg === 0 ? 0 : geometry.rowHeight * 0.2;
  return {
    x: from.x + (to.x - from.x) * t,
    y: from.y + (to.y - from.y) * t * t - 4 * bounce * t * (1 - t),
    leg,
  };
}

/** Total fall time in ms for a round with `delay` (≈ the delay; a little longer on tall boards). */
export function fallDuration(delay: number, rows: number): number {
  return Math.round(delay * (0.92 + rows * 0.02));
}

/**
 * A multiplier as a short slot label, rounded down: two decimals under 10, one under 100, none above,
 * trailing zeros dropped ("0.2", "5.6", "26", "1000").
 */
export function slotLabel(multiplier: Ratio): string {
  const value = ratioToNumber(multiplier);
  const text = ratioToDecimal(multiplier, value >= 100 ? 0 : value >= 10 ? 1 : 2);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

const COOL = [255, 200, 61] as const; // centre: amber
const WARM = [255, 122, 48] as const;
const HOT = [255, 40, 84] as const; // edges: hot red

function mix(a: readonly number[], b: readonly number[], t: number): string {
  const channel = (i: number) => Math.round((a[i] as number) + ((b[i] as number) - (a[i] as number)) * t);
  return `rgb(${channel(0)} ${channel(1)} ${channel(2)})`;
}

/**
 * Slot colours by value on a log scale between the table's smallest and largest multiplier: the cheap
 * centre is cool amber, the rich edges hot red.
 */
export function slotColors(table: readonly Ratio[]): string[] {
  const values = table.map(ratioToNumber);
  const low = Math.log(Math.max(Math.min(...values), 1e-6));
  const high = Math.log(Math.max(...values, 1e-6));
  return values.map((value) => {
    const t = high > low ? (Math.log(Math.max(value, 1e-6)) - low) / (high - low) : 0;
    return t < 0.5 ? mix(COOL, WARM, t * 2) : mix(WARM, HOT, (t - 0.5) * 2);
  });
}

/** The chance of a slot in percent, for display only. */
export function slotChancePercent(rows: number, bucket: number): number {
  return ratioToNumber(plinkoBucketProbability(rows, bucket)) * 100;
}
