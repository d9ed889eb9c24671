import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps } from './admin-games';

describe('house edge text', () => {
  it('shows basis points as a short percent', () => {
    expect(bpsToPercent(100)).toBe('1');
    expect(bpsToPercent(250)).toBe('2.5');
    expect(bpsToPercent(125)).toBe('1.25');
    expect(bpsToPercent(5)).toBe('0.05');
    expect(bpsToPercent(0)).toBe('0');
    expect(bpsToPercent(9900)).toBe('99');
  });

  it('reads a percent of up to two decimals, and nothing else', () => {
    expect(percentToBps('1')).toBe(100);
    expect(percentToBps('2.5')).toBe(250);
    expect(percentToBps(' 1,25 ')).toBe(125);
    expect(percentToBps('0.05')).toBe(5);
    for (const bad of ['', '1.234', '-1', 'abc', '1e2', '1000']) expect(percentToBps(bad), bad).toBeNull();
    for (const bps of [0, 1, 10, 99, 100, 101, 250, 5000]) expect(percentToBps(bpsToPercent(bps))).toBe(bps);
  });
});
