import { describe, expect, it } from 'vitest';
import { MAX_STORABLE_ATOMIC, ZERO, amount, assertDecimals, parseAtomic, toAtomicString } from './amount.js';
import { MoneyError, isMoneyError } from './errors.js';

describe('amount', () => {
  it('brands bigints within numeric(38,0), negatives included', () => {
    expect(amount(5n)).toBe(5n);
    expect(amount(-5n)).toBe(-5n);
    expect(amount(MAX_STORABLE_ATOMIC)).toBe(10n ** 38n - 1n);
    expect(amount(-MAX_STORABLE_ATOMIC)).toBe(-(10n ** 38n - 1n));
    expect(ZERO).toBe(0n);
  });

  it('refuses values past numeric(38,0)', () => {
    expect(() => amount(10n ** 38n)).toThrow(MoneyError);
    expect(() => amount(-(10n ** 38n))).toThrowError(/too large/);
    try {
      amount(10n ** 38n);
    } catch (error) {
      expect(isMoneyError(error, 'too_large')).toBe(true);
    }
  });

  it('refuses non-bigints at runtime', () => {
    expect(() => amount(1 as unknown as bigint)).toThrow(expect.objectContaining({ code: 'not_a_number' }));
  });
});

describe('parseAtomic / toAtomicString', () => {
  it('round-trips database integer strings', () => {
    expect(parseAtomic('0')).toBe(0n);
    expect(parseAtomic('-42')).toBe(-42n);
    expect(parseAtomic('99999999999999999999999999999999999999')).toBe(MAX_STORABLE_ATOMIC);
    expect(toAtomicString(amount(-42n))).toBe('-42');
  });

  it.each([
    ['', 'empty'],
    ['1.5', 'not_a_number'],
    ['1e5', 'not_a_number'],
    [' 1', 'not_a_number'],
    ['100000000000000000000000000000000000000', 'too_large'],
    ['9'.repeat(100_000), 'too_large'],
  ])('parseAtomic(%j) throws %s', (text, code) => {
    expect(() => parseAtomic(text)).toThrow(expect.objectContaining({ code }));
  });
});

describe('assertDecimals', () => {
  it('accepts 0..38 integers only', () => {
    expect(() => assertDecimals(0)).not.toThrow();
    expect(() => assertDecimals(38)).not.toThrow();
    for (const bad of [-1, 39, 1.5, Number.NaN]) expect(() => assertDecimals(bad)).toThrow(RangeError);
  });
});
