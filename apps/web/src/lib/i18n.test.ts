// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sharedDe as de } from '../locales/de';
import { sharedEn } from '../locales/en';
import { sharedLaterEn } from '../locales/en-later';
import {
  addLocaleLoader,
  addTranslations,
  i18n,
  isLocaleLoaded,
  loadLocale,
  SUPPORTED_LOCALES,
  whenI18nReady,
} from './i18n';
import { useAppStore } from './store';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

const firstFlat = flatten(sharedEn as Tree);
const laterFlat = flatten(sharedLaterEn as Tree);
const enFlat = { ...firstFlat, ...laterFlat };
const deFlat = flatten(de as Tree);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('locales', () => {
  it('the first-visit and the later shared English texts do not define a key twice', () => {
    expect(Object.keys(firstFlat).filter((key) => key in laterFlat)).toEqual([]);
  });

  it('en and de have identical key sets', () => {
    expect(Object.keys(deFlat).sort()).toEqual(Object.keys(enFlat).sort());
  });

  it('no translation is empty and German keeps every interpolation', () => {
    for (const [key, value] of Object.entries(enFlat)) {
      expect(value.trim(), key).not.toBe('');
      expect(deFlat[key]!.trim(), key).not.toBe('');
      expect(placeholders(deFlat[key]!), key).toEqual(placeholders(value));
    }
  });

  it('holds the spec texts the shell needs', () => {
    expect(enFlat['errors.generic']).toBe('An error has occurred.');
    expect(enFlat['errors.noData']).toBe('No data available.');
    expect(enFlat['connection.eventsServer']).toBe('Attempting to connect to the events server...');
    expect(enFlat['connection.connecting']).toBe('Connecting to the server...');
    expect(enFlat['connection.restored']).toBe('Connection restored');
    expect(enFlat['email.sendVerification']).toBe('Send verification email');
    expect(enFlat['email.change']).toBe('Change email');
    expect(enFlat['breadcrumbs.home']).toBe('Home');
    expect(enFlat['header.funPlay']).toBe('Fun Play');
  });
});

describe('i18n', () => {
  it('is ready synchronously in English and follows the store locale, setting <html lang>', async () => {
    expect(SUPPORTED_LOCALES.map((l) => l.id)).toEqual(['en', 'de']);
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('en');
    expect(i18n.t('header.signIn')).toBe('Sign in');
    useAppStore.getState().setLocale('de');
    await whenI18nReady();
    expect(isLocaleLoaded('de')).toBe(true);
    expect(i18n.language).toBe('de');
    expect(i18n.t('header.signIn')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de');
    useAppStore.getState().setLocale('xx'); // unknown falls back to English
    await whenI18nReady();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('runs registered loaders once, before switching', async () => {
    let calls = 0;
    addLocaleLoader('de', async () => {
      calls++;
      return { app: { lazy: 'Nachgeladen' } };
    });
    expect(isLocaleLoaded('de')).toBe(false);
    await Promise.all([loadLocale('de'), loadLocale('de')]);
    await loadLocale('de');
    expect(calls).toBe(1);
    expect(i18n.t('app.lazy', { lng: 'de' })).toBe('Nachgeladen');
    expect(i18n.t('header.signIn', { lng: 'de' })).toBe('Anmelden');
  });

  it('handles plurals in both languages', async () => {
    await loadLocale('de');
    expect(i18n.t('chat.totalUsers', { count: 1, lng: 'en' })).toBe('Total: 1 user');
    expect(i18n.t('chat.totalUsers', { count: 3, lng: 'en' })).toBe('Total: 3 users');
    expect(i18n.t('auth.twoFactorMissing', { count: 2, lng: 'de' })).toBe('2 Ziffern fehlen');
  });
});

describe('addTranslations', () => {
  it('deep-merges extra texts without dropping the bundled ones', () => {
    addTranslations('en', { app: { extra: { hello: 'Hello {{name}}' } } });
    addTranslations('de', { app: { extra: { hello: 'Hallo {{name}}' } } });
    expect(i18n.t('app.extra.hello', { name: 'Ada', lng: 'en' })).toBe('Hello Ada');
    expect(i18n.t('app.extra.hello', { name: 'Ada', lng: 'de' })).toBe('Hallo Ada');
    expect(i18n.t('header.signUp', { lng: 'en' })).toBe('Sign up');
  });
});
