import { describe, expect, it } from 'vitest';
import { TipErrorCode } from '@nebula/contracts/constants';
import {
  TIP_ERROR_KEYS,
  asChatChannel,
  cleanAmount,
  clampUsers,
  newRequestId,
  percentOfBalance,
  rainArgs,
  splitPreview,
  tipArgs,
  toAtomic,
} from './tips-math';

describe('tips math', () => {
  it('has a text for every tip error code of the contracts', () => {
    for (const code of Object.values(TipErrorCode)) expect(TIP_ERROR_KEYS[code], code).toBeTruthy();
  });

  it('splits in atomic units as the server does: the remainder stays with the sender', () => {
    expect(splitPreview('10', 3, 8)).toEqual({ share: 333_333_333n, total: 999_999_999n, remainder: 1n });
    expect(splitPreview('1', 25, 2)).toEqual({ share: 4n, total: 100n, remainder: 0n });
    expect(splitPreview('0.01', 3, 2)).toEqual({ share: 0n, total: 0n, remainder: 1n });
    expect(splitPreview('', 3, 8)).toBeNull();
    expect(splitPreview('1e3', 3, 8)).toBeNull();
    expect(splitPreview('5', 0, 8)).toBeNull();
  });

  it('filters typed amounts to digits and one dot within the decimals', () => {
    expect(cleanAmount('1,5', 8)).toBe('1.5');
    expect(cleanAmount('00012.3456789012', 8)).toBe('12.34567890');
    expect(cleanAmount('-1e3', 8)).toBe('13');
    expect(cleanAmount('.5', 2)).toBe('0.5');
    expect(cleanAmount('1.2.3', 2)).toBe('1.23');
    expect(cleanAmount('7.9', 0)).toBe('7');
  });

  it('reads amounts strictly and computes percent shortcuts rounded down', () => {
    expect(toAtomic('1.5', 8)).toBe(150_000_000n);
    expect(toAtomic('-1', 8)).toBeNull();
    expect(toAtomic('0.000000001', 8)).toBeNull();
    expect(toAtomic('NaN', 8)).toBeNull();
    expect(percentOfBalance('0.00000003', 8, 50)).toBe('0.00000001');
    expect(percentOfBalance('98.5', 8, 100)).toBe('98.5');
    expect(percentOfBalance('garbage', 8, 100)).toBe('0');
  });

  it('reads the command arguments and clamps the users', () => {
    expect(tipArgs(['@bob', '2.5'])).toEqual({ name: 'bob', amount: '2.5' });
    expect(tipArgs([])).toEqual({ name: '', amount: '' });
    expect(rainArgs(['10', '5'])).toEqual({ amount: '10', users: 5 });
    expect(rainArgs(['10', '99'])).toEqual({ amount: '10', users: 25 });
    expect(rainArgs([])).toEqual({ amount: '', users: 10 });
    expect(clampUsers(0)).toBe(1);
    expect(clampUsers(3.7)).toBe(3);
    expect(clampUsers(Number.NaN)).toBe(1);
  });

  it('makes distinct request ids the server accepts, and falls back to the default channel', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(a);
    expect(asChatChannel('sport_de')).toBe('sport_de');
    expect(asChatChannel('nope')).toBe('casino_en');
    expect(asChatChannel(undefined)).toBe('casino_en');
  });
});
