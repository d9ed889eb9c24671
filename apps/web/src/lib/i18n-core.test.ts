import { describe, expect, it, vi } from 'vitest';
import { I18n } from './i18n-core';

function engine(onMissingKey?: (key: string) => void): I18n {
  const i18n = new I18n({ lng: 'en', fallbackLng: 'en', onMissingKey });
  i18n.addResources('en', {
    greet: 'Hello {{name}}, {{ name }}!',
    nested: { deep: { text: 'Deep' } },
    apples_one: '{{count}} apple',
    apples_other: '{{count}} apples',
    rain_zero: 'Nobody',
    rain_one: 'One player',
    rain_other: '{{count}} players',
    rules: { items: ['first', 'second'] },
    onlyEnglish: 'English only',
  });
  i18n.addResources('de', {
    greet: 'Hallo {{name}}!',
    apples_one: '{{count}} Apfel',
    apples_other: '{{count}} Äpfel',
  });
  return i18n;
}

describe('I18n', () => {
  it('looks dotted keys up and fills every placeholder (a missing value reads as empty)', () => {
    const i18n = engine();
    expect(i18n.t('nested.deep.text')).toBe('Deep');
    expect(i18n.t('greet', { name: 'Ada' })).toBe('Hello Ada, Ada!');
    expect(i18n.t('greet')).toBe('Hello {{name}}, {{ name }}!');
    expect(i18n.t('greet', {})).toBe('Hello , !');
  });

  it('picks the plural form of the language, and the zero form for 0 when there is one', () => {
    const i18n = engine();
    expect(i18n.t('apples', { count: 1 })).toBe('1 apple');
    expect(i18n.t('apples', { count: 0 })).toBe('0 apples');
    expect(i18n.t('apples', { count: 5 })).toBe('5 apples');
    expect(i18n.t('rain', { count: 0 })).toBe('Nobody');
    expect(i18n.t('rain', { count: 1 })).toBe('One player');
    expect(i18n.t('rain', { count: 2 })).toBe('2 players');
    expect(i18n.t('apples', { count: 2, lng: 'de' })).toBe('2 Äpfel');
  });

  it('falls back to English, then to the default value, then to the key, and reports the key', () => {
    const missing = vi.fn();
    const i18n = engine(missing);
    const de = i18n.getFixedT('de');
    expect(de('greet', { name: 'Ada' })).toBe('Hallo Ada!');
    expect(de('onlyEnglish')).toBe('English only');
    expect(missing).not.toHaveBeenCalled();
    expect(de('nope.key', { defaultValue: '' })).toBe('');
    expect(de('nope.key')).toBe('nope.key');
    expect(missing).toHaveBeenCalledWith('nope.key');
    // A subtree is no text.
    expect(i18n.t('nested.deep')).toBe('nested.deep');
  });

  it('returns a subtree or a list only when asked to', () => {
    const i18n = engine();
    expect(i18n.t('rules.items', { returnObjects: true }) as unknown).toEqual(['first', 'second']);
    expect(i18n.t('rules.items')).toBe('rules.items');
  });

  it('merges texts deeply without writing into the objects it was given', () => {
    const i18n = engine();
    const extra = { nested: { deep: { more: 'More' } } };
    i18n.addResources('en', extra);
    i18n.addResources('en', { nested: { deep: { more: 'Changed' } } });
    expect(i18n.t('nested.deep.text')).toBe('Deep');
    expect(i18n.t('nested.deep.more')).toBe('Changed');
    expect(extra.nested.deep.more).toBe('More');
  });

  it('changes language, tells its listeners once per change, and keeps one function per language', async () => {
    const i18n = engine();
    const heard: string[] = [];
    const off = i18n.on('languageChanged', (language) => heard.push(language));
    expect(i18n.getFixedT('de')).toBe(i18n.getFixedT('de'));
    await i18n.changeLanguage('de');
    await i18n.changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('greet', { name: 'Ada' })).toBe('Hallo Ada!');
    off();
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['de']);
  });
});
