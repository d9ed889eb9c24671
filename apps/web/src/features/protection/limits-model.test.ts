import { describe, expect, it } from 'vitest';
import type { PendingChange } from '@nebula/contracts';
import {
  blockEnd,
  changeEffect,
  formatLimitAmount,
  limitDecimals,
  parseLimitInput,
  pendingOfLimit,
  sortLimits,
  splitSpan,
  usagePermille,
  timeEffect,
  usageTone,
} from './limits-model';

const known = { btc: { decimals: 8 }, usdt: { decimals: 8 } };

describe('limit amounts', () => {
  it('uses cents for USD and the currency decimals otherwise', () => {
    expect(limitDecimals('usd', known)).toBe(2);
    expect(limitDecimals('btc', known)).toBe(8);
  });

  it('formats USD with its symbol and a currency with its code', () => {
    expect(formatLimitAmount('1234.5', 'usd', known)).toBe('$1,234.50');
    expect(formatLimitAmount('0.015', 'btc', known)).toBe('0.015 BTC');
    expect(formatLimitAmount('50', 'usdt', known)).toBe('50.00 USDT');
  });
});

describe('usage', () => {
  it('is exact in thousandths and capped', () => {
    expect(usagePermille({ used: '0', amount: '50' }, 2)).toBe(0);
    expect(usagePermille({ used: '12.5', amount: '50' }, 2)).toBe(250);
    expect(usagePermille({ used: '0.00000001', amount: '1' }, 8)).toBe(0);
    expect(usagePermille({ used: '60', amount: '50' }, 2)).toBe(1000);
  });

  it('turns amber at 75 % and red when used up', () => {
    expect(usageTone(749)).toBe('ok');
    expect(usageTone(750)).toBe('warn');
    expect(usageTone(1000)).toBe('full');
  });
});

describe('the amount a player types', () => {
  it('accepts what the canonical parser accepts, a comma as the decimal point', () => {
    expect(parseLimitInput(' 25 ', 2)).toEqual({ ok: true, amount: '25' });
    expect(parseLimitInput('0,5', 8)).toEqual({ ok: true, amount: '0.5' });
  });

  it('refuses empty, malformed, zero, too precise and absurdly large amounts', () => {
    expect(parseLimitInput('', 2)).toEqual({ ok: false, error: 'empty' });
    expect(parseLimitInput('1e3', 2)).toEqual({ ok: false, error: 'format' });
    expect(parseLimitInput('-5', 2)).toEqual({ ok: false, error: 'format' });
    expect(parseLimitInput('0.00', 2)).toEqual({ ok: false, error: 'zero' });
    expect(parseLimitInput('1.001', 2)).toEqual({ ok: false, error: 'decimals' });
    expect(parseLimitInput('1000000000', 2)).toMatchObject({ ok: true });
    expect(parseLimitInput('1000000000.01', 2)).toEqual({ ok: false, error: 'large' });
  });
});

describe('what a change does', () => {
  const current = { amount: '100', currency: 'usd' };
  it('applies a new limit or a decrease at once, delays an increase or another currency', () => {
    expect(changeEffect(undefined, { amount: '5', currency: 'usd' }, 2)).toBe('now');
    expect(changeEffect(current, { amount: '50', currency: 'usd' }, 2)).toBe('now');
    expect(changeEffect(current, { amount: '100.00', currency: 'usd' }, 2)).toBe('same');
    expect(changeEffect(current, { amount: '150', currency: 'usd' }, 2)).toBe('delayed');
    expect(changeEffect(current, { amount: '1', currency: 'btc' }, 8)).toBe('delayed');
  });
});

describe('what a time setting change does', () => {
  it('applies a first or shorter one at once, delays a longer one or none', () => {
    expect(timeEffect(null, 60)).toBe('now');
    expect(timeEffect(60, 30)).toBe('now');
    expect(timeEffect(60, 60)).toBe('same');
    expect(timeEffect(null, null)).toBe('same');
    expect(timeEffect(60, 120)).toBe('delayed');
    expect(timeEffect(60, null)).toBe('delayed');
  });
});

describe('the end of a break', () => {
  const now = Date.parse('2026-01-31T12:00:00.000Z');
  it('adds hours, weeks, calendar months and years; indefinite has none', () => {
    expect(blockEnd('24h', now)).toBe(now + 86_400_000);
    expect(blockEnd('6w', now)).toBe(now + 42 * 86_400_000);
    expect(new Date(blockEnd('6m', now)!).toISOString()).toBe('2026-07-31T12:00:00.000Z');
    expect(new Date(blockEnd('5y', now)!).toISOString()).toBe('2031-01-31T12:00:00.000Z');
    expect(blockEnd('indefinite', now)).toBeNull();
  });
});

describe('helpers', () => {
  it('finds the pending change of one limit', () => {
    const base = { id: '1', requestedAt: '', appliesAt: '', confirmable: false };
    const pending: PendingChange[] = [
      { ...base, type: 'session_limit', from: 60, to: null },
      { ...base, id: '2', type: 'limit', kind: 'loss', period: 'day', from: null, to: null },
    ];
    expect(pendingOfLimit(pending, 'loss', 'day')?.id).toBe('2');
    expect(pendingOfLimit(pending, 'loss', 'week')).toBeUndefined();
  });

  it('splits a span into days, hours and minutes, rounding up to the minute', () => {
    expect(splitSpan(0, 90_061_000)).toEqual({ days: 1, hours: 1, minutes: 2 });
    expect(splitSpan(10, 0)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('sorts by kind then period', () => {
    const sorted = sortLimits([
      { kind: 'wager', period: 'day' },
      { kind: 'deposit', period: 'month' },
      { kind: 'deposit', period: 'day' },
    ] as const);
    expect(sorted.map((limit) => `${limit.kind}:${limit.period}`)).toEqual([
      'deposit:day',
      'deposit:month',
      'wager:day',
    ]);
  });
});
