import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STORABLE_ATOMIC } from './amount.js';
import { currencyInfo } from './currency.js';
import { formatAmount, formatCurrencyAmount, formatFiat, toDecimalString } from './format.js';
import { parseAmount } from './parse.js';

describe('toDecimalString', () => {
  it.each([
    [150_000_000n, 8, '1.5'],
    [1n, 8, '0.00000001'],
    [0n, 8, '0'],
    [100_000_000n, 8, '1'],
    [-150n, 2, '-1.5'],
    [-1n, 18, '-0.000000000000000001'],
    [42n, 0, '42'],
    [-42n, 0, '-42'],
  ])('(%s, %i) -> %j', (a, decimals, expected) => {
    expect(toDecimalString(a, decimals)).toBe(expected);
  });

  it('keeps fixed decimals on request', () => {
    expect(toDecimalString(150_000_000n, 8, { fixed: true })).toBe('1.50000000');
    expect(toDecimalString(0n, 2, { fixed: true })).toBe('0.00');
    expect(toDecimalString(7n, 0, { fixed: true })).toBe('7');
  });
});

describe('formatAmount', () => {
  it('shows crypto with up to 8 decimals, trailing zeros trimmed', () => {
    expect(formatAmount(123_456_789n, 8)).toBe('1.23456789');
    expect(formatAmount(150_000_000n, 8)).toBe('1.5');
    expect(formatAmount(0n, 8)).toBe('0');
  });

  it('truncates toward zero past 8 decimals and never rounds up', () => {
    expect(formatAmount(1_999_999_999_999_999_999n, 18)).toBe('1.99999999');
    expect(formatAmount(9n, 18)).toBe('0');
    expect(formatAmount(-1_999_999_999_999_999_999n, 18)).toBe('-1.99999999');
    expect(formatAmount(-9n, 18)).toBe('0');
    expect(formatAmount(129n, 2, { maxDecimals: 1 })).toBe('1.2');
  });

  it('shows fiat (2 decimals) with both decimals', () => {
    expect(formatAmount(150n, 2)).toBe('1.50');
    expect(formatAmount(0n, 2)).toBe('0.00');
    expect(formatAmount(123_456_789n, 2, { thousands: true })).toBe('1,234,567.89');
  });

  it('shows the satoshi unit as whole numbers', () => {
    expect(formatAmount(150_000_000n, 8, { unit: 'satoshi' })).toBe('150000000');
    expect(formatAmount(150_000_000n, 8, { unit: 'satoshi', thousands: true })).toBe('150,000,000');
    expect(formatAmount(15_999_999_999n, 18, { unit: 'satoshi' })).toBe('1');
  });

  it('groups thousands with a custom separator and pads to minDecimals', () => {
    expect(formatAmount(-123_456_700_000_000n, 8, { thousands: ' ', minDecimals: 2 })).toBe('-1 234 567.00');
    expect(formatAmount(100_000n, 8, { thousands: true })).toBe('0.001');
  });

  it('never shows more than 8 decimals and never more than the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_STORABLE_ATOMIC, max: MAX_STORABLE_ATOMIC }),
        fc.integer({ min: 0, max: 18 }),
        fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
        (x, decimals, maxDecimals) => {
          const text = formatAmount(x, decimals, { maxDecimals, thousands: true });
          const frac = text.split('.')[1] ?? '';
          expect(frac.length).toBeLessThanOrEqual(8);
          const magnitude = x < 0n ? -x : x;
          const shown = parseAmount(text.replace(/^-/, '').replaceAll(',', ''), decimals);
          expect(shown <= magnitude).toBe(true);
          if (maxDecimals === undefined && decimals > 8) {
            expect(magnitude - shown < 10n ** BigInt(decimals - 8)).toBe(true);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('formatCurrencyAmount', () => {
  it('applies the spec display rule by currency', () => {
    expect(formatCurrencyAmount(150n, currencyInfo('usd'))).toBe('1.50');
    expect(formatCurrencyAmount(150n, currencyInfo('local_brl'), { unit: 'satoshi' })).toBe('1.50');
    expect(formatCurrencyAmount(150_000_000n, currencyInfo('btc'))).toBe('1.5');
    expect(formatCurrencyAmount(150_000_000n, currencyInfo('btc'), { unit: 'satoshi' })).toBe('150000000');
    expect(formatCurrencyAmount(123_456_789_012n, { id: 'eth', decimals: 18 })).toBe('0.00000012');
  });
});

describe('formatFiat', () => {
  it.each([
    ['1234.5', 'usd', '$1,234.50'],
    ['0', 'usd', '$0.00'],
    ['.5', 'eur', '€0.50'],
    ['-0.999', 'eur', '-€0.99'],
    ['-0.001', 'usd', '$0.00'],
    ['1000000', 'EUR', '€1,000,000.00'],
    ['12', 'chf', '12.00 CHF'],
    [' 0012.345 ', 'usd', '$12.34'],
  ])('formatFiat(%j, %j) -> %j', (value, currency, expected) => {
    expect(formatFiat(value, currency)).toBe(expected);
  });

  it('defaults to usd and can drop grouping', () => {
    expect(formatFiat('1234')).toBe('$1,234.00');
    expect(formatFiat('1234', 'usd', { thousands: false })).toBe('$1234.00');
  });

  it.each(['', 'abc', '1e3', '1,5', 'NaN'])('refuses %j', (value) => {
    expect(() => formatFiat(value)).toThrow(expect.objectContaining({ code: 'not_a_number' }));
  });
});
