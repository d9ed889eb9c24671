import { describe, expect, it } from 'vitest';
import { formatLegalDate, isInOtherLanguage } from './legal-format';
import { legalTargetOf, legalTargetOfClick } from './legal-model';

const ORIGIN = 'https://casino.example';
const click = (over: Partial<MouseEvent> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...over,
});
const anchor = (href: string, attrs: { target?: string; download?: boolean } = {}) => ({
  href: new URL(href, ORIGIN).href,
  target: attrs.target ?? '',
  hasAttribute: (name: string) => name === 'download' && !!attrs.download,
});

describe('legal routes', () => {
  it('maps /terms to the agreement and /privacyPolicy to the privacy policy, with a section', () => {
    expect(legalTargetOf('/terms')).toEqual({ doc: 'terms' });
    expect(legalTargetOf('/terms/')).toEqual({ doc: 'terms' });
    expect(legalTargetOf('/privacyPolicy')).toEqual({ doc: 'privacy' });
    expect(legalTargetOf('/terms', '#responsible-gambling')).toEqual({
      doc: 'terms',
      section: 'responsible-gambling',
    });
    // A hash that is not a section id is ignored.
    expect(legalTargetOf('/terms', '#<script>')).toEqual({ doc: 'terms' });
    expect(legalTargetOf('/terms', '#')).toEqual({ doc: 'terms' });
    expect(legalTargetOf('/fairness')).toBeNull();
    expect(legalTargetOf('/privacypolicy')).toBeNull();
    expect(legalTargetOf('/')).toBeNull();
  });

  it('opens the dialog for a plain click on a same-origin legal link only', () => {
    expect(legalTargetOfClick(click(), anchor('/terms'), ORIGIN)).toEqual({ doc: 'terms' });
    expect(legalTargetOfClick(click(), anchor('/terms#aml'), ORIGIN)).toEqual({
      doc: 'terms',
      section: 'aml',
    });
    expect(legalTargetOfClick(click(), anchor('/privacyPolicy?x=1'), ORIGIN)).toEqual({ doc: 'privacy' });
    // New tab or window, other buttons, already handled, other targets, downloads, other sites: no.
    for (const over of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ])
      expect(legalTargetOfClick(click(over), anchor('/terms'), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click({ defaultPrevented: true }), anchor('/terms'), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click(), anchor('/terms', { target: '_blank' }), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click(), anchor('/terms', { target: '_self' }), ORIGIN)).toEqual({
      doc: 'terms',
    });
    expect(legalTargetOfClick(click(), anchor('/terms', { download: true }), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click(), anchor('https://other.example/terms'), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click(), anchor('/vip'), ORIGIN)).toBeNull();
    expect(legalTargetOfClick(click(), null, ORIGIN)).toBeNull();
  });
});

describe('legal document display', () => {
  it('writes the version date in the reader’s language', () => {
    expect(formatLegalDate('2026-11-27', 'en')).toBe('November 27, 2026');
    expect(formatLegalDate('2026-11-27', 'de')).toBe('27. November 2026');
    expect(formatLegalDate('soon', 'en')).toBe('soon');
  });

  it('tells when a document is not in the reader’s language', () => {
    expect(isInOtherLanguage('en', 'en')).toBe(false);
    expect(isInOtherLanguage('en', 'en-GB')).toBe(false);
    expect(isInOtherLanguage('en', 'de')).toBe(true);
    expect(isInOtherLanguage('de', 'de')).toBe(false);
  });
});
