import { describe, expect, it } from 'vitest';
import { currencyInfo, currencyKind, decimalsFor, displayDecimals, isFiatLike } from './currency.js';

describe('currency decimals rule', () => {
  it('gives crypto 8 decimals and fiat-like or local_ currencies 2', () => {
    expect(decimalsFor('btc')).toBe(8);
    expect(decimalsFor('usdt')).toBe(8);
    expect(decimalsFor('usd')).toBe(2);
    expect(decimalsFor('EUR')).toBe(2);
    expect(decimalsFor('local_ars')).toBe(2);
    expect(currencyInfo('eth')).toEqual({ id: 'eth', decimals: 8 });
    expect(currencyKind('local_x')).toBe('fiat');
    expect(isFiatLike('sol')).toBe(false);
  });

  it('displays fiat with 2, crypto with up to 8 and the satoshi unit with 0', () => {
    expect(displayDecimals(currencyInfo('usd'))).toBe(2);
    expect(displayDecimals(currencyInfo('usd'), 'satoshi')).toBe(2);
    expect(displayDecimals(currencyInfo('btc'))).toBe(8);
    expect(displayDecimals(currencyInfo('btc'), 'satoshi')).toBe(0);
    expect(displayDecimals({ id: 'eth18', decimals: 18 })).toBe(8);
  });
});
