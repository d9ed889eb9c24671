import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatUsd, relativeTime } from './format';
import { groupSecret, svgToDataUrl } from './settings-security';
import { avatarAngle } from './profile-card';

describe('formatUsd (wagered)', () => {
  it('shows dollars with exactly 2 decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$5.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(0.004)).toBe('$0.00');
  });

  it('never prints NaN, Infinity or -$0.00', () => {
    expect(formatUsd(Number.NaN)).toBe('$0.00');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });

  it('follows the locale separators', () => {
    expect(formatUsd(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
  });
});

describe('other formats', () => {
  it('groups counts', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('formats the join date and tolerates bad input', () => {
    expect(formatDate('2025-03-12T10:00:00.000Z')).toBe('Mar 12, 2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('says how long ago a session was seen', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(relativeTime('2025-06-01T11:59:30Z', now)).toBeNull();
    expect(relativeTime('2025-06-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2025-06-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2025-05-31T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2025-06-01T12:05:00Z', now)).toBeNull();
    expect(relativeTime('garbage', now)).toBeNull();
  });
});

describe('2FA helpers', () => {
  it('turns the server SVG into an image data URL and refuses anything else', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';
    const url = svgToDataUrl(svg);
    expect(url?.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url!.split(',')[1]!)).toBe(svg);
    expect(svgToDataUrl(`<?xml version="1.0" encoding="utf-8"?>${svg}`)).not.toBeNull();
    expect(svgToDataUrl('<script>alert(1)</script>')).toBeNull();
    expect(svgToDataUrl('')).toBeNull();
  });

  it('groups the secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });

  it('gives each name a stable avatar angle', () => {
    expect(avatarAngle('player')).toBe(avatarAngle('player'));
    expect(avatarAngle('player')).toBeGreaterThanOrEqual(0);
    expect(avatarAngle('player')).toBeLessThan(360);
  });
});
