import { describe, expect, it } from 'vitest';
import { fromCents, toCents, usdText } from './dashboard-format';

describe('dashboard amounts', () => {
  it('formats USD decimal strings with grouping, sign and two decimals', () => {
    expect(usdText('0')).toBe('$0.00');
    expect(usdText('-0.00')).toBe('$0.00');
    expect(usdText('1234567.5')).toBe('$1,234,567.50');
    expect(usdText('-2.00')).toBe('-$2.00');
    expect(usdText('999.999')).toBe('$999.99');
  });

  it('sums cents exactly where floats would not', () => {
    const sum = ['0.10', '0.20', '-0.05', '12345678901234567.89'].reduce((s, v) => s + toCents(v), 0n);
    expect(fromCents(sum)).toBe('12345678901234568.14');
    expect(fromCents(toCents('-4.35'))).toBe('-4.35');
    expect(fromCents(toCents('-0.05'))).toBe('-0.05');
  });
});
