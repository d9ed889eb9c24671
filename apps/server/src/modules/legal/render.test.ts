import { describe, expect, it } from 'vitest';
import { legalDocumentsSetting, legalJurisdictionSetting, legalOperatorSetting } from './settings.js';
import { countryList, LegalRenderer, placeholderValues, type LegalFacts } from './render.js';

const facts = (): LegalFacts => ({
  siteName: 'Nebula',
  operator: legalOperatorSetting.schema.parse({}),
  jurisdiction: legalJurisdictionSetting.schema.parse({}),
});

describe('legal texts rendering', () => {
  it('names the countries in the reader’s language, sorted, as one list', () => {
    expect(countryList(['US', 'DE', 'FR'], 'en')).toBe('France, Germany, and United States');
    expect(countryList(['US', 'DE', 'FR'], 'de')).toBe('Deutschland, Frankreich und Vereinigte Staaten');
    expect(countryList(['GB'], 'en')).toBe('United Kingdom');
  });

  it('fills every placeholder, the operator falling back to the site name', () => {
    const values = placeholderValues(facts(), 'en');
    expect(values.operator).toBe('Nebula');
    expect(values.contact).toBe('our support team through the live support on the Website');
    expect(values.privacyContact).toBe(values.contact);
    expect(values.withdrawalCancel).toContain('you may cancel it');
    const strict = { ...facts(), jurisdiction: { ...facts().jurisdiction, reverseWithdrawals: false } };
    expect(placeholderValues(strict, 'en').withdrawalCancel).toContain('cannot be cancelled or reversed');
    expect(placeholderValues(strict, 'xx').withdrawalCancel).toContain('cannot be cancelled or reversed');
  });

  it('renders once per settings load and language', () => {
    const renderer = new LegalRenderer();
    const documents = legalDocumentsSetting.defaultValue;
    const f = facts();
    const first = renderer.render(documents, f, 'en');
    expect(renderer.render(documents, f, 'en')).toBe(first);
    expect(renderer.render(documents, f, 'de')).not.toBe(first);
    // A reload of the settings gives new objects: rendered again, with the new values.
    const renamed = renderer.render(documents, { ...f, siteName: 'Orbit' }, 'en');
    expect(renamed).not.toBe(first);
    expect(renamed.faq.sections[0]?.title).toBe('Who can play on Orbit?');
    const reloaded = renderer.render(documents, { ...f, operator: { ...f.operator } }, 'en');
    expect(reloaded).not.toBe(renamed);
    expect(reloaded).toEqual(first);
  });
});
