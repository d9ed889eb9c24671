import { describe, expect, it } from 'vitest';
import { formatDisplay, formatHundredths, groupDigits, parseTyped } from './format';

describe('board number formats', () => {
  it('formats hundredths exactly with grouping', () => {
    expect(formatHundredths(0)).toBe('0.00');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(5050)).toBe('50.50');
    expect(formatHundredths(10_000)).toBe('100.00');
    expect(formatHundredths(100_000_000)).toBe('1,000,000.00');
    expect(groupDigits('1234567')).toBe('1,234,567');
  });

  it('formats display numbers rounded down', () => {
    expect(formatDisplay(2.3, 2)).toBe('2.30');
    expect(formatDisplay(1.999, 2)).toBe('1.99');
    expect(formatDisplay(12345.678, 2)).toBe('12,345.67');
    expect(formatDisplay(Number.NaN, 2)).toBe('0.00');
  });

  it('parses what players type', () => {
    expect(parseTyped('2')).toBe(2);
    expect(parseTyped(' 2,5 ')).toBe(2.5);
    expect(parseTyped('.5')).toBe(0.5);
    expect(parseTyped('1 000')).toBe(1000);
    expect(parseTyped('')).toBeNull();
    expect(parseTyped('.')).toBeNull();
    expect(parseTyped('-1')).toBeNull();
    expect(parseTyped('1e3')).toBeNull();
    expect(parseTyped('1.2.3')).toBeNull();
  });
});
