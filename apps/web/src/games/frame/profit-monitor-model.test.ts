import { describe, expect, it } from 'vitest';
import {
  EMPTY_MONITOR,
  MONITOR_MAX_POINTS,
  addRound,
  chartGeometry,
  formatUsd,
  monitorOutcome,
} from './profit-monitor-model';

describe('profit monitor', () => {
  it('counts a win at multiplier >= 1 and a loss below 1 (partial above 0)', () => {
    expect(monitorOutcome('1')).toBe('win');
    expect(monitorOutcome('1.98')).toBe('win');
    expect(monitorOutcome('0.5')).toBe('partial');
    expect(monitorOutcome('0')).toBe('loss');
    expect(monitorOutcome('oops')).toBe('loss');
  });

  it('keeps a session profit series in USD starting at 0', () => {
    let state = EMPTY_MONITOR;
    expect(state.series).toEqual([0]);
    state = addRound(state, { wager: '0.001', profit: '0.00098', multiplier: '1.98', usdPrice: 100_000 });
    state = addRound(state, { wager: '0.001', profit: '-0.001', multiplier: '0', usdPrice: 100_000 });
    state = addRound(state, { wager: '0.001', profit: '0', multiplier: '1', usdPrice: 100_000 });
    state = addRound(state, { wager: '0.002', profit: '-0.001', multiplier: '0.5', usdPrice: 100_000 });
    expect(state.wins).toBe(2);
    expect(state.losses).toBe(2);
    expect(state.partialLosses).toBe(1);
    expect(state.series.map((v) => Math.round(v * 100) / 100)).toEqual([0, 98, -2, -2, -102]);
    expect(state.wagered).toBeCloseTo(500);
    expect(state.profit).toBeCloseTo(-102);
    expect(EMPTY_MONITOR.series).toEqual([0]); // not mutated
  });

  it('bounds the series but keeps counting', () => {
    let state = EMPTY_MONITOR;
    for (let i = 0; i < MONITOR_MAX_POINTS + 20; i++) {
      state = addRound(state, { wager: '1', profit: '1', multiplier: '2', usdPrice: 1 });
    }
    expect(state.series).toHaveLength(MONITOR_MAX_POINTS);
    expect(state.wins).toBe(MONITOR_MAX_POINTS + 20);
    expect(state.series.at(-1)).toBe(MONITOR_MAX_POINTS + 20);
  });

  it('draws the series with the zero line in range', () => {
    const flat = chartGeometry([0], 100, 50, 0);
    expect(flat.zeroY).toBe(25);
    expect(flat.line).toBe('M0.00,25.00L100.00,25.00');
    const up = chartGeometry([0, 10], 100, 50, 0);
    expect(up.zeroY).toBe(50);
    expect(up.line).toBe('M0.00,50.00L100.00,0.00');
    expect(up.area.endsWith('Z')).toBe(true);
  });

  it('formats USD with two decimals and a sign for profits', () => {
    expect(formatUsd(12.345, true)).toBe('+12.35');
    expect(formatUsd(-0.004, true)).toBe('0.00');
    expect(formatUsd(-3.5, true)).toBe('-3.50');
    expect(formatUsd(7)).toBe('7.00');
  });
});
