import { describe, expect, it } from 'vitest';
import type { Currency } from '@nebula/contracts';
import {
  balanceText,
  fiatAmount,
  formatFiatBalance,
  formatMoney,
  formatMoneyText,
  parseMoney,
  priceAtomic,
} from './money-format';

const btc: Currency = {
  id: 'btc',
  name: 'Bitcoin',
  icon: '',
  style: '',
  decimals: 8,
  price: 97_000,
  priceEur: 89_240.5,
  balance: { real: '0.009', demo: '0' },
  walletId: null,
  chains: [],
};

describe('money display rule', () => {
  it('shows crypto to its precision: up to 8 decimals, trimmed down to 2, never 0.00 for a non-zero amount', () => {
    expect(formatMoney(900_000n, 8)).toBe('0.009');
    expect(formatMoney(1n, 8)).toBe('0.00000001');
    expect(formatMoney(12_345_678n, 8)).toBe('0.12345678');
    expect(formatMoney(150_000_000n, 8)).toBe('1.50');
    expect(formatMoney(100_000_000n, 8)).toBe('1.00');
    expect(formatMoney(0n, 8)).toBe('0.00');
    expect(formatMoney(-50_000_000n, 8)).toBe('-0.50');
    expect(formatMoney(123_456_789_000_000n, 8, { thousands: true })).toBe('1,234,567.89');
  });

  it('shows 2-decimal (fiat-like) currencies with exactly 2 decimals and more precise ones cut at 8', () => {
    expect(formatMoney(150n, 2)).toBe('1.50');
    expect(formatMoney(7n, 2)).toBe('0.07');
    expect(formatMoney(0n, 2)).toBe('0.00');
    // 18 decimals: the 9th and later digits are truncated, never rounded up.
    expect(formatMoney(123_456_789_999_999_999n, 18)).toBe('0.12345678');
  });

  it('reads decimal strings from the server exactly, cutting extra decimals and refusing junk', () => {
    expect(parseMoney('0.009', 8)).toBe(900_000n);
    expect(parseMoney('1.123456789', 8)).toBe(112_345_678n);
    expect(parseMoney('-0.5', 8)).toBe(-50_000_000n);
    expect(parseMoney('abc', 8)).toBe(0n);
    expect(parseMoney('.', 8)).toBe(0n);
    expect(parseMoney('12', 0)).toBe(12n);
    expect(parseMoney('12.99', 0)).toBe(12n);
    expect(parseMoney(undefined, 8)).toBe(0n);
    expect(formatMoneyText('99.12345678', 8)).toBe('99.12345678');
    expect(formatMoneyText('2', 8)).toBe('2.00');
  });

  it('converts to fiat with bigint maths from the float price, truncated to cents', () => {
    expect(priceAtomic(97_000)).toBe(97_000n * 10n ** 12n);
    expect(priceAtomic(Number.NaN)).toBe(0n);
    expect(fiatAmount(900_000n, 8, 97_000)).toBe('873.00');
    expect(fiatAmount(33_333_333n, 8, 3000)).toBe('999.99');
    expect(fiatAmount(-900_000n, 8, 97_000)).toBe('-873.00');
    expect(fiatAmount(1n, 8, 0)).toBeNull();
    expect(formatFiatBalance(900_000n, btc, 'usd')).toBe('$873.00');
    expect(formatFiatBalance(900_000n, btc, 'eur')).toBe('€803.16');
    expect(formatFiatBalance(100_000_000_000n, btc, 'usd')).toBe('$97,000,000.00');
  });

  it('shows a balance in the fiat view when the currency has a price, else in the currency', () => {
    const currencies = { btc, free: { ...btc, id: 'free', price: 0, priceEur: 0 } };
    expect(balanceText(900_000n, 'btc', 8, { fiatView: false, fiatCurrency: 'usd', currencies })).toBe(
      '0.009',
    );
    expect(balanceText(900_000n, 'btc', 8, { fiatView: true, fiatCurrency: 'usd', currencies })).toBe(
      '$873.00',
    );
    expect(balanceText(900_000n, 'btc', 8, { fiatView: true, fiatCurrency: 'eur', currencies })).toBe(
      '€803.16',
    );
    expect(balanceText(900_000n, 'free', 8, { fiatView: true, fiatCurrency: 'usd', currencies })).toBe(
      '0.009',
    );
    expect(balanceText(900_000n, 'gone', 8, { fiatView: true, fiatCurrency: 'usd', currencies })).toBe(
      '0.009',
    );
  });
});
