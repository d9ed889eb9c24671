import { describe, expect, it } from 'vitest';
import { ratio } from '@nebula/games';
import {
  doubleWager,
  halveWager,
  parseSignedDecimal,
  parseWagerText,
  profitOnWin,
  scaleWagerText,
  wagerText,
  zeroWagerText,
} from './wager';

describe('wager input', () => {
  it('parses text as a number of the currency, refusing what is not one', () => {
    expect(parseWagerText('0.0001', 8)).toBe(10_000n);
    expect(parseWagerText('1,5', 2)).toBe(150n);
    expect(parseWagerText('.5', 8)).toBe(50_000_000n);
    expect(parseWagerText('abc', 8)).toBeNull();
    expect(parseWagerText('', 8)).toBeNull();
    expect(parseWagerText('-1', 8)).toBeNull();
    expect(parseWagerText('0.001', 2)).toBeNull();
  });

  it('resets to zero at the currency precision', () => {
    expect(zeroWagerText(8)).toBe('0.00000000');
    expect(zeroWagerText(2)).toBe('0.00');
    expect(zeroWagerText(0)).toBe('0');
    expect(wagerText(150n, 2)).toBe('1.50');
  });

  it('halves and doubles rounded to the currency decimals (half up, like toFixed)', () => {
    expect(halveWager(10n)).toBe(5n);
    expect(halveWager(1n)).toBe(1n); // 0.005 -> 0.01
    expect(halveWager(3n)).toBe(2n); // 0.015 -> 0.02
    expect(halveWager(0n)).toBe(0n);
    expect(doubleWager(7n)).toBe(14n);
    expect(scaleWagerText('0.00000003', 8, 'half')).toBe('0.00000002');
    expect(scaleWagerText('1.25', 2, 'half')).toBe('0.63');
    expect(scaleWagerText('1.25', 2, 'double')).toBe('2.50');
    expect(scaleWagerText('0.1', 8, 'double')).toBe('0.20000000');
  });

  it('treats an unparsable text as 0 for ½ and x2', () => {
    expect(scaleWagerText('nope', 2, 'double')).toBe('0.00');
  });

  it('shows profit on win as floor(wager * multiplier) - wager, 0 when not a number', () => {
    expect(profitOnWin(100_000n, ratio(198, 100))).toBe(98_000n);
    expect(profitOnWin(3n, ratio(3, 2))).toBe(1n); // floor(4.5) - 3
    expect(profitOnWin(null, ratio(2))).toBe(0n);
    expect(profitOnWin(100n, null)).toBe(0n);
    expect(profitOnWin(100n, ratio(1, 2))).toBe(0n);
    expect(profitOnWin(0n, ratio(2))).toBe(0n);
  });

  it('reads the server signed decimals', () => {
    expect(parseSignedDecimal('-0.0001', 8)).toBe(-10_000n);
    expect(parseSignedDecimal('0.98', 2)).toBe(98n);
    expect(parseSignedDecimal('12', 2)).toBe(1200n);
    expect(parseSignedDecimal('x', 2)).toBe(0n);
  });
});
