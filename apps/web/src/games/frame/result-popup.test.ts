import { describe, expect, it } from 'vitest';
import { formatMultiplier, resultPopupKind } from './result-popup';

describe('result popup', () => {
  it('shows nothing for a cancelled round', () => {
    expect(resultPopupKind({ cancelled: true, profit: '1', multiplier: '2', win: true })).toBeNull();
  });

  it('shows a loss when profit and multiplier are both zero, whatever the flags say', () => {
    expect(resultPopupKind({ profit: '0', multiplier: '0.00000000', win: true, status: 'win' })).toBe('lose');
    expect(resultPopupKind({ profit: '0.00', multiplier: '0' })).toBe('lose');
  });

  it('otherwise follows the win flag, then the status', () => {
    expect(resultPopupKind({ profit: '0.98', multiplier: '1.98', win: true })).toBe('win');
    expect(resultPopupKind({ profit: '-1', multiplier: '0', win: false, status: 'win' })).toBe('lose');
    expect(resultPopupKind({ profit: '0', multiplier: '1', status: 'win' })).toBe('win');
    expect(resultPopupKind({ profit: '-0.5', multiplier: '0.5', status: 'lose' })).toBe('lose');
    expect(resultPopupKind({ profit: '0', multiplier: '1' })).toBe('lose');
  });

  it('formats multipliers with at least two decimals and an x', () => {
    expect(formatMultiplier('1.98000000')).toBe('1.98x');
    expect(formatMultiplier('0.00000000')).toBe('0.00x');
    expect(formatMultiplier('2.5')).toBe('2.50x');
    expect(formatMultiplier('1000')).toBe('1000.00x');
    // Two decimals, truncated: plinko's and keno's exact multipliers read as their pay table says.
    expect(formatMultiplier('1.23456789')).toBe('1.23x');
    expect(formatMultiplier('5.00058884')).toBe('5.00x');
    expect(formatMultiplier('1.4002008')).toBe('1.40x');
    expect(formatMultiplier('0.99999999')).toBe('0.99x');
  });
});
