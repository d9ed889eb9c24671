import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_SHORTCUTS_USD,
  WITHDRAW_SHORTCUTS,
  depositShortcut,
  depositStatus,
  filterAmountInput,
  fiatValue,
  headerTotal,
  isAmountKeyAllowed,
  percentOf,
  percentShortcut,
  toAtomic,
  usdToToken,
  withdrawFee,
  withdrawStatus,
} from './wallet-math';

describe('withdraw shortcuts (25/50/75/99% of the real balance, bigint, rounded down)', () => {
  it('are the spec percentages', () => {
    expect(WITHDRAW_SHORTCUTS).toEqual([25, 50, 75, 99]);
  });

  it('computes exact shares of a crypto balance', () => {
    expect(percentShortcut('1', 8, 25)).toBe('0.25');
    expect(percentShortcut('1', 8, 50)).toBe('0.5');
    expect(percentShortcut('1', 8, 75)).toBe('0.75');
    expect(percentShortcut('1', 8, 99)).toBe('0.99');
  });

  it('rounds down to the last atomic unit, never above the balance', () => {
    // 0.00000003 * 25% = 0.0000000075 -> 0.00000000
    expect(percentShortcut('0.00000003', 8, 25)).toBe('0');
    expect(percentShortcut('0.00000007', 8, 50)).toBe('0.00000003');
    expect(percentOf(7n, 99)).toBe(6n);
    expect(percentShortcut('12.34', 2, 99)).toBe('12.21'); // 1221.66 cents -> 1221
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 style trouble: 0.3 * 75% in floats is 0.22499999999999998.
    expect(percentShortcut('0.3', 8, 75)).toBe('0.225');
    expect(percentShortcut('123456789.12345678', 8, 99)).toBe('122222221.23222221');
  });

  it('gives 0 for an empty, zero or malformed balance', () => {
    expect(percentShortcut('0', 8, 50)).toBe('0');
    expect(percentShortcut('', 8, 50)).toBe('0');
    expect(percentShortcut('abc', 8, 50)).toBe('0');
  });
});

describe('deposit shortcuts ($50/$100/$250/$1000 converted with the price)', () => {
  it('are the spec amounts', () => {
    expect(DEPOSIT_SHORTCUTS_USD).toEqual([50, 100, 250, 1000]);
  });

  it('converts dollars to the token, rounded down at the currency decimals', () => {
    expect(depositShortcut(50, 50_000, 8)).toBe('0.001');
    expect(depositShortcut(100, 50_000, 8)).toBe('0.002');
    expect(depositShortcut(1000, 3000, 8)).toBe('0.33333333');
    expect(depositShortcut(250, 1, 6)).toBe('250');
    expect(depositShortcut(50, 0.1, 8)).toBe('500');
    expect(usdToToken(1000, 65_432.1, 8)).toBe(1_528_301n); // 0.01528301...
  });

  it('has no value without a price', () => {
    expect(depositShortcut(50, 0, 8)).toBeNull();
    expect(depositShortcut(50, Number.NaN, 8)).toBeNull();
    expect(depositShortcut(50, -1, 8)).toBeNull();
  });

  it('fiat values truncate to cents', () => {
    expect(fiatValue('0.001', 8, 50_000)).toBe('50.00');
    expect(fiatValue('0.33333333', 8, 3000)).toBe('999.99');
    expect(fiatValue('0', 8, 3000)).toBe('0.00');
  });
});

describe('amount key filter (digits and one dot)', () => {
  it('keeps digits and a single dot', () => {
    expect(filterAmountInput('12a3', 8)).toBe('123');
    expect(filterAmountInput('1.2.3', 8)).toBe('1.23');
    expect(filterAmountInput('-5e3', 8)).toBe('53');
    expect(filterAmountInput(' 1 000 ', 8)).toBe('1000');
  });

  it('reads a comma as the dot and caps the decimals', () => {
    expect(filterAmountInput('0,5', 8)).toBe('0.5');
    expect(filterAmountInput('1.123456789', 8)).toBe('1.12345678');
    expect(filterAmountInput('1.239', 2)).toBe('1.23');
    expect(filterAmountInput('7.5', 0)).toBe('7');
  });

  it('normalises leading zeros and a bare dot', () => {
    expect(filterAmountInput('007', 8)).toBe('7');
    expect(filterAmountInput('.5', 8)).toBe('0.5');
    expect(filterAmountInput('0.05', 8)).toBe('0.05');
    expect(filterAmountInput('', 8)).toBe('');
  });

  it('refuses letters and a second dot at the key level', () => {
    expect(isAmountKeyAllowed('5', '')).toBe(true);
    expect(isAmountKeyAllowed('.', '1')).toBe(true);
    expect(isAmountKeyAllowed('.', '1.2')).toBe(false);
    expect(isAmountKeyAllowed(',', '1.2')).toBe(false);
    expect(isAmountKeyAllowed('e', '1')).toBe(false);
    expect(isAmountKeyAllowed('-', '')).toBe(false);
    expect(isAmountKeyAllowed('Backspace', '1')).toBe(true);
    expect(isAmountKeyAllowed('ArrowLeft', '1')).toBe(true);
  });
});

describe('status texts', () => {
  const w = (status: number, auto = false, reason: string | null = null) => ({
    status,
    auto,
    decline_reason: reason,
  });

  it('maps withdraw statuses: 0 and 3 moderation, 1 accepted, 2 declined, 4 cancelled', () => {
    expect(withdrawStatus(w(0)).kind).toBe('moderation');
    expect(withdrawStatus(w(3)).kind).toBe('moderation');
    expect(withdrawStatus(w(1)).kind).toBe('accepted');
    expect(withdrawStatus(w(2, false, 'KYC')).kind).toBe('declined');
    expect(withdrawStatus(w(2, false, 'KYC')).reason).toBe('KYC');
    expect(withdrawStatus(w(4)).kind).toBe('cancelled');
  });

  it('lets the player cancel only status 0 that is not automatic', () => {
    expect(withdrawStatus(w(0)).cancellable).toBe(true);
    expect(withdrawStatus(w(0, true)).cancellable).toBe(false);
    expect(withdrawStatus(w(3)).cancellable).toBe(false);
    expect(withdrawStatus(w(1)).cancellable).toBe(false);
    expect(withdrawStatus(w(0)).reversalForbidden).toBe(false);
  });

  it('offers no cancel where the jurisdiction forbids reversing withdrawals, and says so', () => {
    expect(withdrawStatus(w(0), false)).toMatchObject({ cancellable: false, reversalForbidden: true });
    // Only the withdrawals a player could otherwise cancel need the explanation.
    expect(withdrawStatus(w(0, true), false).reversalForbidden).toBe(false);
    expect(withdrawStatus(w(3), false).reversalForbidden).toBe(false);
    expect(withdrawStatus(w(4), false).reversalForbidden).toBe(false);
    expect(withdrawStatus(w(0), true)).toMatchObject({ cancellable: true, reversalForbidden: false });
  });

  it('maps deposits: confirmations, then paid; aggregator paid or not', () => {
    const d = (status: number, confirmations: number, aggregator = false) => ({
      status,
      aggregator,
      confirmations,
      required_confirmations: 3,
    });
    expect(depositStatus(d(0, 1))).toEqual({ kind: 'confirming', confirmations: 1, required: 3 });
    expect(depositStatus(d(0, 5))).toEqual({ kind: 'confirming', confirmations: 3, required: 3 });
    expect(depositStatus(d(1, 3))).toEqual({ kind: 'paid' });
    expect(depositStatus(d(0, 0, true))).toEqual({ kind: 'notPaid' });
    expect(depositStatus(d(1, 0, true))).toEqual({ kind: 'paid' });
  });
});

describe('header total and fee', () => {
  it("adds the usable bonus and shows the currency's precision (crypto up to 8 decimals, fiat 2)", () => {
    expect(headerTotal('1.23456789', '0.01', 8)).toBe('1.24456789');
    expect(headerTotal('0', undefined, 8)).toBe('0.00');
    expect(headerTotal('10.5', '0', 2)).toBe('10.50');
    // 0.009 BTC (about $876) never reads 0.00.
    expect(headerTotal('0.009', undefined, 8)).toBe('0.009');
    expect(headerTotal('0.00000001', undefined, 8)).toBe('0.00000001');
  });

  it('parses balances into atomic units', () => {
    expect(toAtomic('1.5', 8)).toBe(150_000_000n);
    expect(toAtomic('1.123456789', 8)).toBe(112_345_678n);
    expect(toAtomic(undefined, 8)).toBe(0n);
  });

  it('charges the fee on top, rounded up like the server', () => {
    expect(withdrawFee(100_000_000n, '1')).toBe(1_000_000n);
    expect(withdrawFee(1n, '0.5')).toBe(1n);
    expect(withdrawFee(100n, '0')).toBe(0n);
    expect(withdrawFee(0n, '2')).toBe(0n);
  });
});
