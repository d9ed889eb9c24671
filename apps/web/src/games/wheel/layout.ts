/**
 * Wheel geometry and looks, pure: segment colours (by the conventional multiplier, so a scaled 1.98x
 * keeps the colour of 2x), the legend of distinct multipliers with their chances, sector paths, and the
 * rotation that stops a segment under the pointer at the top.
 */
import { type Ratio, type WheelRisk, cmpRatio, eqRatio, wheelBaseLayout, wheelLayout } from '@nebula/games';

/** Colour of a segment by its conventional (unscaled) multiplier. */
export function colorForBase(value: number): string {
  if (value <= 0) return '#31465a';
  if (value < 1.3) return '#b8c6d4';
  if (value < 1.6) return '#1fd67a';
  if (value < 1.75) return '#2ad4c4';
  if (value < 1.95) return '#4aa8ff';
  if (value < 2.5) return '#ffc83d';
  if (value < 3.5) return '#8d7bff';
  if (value < 4.5) return '#ff8a3d';
  if (value < 7) return '#ff4fa3';
  return '#ff2d55';
}

/** One segment of the wheel in wheel order (clockwise from the top). */
export interface WheelSegment {
  index: number;
  multiplier: Ratio;
  color: string;
}

/** The segments of a wheel with the package's layout for the house edge. */
export function wheelSegments(segments: number, risk: WheelRisk, houseEdgeBps: number): WheelSegment[] {
  const base = wheelBaseLayout(segments, risk);
  return wheelLayout(segments, risk, houseEdgeBps).map((multiplier, index) => {
    const conventional = base[index] as Ratio;
    return { index, multiplier, color: colorForBase(Number(conventional.num) / Number(conventional.den)) };
  });
}

/** A distinct multiplier of a wheel: how many segments pay it (chance = count / segments). */
export interface LegendEntry {
  multiplier: Ratio;
  color: string;
  count: number;
}

/** Distinct multipliers ascending, with their segment counts. */
export function wheelLegend(segments: readonly WheelSegment[]): LegendEntry[] {
  const entries: LegendEntry[] = [];
  for (const segment of segments) {
    const entry = entries.find((other) => eqRatio(other.multiplier, segment.multiplier));
    if (entry) entry.count += 1;
    else entries.push({ multiplier: segment.multiplier, color: segment.color, count: 1 });
  }
  return entries.sort((a, b) => cmpRatio(a.multiplier, b.multiplier));
}

/** SVG path of segment `index` of `count` as a ring sector between radii `inner` and `outer` (centre 0,0). */
export function sectorPath(index: number, count: number, inner: number, outer: number): string {
  const step = (2 * Math.PI) / count;
  const a0 = index * step - Math.PI / 2;
  const a1 = a0 + step;
  const point = (radius: number, angle: number) =>
    `${(radius * Math.cos(angle)).toFixed(3)} ${(radius * Math.sin(angle)).toFixed(3)}`;
  const large = step > Math.PI ? 1 : 0;
  return [
    `M ${point(outer, a0)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(outer, a1)}`,
    `L ${point(inner, a1)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(inner, a0)}`,
    'Z',
  ].join(' ');
}

/** The segment under the top pointer when the wheel is turned `rotation` degrees clockwise. */
export function segmentAt(rotation: number, count: number): number {
  const angle = (((-rotation % 360) + 360) % 360) / (360 / count);
  return Math.floor(angle) % count;
}

/**
 * The rotation (degrees, clockwise, always ahead of `current`) that brings segment `segment` under the
 * pointer after `turns` whole turns; `offset` in -0.5..0.5 moves the stop inside the segment.
 */
export function targetRotation(
  current: number,
  segment: number,
  count: number,
  turns: number,
  offset = 0,
): number {
  const step = 360 / count;
  const stop = (((360 - (segment + 0.5 + offset) * step) % 360) + 360) % 360;
  const base = current - (((current % 360) + 360) % 360);
  let target = base + stop + turns * 360;
  if (target - current < turns * 360) target += 360;
  return target;
}

/** Spin time in ms for a round with `delay`. */
export function spinDuration(delay: number): number {
  return Math.round(delay * 1.3);
}

/** Ease-out (quartic): fast start, long gentle stop. */
export function easeOutQuart(t: number): number {
  return 1 - (1 - t) ** 4;
}
