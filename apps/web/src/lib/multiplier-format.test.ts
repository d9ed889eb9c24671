import { describe, expect, it } from 'vitest';
import { distinctDecimals, multiplierText } from './multiplier-format';

describe('multiplier display rule', () => {
  it('shows 2 decimals, truncated: plinko 5.00, keno 1.40, never more than the bet paid', () => {
    expect(multiplierText('5.00058884')).toBe('5.00');
    expect(multiplierText('1.4002008')).toBe('1.40');
    expect(multiplierText('0.99999999')).toBe('0.99');
    expect(multiplierText('2.5')).toBe('2.50');
    expect(multiplierText('1000')).toBe('1000.00');
    expect(multiplierText('0')).toBe('0.00');
    expect(multiplierText('0.00000000')).toBe('0.00');
    expect(multiplierText('007.1')).toBe('7.10');
  });

  it('keeps digits up to the first significant one for a non-zero multiplier below 0.01', () => {
    expect(multiplierText('0.004')).toBe('0.004');
    expect(multiplierText('0.00012345')).toBe('0.0001');
    expect(multiplierText('0.000000001')).toBe('0.00');
  });

  it('takes more decimals when asked and leaves text that is no decimal alone', () => {
    expect(multiplierText('1.23456789', 4)).toBe('1.2345');
    expect(multiplierText('1.2', 0)).toBe('1');
    expect(multiplierText('n/a')).toBe('n/a');
    expect(multiplierText('-1.5')).toBe('-1.5');
  });

  it('finds the fewest decimals that keep distinct values apart', () => {
    expect(distinctDecimals(['5.6', '2.1', '1.1', '1', '0.5'])).toBe(2);
    expect(distinctDecimals(['1.001', '1.002', '2'])).toBe(3);
    expect(distinctDecimals(['1.4002008', '1.4'])).toBe(4);
    expect(distinctDecimals(['1.00000001', '1'])).toBe(8);
    // Apart only beyond 8 decimals: nothing shown can tell them apart.
    expect(distinctDecimals(['1.000000001', '1'])).toBe(2);
    expect(distinctDecimals([])).toBe(2);
  });
});
