import { describe, expect, it } from 'vitest';
import { usableBonus, type Bonus } from './bonus';

const bonus = (over: Partial<Bonus>): Bonus => ({
  _id: 'b',
  currency: 'usdt',
  value: '0',
  frozenValue: '0',
  source: 'deposit',
  amount: '0',
  wagering: { required: '0', done: '0' },
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

describe('usableBonus (the header adds value minus frozenValue of the currency)', () => {
  it('sums value minus frozenValue of the currency only, exactly, never below zero', () => {
    const bonuses = {
      a: bonus({ _id: 'a', value: '12.5', frozenValue: '2.25' }),
      b: bonus({ _id: 'b', value: '0.00000001', frozenValue: '0' }),
      c: bonus({ _id: 'c', currency: 'btc', value: '1', frozenValue: '0' }),
      d: bonus({ _id: 'd', value: '1', frozenValue: '3' }),
    };
    expect(usableBonus(bonuses, 'usdt', 8)).toBe(1_025_000_001n);
    expect(usableBonus(bonuses, 'btc', 8)).toBe(100_000_000n);
    expect(usableBonus(bonuses, 'eth', 18)).toBe(0n);
  });
});
