/**
 * The profit monitor's numbers (spec 3 section 4): a round is a win when its multiplier is at least
 * 1 and a loss below 1 (a partial loss above 0); the session profit series starts at 0 and can be
 * reset; amounts are shown in USDT. Values here are display numbers (converted with the currency's
 * USD price), never money.
 */

/** Points kept in the chart; older ones are dropped (the totals keep counting). */
export const MONITOR_MAX_POINTS = 500;

export interface MonitorState {
  /** Cumulative session profit in USD after each round, starting with 0. */
  series: number[];
  wins: number;
  losses: number;
  /** Losses that paid something back (0 < multiplier < 1). */
  partialLosses: number;
  wagered: number;
  profit: number;
}

export const EMPTY_MONITOR: MonitorState = {
  series: [0],
  wins: 0,
  losses: 0,
  partialLosses: 0,
  wagered: 0,
  profit: 0,
};

export interface MonitorRound {
  /** Decimal strings in the bet currency. */
  wager: string;
  profit: string;
  multiplier: string;
  /** USD price of one unit of the bet currency (0 when unknown). */
  usdPrice: number;
}

export type MonitorOutcome = 'win' | 'loss' | 'partial';

export function monitorOutcome(multiplier: string): MonitorOutcome {
  const value = Number(multiplier);
  if (!Number.isFinite(value) || value <= 0) return 'loss';
  if (value >= 1) return 'win';
  return 'partial';
}

function usd(amount: string, price: number): number {
  const value = Number(amount);
  return Number.isFinite(value) && Number.isFinite(price) ? value * price : 0;
}

/** The state after one more round. */
export function addRound(state: MonitorState, round: MonitorRound): MonitorState {
  const outcome = monitorOutcome(round.multiplier);
  const profit = state.profit + usd(round.profit, round.usdPrice);
  const series = [...state.series, profit];
  return {
    series: series.length > MONITOR_MAX_POINTS ? series.slice(series.length - MONITOR_MAX_POINTS) : series,
    wins: state.wins + (outcome === 'win' ? 1 : 0),
    losses: state.losses + (outcome === 'win' ? 0 : 1),
    partialLosses: state.partialLosses + (outcome === 'partial' ? 1 : 0),
    wagered: state.wagered + usd(round.wager, round.usdPrice),
    profit,
  };
}

export interface ChartGeometry {
  /** SVG path of the line. */
  line: string;
  /** Closed path of the area between the line and zero. */
  area: string;
  /** Y of the zero line. */
  zeroY: number;
}

/**
 * The series as SVG paths in a `width` x `height` box; the value range always includes 0 so the
 * zero line is visible, with a little padding above and below.
 */
export function chartGeometry(
  series: readonly number[],
  width: number,
  height: number,
  pad = 4,
): ChartGeometry {
  const values = series.length > 0 ? series : [0];
  let min = Math.min(0, ...values);
  let max = Math.max(0, ...values);
  if (max - min < 1e-12) {
    max += 1;
    min -= 1;
  }
  const inner = height - pad * 2;
  const y = (value: number) => pad + ((max - value) / (max - min)) * inner;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((value, index) => `${(index * step).toFixed(2)},${y(value).toFixed(2)}`);
  if (points.length === 1) points.push(`${width.toFixed(2)},${y(values[0] ?? 0).toFixed(2)}`);
  const zeroY = y(0);
  const line = `M${points.join('L')}`;
  const area = `${line}L${width.toFixed(2)},${zeroY.toFixed(2)}L0,${zeroY.toFixed(2)}Z`;
  return { line, area, zeroY };
}

/** USD for display with 2 decimals and a sign on non-zero profits. */
export function formatUsd(value: number, signed = false): string {
  const rounded = Math.round(value * 100) / 100;
  const sign = rounded < 0 ? '-' : signed && rounded > 0 ? '+' : '';
  return `${sign}${Math.abs(rounded).toFixed(2)}`;
}
