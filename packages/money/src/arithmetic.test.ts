import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Amount, MAX_STORABLE_ATOMIC, ZERO, amount } from './amount.js';
import {
  add,
  cmp,
  convertDecimals,
  divRound,
  isNegative,
  isZero,
  max,
  min,
  mulRatio,
  sub,
  sum,
} from './arithmetic.js';

const a = (x: bigint): Amount => amount(x);
const nonNegative = fc.bigInt({ min: 0n, max: MAX_STORABLE_ATOMIC }).map(a);
const anyAmount = fc.bigInt({ min: -MAX_STORABLE_ATOMIC, max: MAX_STORABLE_ATOMIC }).map(a);
const code = (c: string) => expect.objectContaining({ code: c });

describe('add / sub / sum', () => {
  it('adds and subtracts', () => {
    expect(add(a(1n), a(2n))).toBe(3n);
    expect(sub(a(5n), a(2n))).toBe(3n);
    expect(sub(a(2n), a(2n))).toBe(0n);
    expect(sum([a(1n), a(2n), a(3n)])).toBe(6n);
    expect(sum([])).toBe(0n);
  });

  it('refuses a negative difference unless allowed', () => {
    expect(() => sub(a(1n), a(2n))).toThrow(code('negative'));
    expect(sub(a(1n), a(2n), { allowNegative: true })).toBe(-1n);
  });

  it('throws too_large past numeric(38,0)', () => {
    const top = a(MAX_STORABLE_ATOMIC);
    expect(() => add(top, a(1n))).toThrow(code('too_large'));
    expect(() => sub(a(-MAX_STORABLE_ATOMIC), a(1n), { allowNegative: true })).toThrow(code('too_large'));
    expect(() => sum([top, top])).toThrow(code('too_large'));
  });

  it('sub undoes add', () => {
    fc.assert(
      fc.property(nonNegative, nonNegative, (x, y) => {
        fc.pre(x + y <= MAX_STORABLE_ATOMIC);
        expect(sub(add(x, y), y)).toBe(x);
        expect(add(sub(add(x, y), x), x)).toBe(x + y);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('divRound / mulRatio', () => {
  it.each([
    [7n, 2n, 'floor', 3n],
    [7n, 2n, 'ceil', 4n],
    [7n, 2n, 'half-even', 4n],
    [5n, 2n, 'half-even', 2n],
    [-5n, 2n, 'half-even', -2n],
    [-7n, 2n, 'floor', -4n],
    [-7n, 2n, 'ceil', -3n],
    [7n, -2n, 'floor', -4n],
    [8n, 3n, 'half-even', 3n],
    [6n, 3n, 'ceil', 2n],
  ] as const)('divRound(%s, %s, %s) = %s', (n, d, rounding, expected) => {
    expect(divRound(n, d, rounding)).toBe(expected);
  });

  it('pays a multiplier with floor', () => {
    expect(mulRatio(a(100_000_000n), 19_800n, 10_000n, 'floor')).toBe(198_000_000n);
    expect(mulRatio(a(3n), 1n, 2n, 'floor')).toBe(1n);
    expect(mulRatio(a(3n), 1n, 2n, 'ceil')).toBe(2n);
    expect(mulRatio(a(3n), 1n, 2n, 'half-even')).toBe(2n);
  });

  it('refuses a zero denominator and overflowing results', () => {
    expect(() => mulRatio(a(1n), 1n, 0n, 'floor')).toThrow(RangeError);
    expect(() => mulRatio(a(MAX_STORABLE_ATOMIC), 2n, 1n, 'floor')).toThrow(code('too_large'));
    // A huge intermediate product is fine when the result fits.
    expect(mulRatio(a(MAX_STORABLE_ATOMIC), 10n ** 40n, 10n ** 40n, 'floor')).toBe(MAX_STORABLE_ATOMIC);
  });

  it('brackets the exact value: floor <= exact <= ceil, half-even within half a unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(a),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (x, num, den) => {
          const floor = mulRatio(x, num, den, 'floor');
          const ceil = mulRatio(x, num, den, 'ceil');
          const even = mulRatio(x, num, den, 'half-even');
          const exactTimesDen = x * num;
          expect(floor * den <= exactTimesDen).toBe(true);
          expect(exactTimesDen <= ceil * den).toBe(true);
          expect(ceil - floor <= 1n).toBe(true);
          const distance = even * den - exactTimesDen;
          expect(2n * (distance < 0n ? -distance : distance) <= den).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('comparisons', () => {
  it('compares, picks min and max, tests zero and sign', () => {
    expect(cmp(a(1n), a(2n))).toBe(-1);
    expect(cmp(a(2n), a(2n))).toBe(0);
    expect(cmp(a(3n), a(2n))).toBe(1);
    expect([a(3n), a(1n), a(2n)].sort(cmp)).toEqual([1n, 2n, 3n]);
    expect(min(a(3n), a(1n), a(2n))).toBe(1n);
    expect(max(a(3n), a(1n), a(-2n))).toBe(3n);
    expect(isZero(ZERO)).toBe(true);
    expect(isZero(a(1n))).toBe(false);
    expect(isNegative(a(-1n))).toBe(true);
  });

  it('min <= max for any pair', () => {
    fc.assert(
      fc.property(anyAmount, anyAmount, (x, y) => {
        expect(min(x, y) <= max(x, y)).toBe(true);
        expect(cmp(x, y)).toBe(-cmp(y, x) || 0);
      }),
    );
  });
});

describe('convertDecimals', () => {
  it('scales up exactly and down with the given rounding', () => {
    expect(convertDecimals(a(1n), 8, 18, 'floor')).toBe(10_000_000_000n);
    expect(convertDecimals(a(15_000_000_001n), 18, 8, 'floor')).toBe(1n);
    expect(convertDecimals(a(15_000_000_001n), 18, 8, 'ceil')).toBe(2n);
    expect(convertDecimals(a(15_000_000_000n), 18, 8, 'half-even')).toBe(2n);
    expect(convertDecimals(a(123n), 2, 2, 'floor')).toBe(123n);
  });

  it('throws too_large when scaling up overflows and RangeError on bad decimals', () => {
    expect(() => convertDecimals(a(10n ** 30n), 0, 18, 'floor')).toThrow(code('too_large'));
    expect(() => convertDecimals(a(1n), 0, 39, 'floor')).toThrow(RangeError);
  });

  it('scaling up then down is the identity', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }).map(a),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (x, from, extra) => {
          const up = convertDecimals(x, from, from + extra, 'floor');
          expect(convertDecimals(up, from + extra, from, 'floor')).toBe(x);
        },
      ),
    );
  });
});
