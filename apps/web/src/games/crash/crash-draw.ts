/**
 * Drawing the crash curve on a canvas: the axes (multiplier up, seconds across), the curve
 * `e^(0.00006 t)` from the start to the shown time with a glowing head, the players' cash-outs as
 * dots on it, and the whole curve in red once busted. The viewport grows with the round so the head
 * stays in the upper right. Display maths only (floats): money and the shown multiplier come from
 * the exact `multiplierAt`.
 */
import { CRASH_GROWTH_PER_MS, curveValue } from '@nebula/games';

/** The smallest spans of the axes: 10 seconds across, 1.00x to 2.00x up. */
export const MIN_SPAN_MS = 10_000;
export const MIN_PEAK = 2;
/** Where the head sits at most, as a fraction of each axis. */
const HEAD_X = 0.86;
const HEAD_Y = 0.8;
const CURVE_POINTS = 96;
/** Cash-out dots drawn at most (the highest ones). */
const MAX_MARKERS = 8;

export interface Viewport {
  maxMs: number;
  maxY: number;
}

/** The axes' ranges for a curve shown up to `elapsedMs` at `peak` x. */
export function viewportFor(elapsedMs: number, peak: number): Viewport {
  return {
    maxMs: Math.max(MIN_SPAN_MS, elapsedMs / HEAD_X),
    maxY: Math.max(MIN_PEAK, 1 + (peak - 1) / HEAD_Y),
  };
}

/** A round step (1, 2 or 5 times a power of ten) giving at most `maxTicks` ticks over `range`. */
export function niceStep(range: number, maxTicks: number): number {
  const raw = range / Math.max(1, maxTicks);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw - 1e-12) return m * power;
  return 10 * power;
}

/** The multiplier ticks above 1.00x: values and labels (`1.5x`, `2x`, `50x`). */
export function yTicks(maxY: number, maxTicks = 4): { value: number; label: string }[] {
  const step = niceStep(maxY - 1, maxTicks);
  const decimals = step < 1 ? (step < 0.1 ? 2 : 1) : 0;
  const ticks: { value: number; label: string }[] = [];
  for (let k = 1; 1 + k * step <= maxY + 1e-9; k += 1) {
    const value = 1 + k * step;
    ticks.push({ value, label: `${value.toFixed(decimals)}x` });
  }
  return ticks;
}

/** The time ticks in whole seconds. */
export function xTicks(maxMs: number, maxTicks = 5): { ms: number; label: string }[] {
  const step = Math.max(1, Math.round(niceStep(maxMs / 1000, maxTicks)));
  const ticks: { ms: number; label: string }[] = [];
  for (let s = step; s * 1000 <= maxMs; s += step) ticks.push({ ms: s * 1000, label: `${s}s` });
  return ticks;
}

/** The time the curve reaches multiplier `m` (display only). */
export function timeAt(multiplier: number): number {
  return multiplier <= 1 ? 0 : Math.log(multiplier) / CRASH_GROWTH_PER_MS;
}

export interface CurveColors {
  line: string;
  bust: string;
  text: string;
  grid: string;
  marker: string;
}

export interface CurveFrame {
  width: number;
  height: number;
  phase: 'betting' | 'running' | 'busted' | 'idle';
  /** Shown elapsed time (ms) and multiplier. */
  elapsedMs: number;
  multiplier: number;
  /** Cash-outs of the round: multiplier and a short name. */
  markers: { multiplier: number; name: string; mine: boolean }[];
  colors: CurveColors;
}

const PAD = { left: 48, right: 18, top: 18, bottom: 28 };

/** Draws one frame. */
export function drawCurve(ctx: CanvasRenderingContext2D, frame: CurveFrame): void {
  const { width, height, colors } = frame;
  ctx.clearRect(0, 0, width, height);
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = Math.max(1, height - PAD.top - PAD.bottom);
  const view = viewportFor(frame.elapsedMs, frame.multiplier);
  const x = (ms: number) => PAD.left + (ms / view.maxMs) * plotW;
  const y = (m: number) => PAD.top + plotH - ((m - 1) / (view.maxY - 1)) * plotH;

  // Axes: faint grid lines with labels.
  ctx.font = '600 11px Inter, system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 5]);
  ctx.strokeStyle = colors.grid;
  ctx.fillStyle = colors.text;
  ctx.textAlign = 'right';
  for (const tick of yTicks(view.maxY)) {
    const ty = Math.round(y(tick.value)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(PAD.left, ty);
    ctx.lineTo(width - PAD.right, ty);
    ctx.stroke();
    ctx.fillText(tick.label, PAD.left - 8, ty);
  }
  ctx.setLineDash([]);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const tick of xTicks(view.maxMs)) ctx.fillText(tick.label, x(tick.ms), height - PAD.bottom + 9);
  ctx.beginPath();
  ctx.moveTo(PAD.left, PAD.top + plotH + 0.5);
  ctx.lineTo(width - PAD.right, PAD.top + plotH + 0.5);
  ctx.stroke();

  if (frame.phase !== 'running' && frame.phase !== 'busted') return;
  const end = Math.max(0, frame.elapsedMs);
  const color = frame.phase === 'busted' ? colors.bust : colors.line;
  const points: [number, number][] = [];
  for (let i = 0; i <= CURVE_POINTS; i += 1) {
    const t = (end * i) / CURVE_POINTS;
    const m = i === CURVE_POINTS ? frame.multiplier : Math.min(curveValue(t), frame.multiplier);
    points.push([x(t), y(m)]);
  }
  const [headX, headY] = points[points.length - 1] ?? [PAD.left, PAD.top + plotH];

  // The area under the curve.
  const fill = ctx.createLinearGradient(0, headY, 0, PAD.top + plotH);
  fill.addColorStop(0, withAlpha(color, 0.34));
  fill.addColorStop(1, withAlpha(color, 0.02));
  ctx.beginPath();
  ctx.moveTo(PAD.left, PAD.top + plotH);
  for (const [px, py] of points) ctx.lineTo(px, py);
  ctx.lineTo(headX, PAD.top + plotH);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();

  // The curve with a soft glow.
  ctx.save();
  ctx.shadowColor = withAlpha(color, 0.7);
  ctx.shadowBlur = 16;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.beginPath();
  points.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
  ctx.stroke();
  ctx.restore();

  drawMarkers(ctx, frame, x, y);

  // The head.
  ctx.save();
  ctx.shadowColor = color;
  ctx.shadowBlur = 20;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(headX, headY, 6.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(headX, headY, 2.5, 0, Math.PI * 2);
  ctx.fill();
}

function drawMarkers(
  ctx: CanvasRenderingContext2D,
  frame: CurveFrame,
  x: (ms: number) => number,
  y: (m: number) => number,
): void {
  const shown = frame.markers
    .filter((m) => m.multiplier <= frame.multiplier)
    .sort((a, b) => Number(b.mine) - Number(a.mine) || b.multiplier - a.multiplier)
    .slice(0, MAX_MARKERS);
  ctx.font = '600 10px Inter, system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  for (const marker of shown) {
    const mx = x(timeAt(marker.multiplier));
    const my = y(marker.multiplier);
    ctx.fillStyle = marker.mine ? frame.colors.line : frame.colors.marker;
    ctx.beginPath();
    ctx.arc(mx, my, marker.mine ? 5 : 3.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillText(marker.name, mx + 6, my - 4);
  }
}

/** `#rrggbb` or `rgb(...)` with an alpha (other colour forms come back unchanged). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const n = Number.parseInt(hex[1] ?? '0', 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim());
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  return color;
}
