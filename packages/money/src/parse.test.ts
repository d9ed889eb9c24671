import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STORABLE_ATOMIC, amount } from './amount.js';
import { MoneyError, type MoneyErrorCode } from './errors.js';
import { toDecimalString } from './format.js';
import { CANONICAL_AMOUNT, parseAmount, parseWireAmount, tryParseAmount } from './parse.js';

describe('parseAmount', () => {
  it.each([
    ['1', 8, 100_000_000n],
    ['0.5', 8, 50_000_000n],
    ['.5', 8, 50_000_000n],
    ['1.', 8, 100_000_000n],
    ['  2.30 ', 2, 230n],
    ['0,5', 8, 50_000_000n],
    ['007.10', 2, 710n],
    ['0.00000001', 8, 1n],
    ['1.500', 2, 150n],
    ['0.10000000000000000000', 8, 10_000_000n],
    ['42', 0, 42n],
    ['42.000', 0, 42n],
    ['-0', 8, 0n],
    ['0', 2, 0n],
    ['99999999999999999999999999999999999999', 0, MAX_STORABLE_ATOMIC],
    ['999999999999999999999999999999.99999999', 8, MAX_STORABLE_ATOMIC],
  ])('parses %j at %i decimals as %s', (input, decimals, expected) => {
    expect(parseAmount(input, decimals)).toBe(expected);
  });

  const errorCases: [string, number, MoneyErrorCode][] = [
    ['', 8, 'empty'],
    ['   ', 8, 'empty'],
    ['abc', 8, 'not_a_number'],
    ['.', 8, 'not_a_number'],
    ['-', 8, 'not_a_number'],
    ['1e5', 8, 'not_a_number'],
    ['1E-8', 8, 'not_a_number'],
    ['+1', 8, 'not_a_number'],
    ['1.2.3', 8, 'not_a_number'],
    ['1,000.5', 8, 'not_a_number'],
    ['1 000', 8, 'not_a_number'],
    ['Infinity', 8, 'not_a_number'],
    ['NaN', 8, 'not_a_number'],
    ['0x10', 8, 'not_a_number'],
    ['١٢', 8, 'not_a_number'],
    ['--1', 8, 'not_a_number'],
    ['-1', 8, 'negative'],
    ['-0.00000001', 8, 'negative'],
    [' -.5 ', 2, 'negative'],
    ['0.001', 2, 'too_many_decimals'],
    ['0.000000001', 8, 'too_many_decimals'],
    ['1.5', 0, 'too_many_decimals'],
    ['100000000000000000000000000000000000000', 0, 'too_large'],
    ['1000000000000000000000000000000', 8, 'too_large'],
    ['9'.repeat(1_000_000), 8, 'too_large'],
  ];
  it.each(errorCases)('refuses %j at %i decimals with %s', (input, decimals, code) => {
    let caught: unknown;
    try {
      parseAmount(input, decimals);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MoneyError);
    expect((caught as MoneyError).code).toBe(code);
    expect((caught as MoneyError).message.length).toBeGreaterThan(5);
  });

  it('enforces opts.max inclusively and names the maximum', () => {
    const max = amount(2_000n); // 20.00
    expect(parseAmount('20', 2, { max })).toBe(2_000n);
    expect(() => parseAmount('20.01', 2, { max })).toThrow(/maximum is 20\b/);
    expect(tryParseAmount('20.01', 2, { max })).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });

  it('can refuse the comma separator', () => {
    expect(() => parseAmount('0,5', 8, { allowComma: false })).toThrow(
      expect.objectContaining({ code: 'not_a_number' }),
    );
  });

  it('throws RangeError for invalid decimals (a bug, not bad input)', () => {
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
    expect(() => tryParseAmount('1', 1.5)).toThrow(RangeError);
  });
});

describe('tryParseAmount', () => {
  it('returns the value or the error', () => {
    expect(tryParseAmount('1.5', 8)).toEqual({ ok: true, value: 150_000_000n });
    const result = tryParseAmount('x', 8);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('not_a_number');
  });
});

describe('parseWireAmount (the one format of money calls)', () => {
  it.each([
    ['1', 100_000_000n],
    ['0.5', 50_000_000n],
    ['12.50000000', 1_250_000_000n],
    ['0.00000001', 1n],
  ])('reads %s', (input, expected) => {
    expect(parseWireAmount(input, 8)).toEqual({ ok: true, value: expected });
  });

  it.each([' 1', '1 ', '1,5', '.5', '1.', '+1', '-1', '1e3', '0x10', 'NaN', '１', '1_000', '1.2.3'])(
    'refuses %j as not_a_number, with the format in the message',
    (input) => {
      const r = parseWireAmount(input, 8);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('not_a_number');
        expect(r.error.message).toContain("one '.' decimal point");
      }
    },
  );

  it('refuses blank text as empty and keeps the other checks (decimals, size)', () => {
    expect(parseWireAmount('', 8)).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(parseWireAmount('   ', 8)).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(parseWireAmount('0.001', 2)).toMatchObject({ ok: false, error: { code: 'too_many_decimals' } });
    expect(parseWireAmount('5', 0, { max: amount(4n) })).toMatchObject({
      ok: false,
      error: { code: 'too_large' },
    });
  });

  it('accepts exactly what toDecimalString writes', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_STORABLE_ATOMIC }),
        fc.integer({ min: 0, max: 18 }),
        (v, d) => {
          const text = toDecimalString(amount(v), d);
          expect(CANONICAL_AMOUNT.test(text)).toBe(true);
          expect(parseWireAmount(text, d)).toEqual({ ok: true, value: v });
        },
      ),
    );
  });
});

describe('parseAmount properties', () => {
  it('reads back toDecimalString exactly for every storable amount and decimals 0..18', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_STORABLE_ATOMIC }),
        fc.integer({ min: 0, max: 18 }),
        fc.boolean(),
        (x, decimals, fixed) => {
          expect(parseAmount(toDecimalString(x, decimals, { fixed }), decimals)).toBe(x);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('never throws anything but MoneyError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const result = tryParseAmount(text, decimals);
        if (result.ok) expect(result.value >= 0n && result.value <= MAX_STORABLE_ATOMIC).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
