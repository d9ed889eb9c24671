import { describe, expect, it } from 'vitest';
import {
  CHIP_VALUES,
  chipAtomic,
  chipTier,
  chipUnitExponent,
  formatChipLabel,
  formatStakeChips,
} from './chip-unit';

describe('chipUnitExponent (1 chip ≈ one US cent, a power of ten of atomic units)', () => {
  it('follows the documented examples', () => {
    expect(chipUnitExponent(2, 1)).toBe(0); // usd: 0.01
    expect(chipUnitExponent(8, 1)).toBe(6); // usdt: 0.01
    expect(chipUnitExponent(8, 97000)).toBe(1); // btc: 10 sat
    expect(chipUnitExponent(8, 3400)).toBe(2); // eth
    expect(chipUnitExponent(8, 0.32)).toBe(6); // doge: 0.01 DOGE (a cent is 0.03)
    expect(chipUnitExponent(8, 95)).toBe(4); // ltc
  });

  it('keeps exact decades and stays within 0..decimals', () => {
    expect(chipUnitExponent(8, 10)).toBe(5);
    expect(chipUnitExponent(8, 0.1)).toBe(7);
    expect(chipUnitExponent(8, 0.000001)).toBe(8);
    expect(chipUnitExponent(8, 1e9)).toBe(0);
    expect(chipUnitExponent(2, 0.0067)).toBe(2); // yen-like
  });

  it('falls back to one atomic unit without a usable price', () => {
    expect(chipUnitExponent(8, undefined)).toBe(0);
    expect(chipUnitExponent(8, 0)).toBe(0);
    expect(chipUnitExponent(8, Number.NaN)).toBe(0);
  });
});

describe('chip amounts and labels', () => {
  it('multiplies the chip by the unit in bigint', () => {
    expect(chipAtomic(1, 0)).toBe(1n);
    expect(chipAtomic(10000, 6)).toBe(10_000_000_000n); // 100 USDT
  });

  it('labels chips compactly', () => {
    expect(CHIP_VALUES.map(formatChipLabel)).toEqual(['1', '10', '100', '1K', '10K']);
    expect(formatChipLabel(1500)).toBe('1.5K');
    expect(formatChipLabel(2_000_000)).toBe('2M');
    expect(formatChipLabel(0.5)).toBe('0.5');
  });

  it('shows stakes in chip units', () => {
    expect(formatStakeChips(110n, 1)).toBe('11');
    expect(formatStakeChips(15_000n, 0)).toBe('15K');
    expect(formatStakeChips(5n, 1)).toBe('0.5');
  });

  it('colours a stake by the largest chip it reaches', () => {
    expect(chipTier(5n, 1)).toBe(1);
    expect(chipTier(100n, 1)).toBe(10);
    expect(chipTier(123_456n, 1)).toBe(10000);
  });
});
